/** @jest-environment node */
/**
 * lib/security/action-body.ts: the server-action bodies proxy.ts answers 400 before Next decodes
 * them (Next would answer them 500). Found by `npm run fuzz`: a file part with `name=""` reached
 * React's decoder as an undefined field name and made the action answer 500.
 */
import { multipartActionBodyIsSound, textActionBodyIsSound } from '../../lib/security/action-body';

const B = 'testBoundary';
const TYPE = `multipart/form-data; boundary=${B}`;

function form(parts: Array<{ disposition: string; body: string; type?: string }>, end = true): Uint8Array {
  const text = parts.map((p) => `--${B}\r\nContent-Disposition: ${p.disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n${p.body}\r\n`).join('') + (end ? `--${B}--\r\n` : '');
  return new Uint8Array(Buffer.from(text, 'utf8'));
}

const root = { disposition: 'form-data; name="0"', body: '["$K1"]' };
const file = (disposition: string) => ({ disposition, body: 'PK\u0003\u0004…', type: 'application/octet-stream' });

test('a form React writes (root field and a named file) is sound', async () => {
  await expect(multipartActionBodyIsSound(TYPE, form([root, file('form-data; name="1_logo"; filename="logo.png"')]), 1_000_000)).resolves.toBe(true);
});

test('a part with an empty name or none at all is refused', async () => {
  for (const disposition of ['form-data; name=""; filename="macros.xlsx"', 'form-data; filename="macros.xlsx"']) {
    await expect(multipartActionBodyIsSound(TYPE, form([root, file(disposition)]), 1_000_000)).resolves.toBe(false);
  }
  await expect(multipartActionBodyIsSound(TYPE, form([root, { disposition: 'form-data; name=""', body: 'x' }]), 1_000_000)).resolves.toBe(false);
});

test('no root field, a root that is not JSON, a form that never ends, no boundary: refused', async () => {
  await expect(multipartActionBodyIsSound(TYPE, form([file('form-data; name="1_logo"; filename="a.png"')]), 1_000_000)).resolves.toBe(false);
  await expect(multipartActionBodyIsSound(TYPE, form([{ disposition: 'form-data; name="0"', body: '{' }]), 1_000_000)).resolves.toBe(false);
  await expect(multipartActionBodyIsSound(TYPE, form([root], false), 1_000_000)).resolves.toBe(false);
  await expect(multipartActionBodyIsSound('multipart/form-data', form([root]), 1_000_000)).resolves.toBe(false);
});

test('a text body is React reply JSON or nothing', () => {
  expect(textActionBodyIsSound('["a",1]')).toBe(true);
  expect(textActionBodyIsSound('["a",')).toBe(false);
});
