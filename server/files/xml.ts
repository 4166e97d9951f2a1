import 'server-only';
import { fileError } from './limits';

/**
 * A streaming scanner for the XML parts of an XLSX: fed text in chunks, it reports open tags,
 * close tags and raw text runs. It is flat (no stack: a file nested a million levels deep costs
 * nothing more than a flat one), refuses any DOCTYPE (so no entity is ever defined, let alone
 * expanded), and bounds the length of a tag. Entities in text are decoded by the caller with
 * `decodeXmlText`, once a value is complete (only the five predefined ones and character references
 * exist without a DOCTYPE).
 */
export interface XmlHandlers {
  open(name: string, attributes: string, selfClosing: boolean): void;
  close(name: string): void;
  /** Raw text (entities still encoded); CDATA arrives escaped. */
  text(raw: string): void;
}

const MAX_TAG_CHARS = 1024 * 1024;

function localName(qualified: string): string {
  const colon = qualified.indexOf(':');
  return colon >= 0 ? qualified.slice(colon + 1) : qualified;
}

function escapeRaw(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

export class XmlScanner {
  private buffer = '';
  constructor(private readonly handlers: XmlHandlers) {}

  write(chunk: string): void {
    this.buffer += chunk;
    this.scan(false);
  }

  end(): void {
    this.scan(true);
    if (this.buffer.trim()) throw fileError('xmlMalformed');
  }

  private scan(final: boolean): void {
    const buf = this.buffer;
    let pos = 0;
    while (pos < buf.length) {
      const lt = buf.indexOf('<', pos);
      if (lt < 0) {
        this.handlers.text(buf.slice(pos));
        pos = buf.length;
        break;
      }
      if (lt > pos) this.handlers.text(buf.slice(pos, lt));
      pos = lt;
      let end: number;
      if (buf.startsWith('<!--', pos)) {
        end = buf.indexOf('-->', pos + 4);
        if (end < 0) break;
        pos = end + 3;
        continue;
      }
      if (buf.startsWith('<![CDATA[', pos)) {
        end = buf.indexOf(']]>', pos + 9);
        if (end < 0) break;
        this.handlers.text(escapeRaw(buf.slice(pos + 9, end)));
        pos = end + 3;
        continue;
      }
      if (buf.startsWith('<!', pos)) {
        if (/^<!doctype/i.test(buf.slice(pos, pos + 9)) || buf.startsWith('<!ENTITY', pos)) throw fileError('xmlDoctype');
        if (buf.length - pos < 9) break;
        throw fileError('xmlMalformed');
      }
      if (buf.startsWith('<?', pos)) {
        end = buf.indexOf('?>', pos + 2);
        if (end < 0) break;
        pos = end + 2;
        continue;
      }
      end = buf.indexOf('>', pos + 1);
      if (end < 0) break;
      const inner = buf.slice(pos + 1, end);
      pos = end + 1;
      if (inner.startsWith('/')) {
        this.handlers.close(localName(inner.slice(1).trim()));
        continue;
      }
      const selfClosing = inner.endsWith('/');
      const body = selfClosing ? inner.slice(0, -1) : inner;
      const space = body.search(/\s/);
      const name = space < 0 ? body : body.slice(0, space);
      if (!name) throw fileError('xmlMalformed');
      this.handlers.open(localName(name), space < 0 ? '' : body.slice(space + 1), selfClosing);
      if (selfClosing) this.handlers.close(localName(name));
    }
    this.buffer = buf.slice(pos);
    if (this.buffer.length > MAX_TAG_CHARS) throw fileError('xmlMalformed');
    if (final && this.buffer.startsWith('<')) throw fileError('xmlMalformed');
  }
}

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Text with the predefined entities and character references decoded (others kept as written). */
export function decodeXmlText(raw: string): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]+);/g, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED[ref] ?? whole;
  });
}

/** The value of attribute `name` (local name) in a tag's attribute text, decoded; null when absent. */
export function attribute(attributes: string, name: string): string | null {
  const re = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
  for (let m = re.exec(attributes); m; m = re.exec(attributes)) {
    if (localName(m[1]!) === name) return decodeXmlText(m[2] ?? m[3] ?? '');
  }
  return null;
}

/** Scans a whole (small) XML text. */
export function scanXml(text: string, handlers: XmlHandlers): void {
  const scanner = new XmlScanner(handlers);
  scanner.write(text);
  scanner.end();
}
