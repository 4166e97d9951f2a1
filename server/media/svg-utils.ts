/**
 * Small, dependency-free helpers shared by the generated-art modules:
 * hashing, seeded randomness, colour maths, XML escaping, number formatting,
 * text measurement/wrapping and SVG element shorthands.
 *
 * Everything here is pure and deterministic.
 */
import 'server-only';

export const FONT_STACK = "Inter, 'Segoe UI', Arial, sans-serif";

/* ------------------------------------------------------------------ */
/* Hashing & randomness                                                */
/* ------------------------------------------------------------------ */

/**
 * 32-bit FNV-1a over UTF-16 code units followed by a murmur3 finaliser, so that
 * short, similar strings ("Tubo 16", "Tubo 20") still land far apart.
 * Returns an unsigned 32-bit integer.
 */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Deterministically pick an element of a non-empty list. */
export function pickFrom<T>(list: readonly [T, ...T[]], r: number): T {
  const i = Math.min(list.length - 1, Math.max(0, Math.floor(r * list.length)));
  return list[i] ?? list[0];
}

/* ------------------------------------------------------------------ */
/* Text                                                                */
/* ------------------------------------------------------------------ */

// Characters that are not allowed in XML 1.0 documents (C0 controls except
// tab/newline/carriage return, lone surrogates and the U+FFFE/U+FFFF nonchars).
const INVALID_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Escape text for use in XML text nodes and attribute values. */
export function escapeXml(s: string): string {
  return s.replace(INVALID_XML, '').replace(/[&<>"']/g, (c) => XML_ENTITIES[c] ?? c);
}

/** Lower-case, strip diacritics and punctuation (keeps letters/digits/spaces). */
export function normalizeText(s: string): string {
  return ` ${s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;
}

/** Collapse whitespace and trim. */
export function cleanText(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/**
 * Rough advance-width estimate of a string in ems for a bold sans-serif face
 * (Inter / Segoe UI / Arial metrics are all close to these buckets).
 */
export function textWidthEm(s: string, bold = true): number {
  let w = 0;
  for (const ch of s) {
    if (ch === ' ') w += 0.28;
    else if (/[iljI.,:;'!|]/.test(ch)) w += 0.3;
    else if (/[ftr()\-]/.test(ch)) w += 0.38;
    else if (/[mwMW]/.test(ch)) w += 0.9;
    else if (/[A-Z]/.test(ch)) w += 0.7;
    else if (/[0-9]/.test(ch)) w += 0.58;
    else w += 0.58;
  }
  return bold ? w * 1.05 : w;
}

/**
 * Greedy word wrap by character count. Words longer than `maxChars` are hard
 * split. When more than `maxLines` lines would be produced, the last line is
 * truncated with an ellipsis.
 */
export function wrapWords(text: string, maxChars: number, maxLines: number): string[] {
  const words: string[] = [];
  for (const w of cleanText(text).split(' ')) {
    if (!w) continue;
    const chars = Array.from(w);
    for (let i = 0; i < chars.length; i += maxChars)
      words.push(chars.slice(i, i + maxChars).join(''));
  }
  const lines: string[] = [];
  let cur = '';
  for (const w of words) {
    if (!cur) cur = w;
    else if (Array.from(cur).length + 1 + Array.from(w).length <= maxChars) cur += ` ${w}`;
    else {
      lines.push(cur);
      cur = w;
    }
  }
  if (cur) lines.push(cur);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = Array.from(kept[maxLines - 1] ?? '');
  const trimmed = last.length >= maxChars ? last.slice(0, maxChars - 1) : last;
  kept[maxLines - 1] = `${trimmed.join('').replace(/[\s,.;:-]+$/, '')}…`;
  return kept;
}

/* ------------------------------------------------------------------ */
/* Colour                                                              */
/* ------------------------------------------------------------------ */

type Rgb = [number, number, number];

const HEX_RE = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Validate a hex colour and return it as `#rrggbb` (lower case), or the fallback. */
export function normHex(input: string | undefined, fallback: string): string {
  const m = HEX_RE.exec((input ?? '').trim());
  if (!m || !m[1]) return fallback;
  let h = m[1].toLowerCase();
  if (h.length === 3) h = h.replace(/./g, (c) => c + c);
  return `#${h}`;
}

function toRgb(hex: string): Rgb {
  const h = normHex(hex, '#808080').slice(1);
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

function toHex([r, g, b]: Rgb): string {
  const c = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

/** Linear mix of two colours; t = 0 ⇒ a, t = 1 ⇒ b. */
export function mix(a: string, b: string, t: number): string {
  const x = toRgb(a);
  const y = toRgb(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

export const lighten = (c: string, t: number): string => mix(c, '#ffffff', t);
export const darken = (c: string, t: number): string => mix(c, '#000000', t);

/** WCAG relative luminance in [0, 1]. */
export function luminance(c: string): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = toRgb(c);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** A three-tone swatch used by the flat illustrations. */
export interface Tone {
  /** base */ b: string;
  /** light / highlight */ l: string;
  /** dark / shade */ d: string;
}

export function toneOf(base: string): Tone {
  return { b: base, l: lighten(base, 0.3), d: darken(base, 0.22) };
}

/* ------------------------------------------------------------------ */
/* SVG shorthands                                                      */
/* ------------------------------------------------------------------ */

/** Format a number compactly (1 decimal max). */
export function n(x: number): string {
  const r = Math.round(x * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
}

export function rect(
  x: number,
  y: number,
  w: number,
  h: number,
  rx: number,
  fill: string,
  extra = '',
): string {
  const r = Math.max(0, Math.min(rx, w / 2, h / 2));
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}"${r ? ` rx="${n(r)}"` : ''} fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
}

export function circle(cx: number, cy: number, r: number, fill: string, extra = ''): string {
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
}

export function ellipse(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  fill: string,
  extra = '',
): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
}

export function path(d: string, fill: string, extra = ''): string {
  return `<path d="${d}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
}

/** A stroked, unfilled path with round caps/joins. */
export function stroke(d: string, color: string, width: number, extra = ''): string {
  const cap = extra.includes('stroke-linecap') ? '' : ' stroke-linecap="round"';
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="${n(width)}"${cap} stroke-linejoin="round"${extra ? ` ${extra}` : ''}/>`;
}

/** Wrap a body into a complete standalone SVG document. */
export function svgDoc(width: number, height: number, body: string, label?: string): string {
  const l = label ? escapeXml(cleanText(label)) : '';
  const a11y = l ? ` role="img" aria-label="${l}"` : ' aria-hidden="true"';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"${a11y}>${l ? `<title>${l}</title>` : ''}${body}</svg>`;
}
