import { TYPE, parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import format from 'icu-minify/format';
import { IntlMessageFormat } from 'intl-messageformat';
import messages from '@/messages/pt-PT.json';
import { compiledMessages } from '@/lib/i18n/compiled-messages';

type Tree = { [key: string]: Tree | string };

function leaves(node: Tree | string, path = ''): [string, string][] {
  if (typeof node === 'string') return [[path, node]];
  return Object.entries(node).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));
}

function at(tree: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown>)[k], tree);
}

/** Sample values for every argument of a message: text, numbers (plural forms one and other), tags. */
function sampleValues(elements: MessageFormatElement[], count: number, values: Record<string, unknown> = {}) {
  for (const el of elements) {
    if (el.type === TYPE.argument) values[el.value] ??= `«${el.value}»`;
    else if (el.type === TYPE.number || el.type === TYPE.plural) values[el.value] = count;
    else if (el.type === TYPE.date || el.type === TYPE.time) values[el.value] = new Date(Date.UTC(2026, 10, 21, 10, 30));
    else if (el.type === TYPE.select) values[el.value] ??= 'other';
    else if (el.type === TYPE.tag) {
      values[el.value] = (chunks: string[]) => `<${el.value}>${chunks.join('')}</${el.value}>`;
      sampleValues(el.children, count, values);
    }
    if (el.type === TYPE.plural || el.type === TYPE.select)
      for (const option of Object.values(el.options)) sampleValues(option.value, count, values);
  }
  return values;
}

const formatters = {
  getDateTimeFormat: (...a: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...a),
  getNumberFormat: (...a: ConstructorParameters<typeof Intl.NumberFormat>) => new Intl.NumberFormat(...a),
  getPluralRules: (...a: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...a),
};

const flat = (out: unknown) => (Array.isArray(out) ? out.join('') : String(out));

describe('messages compiled ahead of use (lib/i18n/compiled-messages)', () => {
  const all = leaves(messages as Tree);

  it('say what the ICU texts say, for every text and sample values', () => {
    let compared = 0;
    for (const [key, text] of all) {
      let ast: MessageFormatElement[];
      try {
        ast = parse(text);
      } catch {
        // Not ICU (read as written by server code only): kept as it is.
        expect(at(compiledMessages, key)).toBe(text);
        continue;
      }
      for (const count of [1, 3]) {
        const values = sampleValues(ast, count);
        const expected = flat(new IntlMessageFormat(text, 'pt-PT', undefined, { ignoreTag: false }).format(values as never));
        const actual = flat(format(at(compiledMessages, key) as never, 'pt-PT', values as never, { formatters, timeZone: 'Europe/Lisbon' }));
        expect(`${key}: ${actual}`).toBe(`${key}: ${expected}`);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });
});

describe('compiled messages as props of NextIntlClientProvider', () => {
  it('are plain JSON (React passes nothing else from server to client components)', () => {
    const plain = (v: unknown): boolean =>
      v === null || ['string', 'number', 'boolean'].includes(typeof v) || (Array.isArray(v) ? v.every(plain) : Object.getPrototypeOf(v) === Object.prototype && Object.values(v as object).every(plain));
    expect(plain(compiledMessages)).toBe(true);
  });
});
