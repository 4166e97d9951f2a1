import { createRequire } from 'node:module';

/**
 * Whether the body of a server action call is one Next can decode (proxy.ts). Next decodes an
 * action's multipart body with busboy and React's reply decoder, and answers any failure of
 * theirs — a missing boundary, a form that never ends, a malformed part header (a NUL in a file
 * name), a part without a name, a root field `0` that is not JSON — with a 500. Those are bad requests: this checks the
 * body with the same parser first, so that they are answered 400 before Next sees them.
 * A fetch action's text body is React's reply as JSON; it is checked the same way.
 */
type Busboy = NodeJS.WritableStream & {
  on(event: 'field', listener: (name: string, value: string) => void): Busboy;
  on(event: 'file', listener: (name: string, stream: NodeJS.ReadableStream) => void): Busboy;
  on(event: 'error' | 'close', listener: (err?: Error) => void): Busboy;
};
type BusboyFactory = (options: { headers: Record<string, string>; defParamCharset?: string; limits?: { fieldSize?: number } }) => Busboy;

let factory: BusboyFactory | null = null;
function busboy(): BusboyFactory {
  // The copy Next itself decodes actions with.
  factory ??= createRequire(import.meta.url)('next/dist/compiled/busboy') as BusboyFactory;
  return factory;
}

/** Fields React writes as JSON rows of its reply: `0` (the arguments), `1`, `2`… (a prefix may precede them). */
const JSON_ROW = /^\d+$/;

export function multipartActionBodyIsSound(contentType: string, body: Uint8Array, maxFieldBytes: number): Promise<boolean> {
  return new Promise((resolve) => {
    let parser: Busboy;
    try {
      parser = busboy()({ headers: { 'content-type': contentType }, defParamCharset: 'utf8', limits: { fieldSize: maxFieldBytes } });
    } catch {
      resolve(false); // no boundary, not multipart
      return;
    }
    let sound = true;
    let root = false;
    parser.on('field', (name, value) => {
      // A part without a name (or `name=""`): busboy hands it on as undefined, React's decoder
      // then fails on it (a 500 from Next).
      if (typeof name !== 'string' || name === '') {
        sound = false;
        return;
      }
      if (!JSON_ROW.test(name)) return;
      if (name === '0') root = true;
      try {
        JSON.parse(value);
      } catch {
        sound = false;
      }
    });
    parser.on('file', (name, stream) => {
      if (typeof name !== 'string' || name === '') sound = false;
      stream.on('error', () => {
        sound = false;
      });
      stream.resume();
    });
    parser.on('error', () => {
      sound = false;
      resolve(false);
    });
    parser.on('close', () => resolve(sound && root));
    parser.end(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
  });
}

export function textActionBodyIsSound(body: string): boolean {
  try {
    JSON.parse(body);
    return true;
  } catch {
    return false;
  }
}
