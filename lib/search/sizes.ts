/**
 * Sizes in search queries: `1/2"`, `1/2 polegada`, `½"`, `1 1/4"`, `DN15`, `16x2`, `16 x 2 mm`,
 * `20x1/2"`, `1/2"x3/4"`, `15 mm`, `200 L`, `0,75 kW`… Each is reduced to one canonical form and
 * to PostgreSQL regular expressions (ARE) that find it in a product's sizes, name or attributes,
 * whatever spacing the data uses. Pure functions.
 *
 * The regexes expect text lowercased with inch marks written as `"` (see `sizeTextSql`).
 */
import { normalizeQuery } from './normalize';

export type SizeKind = 'inch' | 'inch-pair' | 'mm-inch' | 'dims' | 'dn' | 'unit';

export interface SizePattern {
  canonical: string;
  /** Finds the size anywhere in a text (also as a component: `1/2"` in `M10x1/2"`). */
  pattern: string;
  /** Matches a sizes entry that is exactly this size. */
  exact: string;
}

export interface SizeToken extends SizePattern {
  /** The text of the query that denoted the size. */
  raw: string;
  kind: SizeKind;
  /** The same size in another system (`1/2"` ⇄ `DN15`): weaker evidence. */
  equivalents: SizePattern[];
}

interface Inch {
  whole: number;
  num: number;
  den: number;
}

const INCH_DENOMINATORS = new Set([2, 4, 8, 16, 32, 64]);

/** Nominal diameters and their thread sizes. */
export const DN_INCH: readonly [number, string][] = [
  [6, '1/8"'],
  [8, '1/4"'],
  [10, '3/8"'],
  [15, '1/2"'],
  [20, '3/4"'],
  [25, '1"'],
  [32, '1 1/4"'],
  [40, '1 1/2"'],
  [50, '2"'],
  [65, '2 1/2"'],
  [80, '3"'],
  [100, '4"'],
];

const UNIT_ALIASES: Record<string, string> = {
  mm: 'mm',
  cm: 'cm',
  m: 'm',
  mt: 'm',
  mts: 'm',
  metro: 'm',
  metros: 'm',
  l: 'L',
  lt: 'L',
  lts: 'L',
  litro: 'L',
  litros: 'L',
  ml: 'ml',
  kg: 'kg',
  kgs: 'kg',
  quilo: 'kg',
  quilos: 'kg',
  g: 'g',
  gr: 'g',
  w: 'W',
  watt: 'W',
  watts: 'W',
  kw: 'kW',
  v: 'V',
  bar: 'bar',
  mbar: 'mbar',
  btu: 'BTU',
  cv: 'CV',
  'm³': 'm³',
  m3: 'm³',
  'm²': 'm²',
  m2: 'm²',
  'l/h': 'L/h',
  'l/s': 'L/s',
  'l/dia': 'L/dia',
};

/** Regex (ARE) for a unit as written in the data, lowercased. */
const UNIT_REGEX: Record<string, string> = {
  mm: 'mm(?![a-z0-9²³])',
  cm: 'cm(?![a-z0-9²³])',
  m: 'm(?![a-z0-9²³/])',
  L: 'l(?![a-z0-9/])',
  ml: 'ml(?![a-z0-9])',
  kg: 'kg(?![a-z0-9])',
  g: 'g(?![a-z0-9])',
  W: 'w(?![a-z0-9])',
  kW: 'kw(?![a-z0-9])',
  V: 'v(?![a-z0-9])',
  bar: 'bar(?![a-z0-9])',
  mbar: 'mbar(?![a-z0-9])',
  BTU: 'btu(?![a-z0-9])',
  CV: 'cv(?![a-z0-9])',
  'm³': 'm(³|3)(?![0-9])',
  'm²': 'm(²|2)(?![0-9])',
  'L/h': 'l/h(?![a-z0-9])',
  'L/s': 'l/s(?![a-z0-9])',
  'L/dia': 'l/dia(?![a-z0-9])',
};

const UNIT_WORDS = Object.keys(UNIT_ALIASES)
  .sort((a, b) => b.length - a.length)
  .map((u) => u.replace(/[/.]/g, (c) => `\\${c}`))
  .join('|');

/** `1.50` → `1.5`, `.5` → `0.5`, `007` → `7`. */
export function canonicalNumber(text: string): string {
  const n = Number(text);
  if (!Number.isFinite(n)) return text;
  return String(Math.round(n * 1e6) / 1e6);
}

function reNumber(canonical: string): string {
  return canonical.replace(/\./g, '\\.');
}

function inchCanonical(i: Inch): string {
  if (i.num > 0 && i.whole > 0) return `${i.whole} ${i.num}/${i.den}"`;
  if (i.num > 0) return `${i.num}/${i.den}"`;
  return `${i.whole}"`;
}

/** Regex body of an inch size, without what may precede it. A whole inch needs its mark. */
function inchCore(i: Inch): string {
  if (i.num > 0 && i.whole > 0) return `${i.whole}[ .-]${i.num}/${i.den}(?![0-9/])"?`;
  if (i.num > 0) return `${i.num}/${i.den}(?![0-9/])"?`;
  return `${i.whole}"`;
}

/** An inch size anywhere in a text: `1/2"` is not the end of `1 1/2"` nor of `11/2`. */
function inchRegex(i: Inch): string {
  if (i.num > 0 && i.whole === 0) return `(?<![0-9./])(?<![0-9][ .-])${inchCore(i)}`;
  return `(?<![0-9./])${inchCore(i)}`;
}

function inchExact(i: Inch): string {
  if (i.num > 0 && i.whole > 0) return `^ *${i.whole}[ .-]${i.num}/${i.den}"? *$`;
  if (i.num > 0) return `^ *${i.num}/${i.den}"? *$`;
  return `^ *${i.whole}(" *| *)$`;
}

function parseInch(whole: string | undefined, num: string | undefined, den: string | undefined, plain?: string): Inch | null {
  if (plain !== undefined) {
    const w = Number(plain);
    return w > 0 && w <= 12 ? { whole: w, num: 0, den: 1 } : null;
  }
  const n = Number(num);
  const d = Number(den);
  const w = whole ? Number(whole) : 0;
  if (!INCH_DENOMINATORS.has(d) || n <= 0 || n >= d || w > 12) return null;
  return { whole: w, num: n, den: d };
}

function inchPattern(i: Inch): SizePattern {
  return { canonical: inchCanonical(i), pattern: inchRegex(i), exact: inchExact(i) };
}

function dnPattern(dn: number): SizePattern {
  return {
    canonical: `DN${dn}`,
    pattern: `(?<![a-z0-9])dn ?${dn}(?![0-9])`,
    exact: `^ *dn ?${dn} *$`,
  };
}

function inchEquivalents(i: Inch): SizePattern[] {
  const canonical = inchCanonical(i);
  return DN_INCH.filter(([, inch]) => inch === canonical).map(([dn]) => dnPattern(dn));
}

function dnEquivalents(dn: number): SizePattern[] {
  const inch = DN_INCH.find(([d]) => d === dn)?.[1];
  if (!inch) return [];
  const m = /^(?:(\d+) )?(\d+)(?:\/(\d+))?"$/.exec(inch);
  if (!m) return [];
  const parsed = m[3] ? parseInch(m[1], m[2], m[3]) : parseInch(undefined, undefined, undefined, m[2]);
  return parsed ? [inchPattern(parsed)] : [];
}

// Inch with optional whole part; the mark is optional after a fraction, required after a whole number.
const INCH_SRC = String.raw`(?:(\d{1,2})[ .-])?(\d{1,2})\/(\d{1,2})"?|(\d{1,2})"`;
const NUM_SRC = String.raw`\d+(?:\.\d+)?`;

interface Rule {
  kind: SizeKind;
  re: RegExp;
  build(m: RegExpExecArray): Omit<SizeToken, 'raw' | 'kind'> | null;
}

function inchFromGroups(m: RegExpExecArray, offset: number): Inch | null {
  const [whole, num, den, plain] = [m[offset], m[offset + 1], m[offset + 2], m[offset + 3]];
  return plain !== undefined ? parseInch(undefined, undefined, undefined, plain) : parseInch(whole, num, den);
}

const B = String.raw`(?<![\p{L}\p{N}./])`;
const E = String.raw`(?![\p{L}\p{N}/])`;

const RULES: Rule[] = [
  {
    kind: 'inch-pair',
    re: new RegExp(`${B}(?:${INCH_SRC})\\s*[x×]\\s*(?:${INCH_SRC})(?![\\p{N}/])`, 'gu'),
    build(m) {
      const a = inchFromGroups(m, 1);
      const b = inchFromGroups(m, 5);
      if (!a || !b) return null;
      const ra = inchCore(a);
      const rb = inchCore(b);
      return {
        canonical: `${inchCanonical(a)}x${inchCanonical(b)}`,
        pattern: `(?<![0-9./])${ra} ?x ?${rb}`,
        exact: `^ *${ra} ?x ?${rb} *$`,
        equivalents: [],
      };
    },
  },
  {
    kind: 'mm-inch',
    re: new RegExp(`${B}(\\d{1,3})\\s*[x×]\\s*(?:${INCH_SRC})(?![\\p{N}/])`, 'gu'),
    build(m) {
      const mm = m[1];
      const inch = inchFromGroups(m, 2);
      if (!mm || !inch) return null;
      const ri = inchCore(inch);
      return {
        canonical: `${Number(mm)}x${inchCanonical(inch)}`,
        pattern: `(?<![0-9.])${Number(mm)} ?x ?${ri}`,
        exact: `^ *${Number(mm)} ?x ?${ri} *$`,
        equivalents: [],
      };
    },
  },
  {
    kind: 'dims',
    re: new RegExp(
      `${B}(${NUM_SRC})(?:\\s*(mm|cm|m))?\\s*[x×]\\s*(${NUM_SRC})(?:\\s*(?:mm|cm|m)(?![\\p{L}\\p{N}]))?(?:\\s*[x×]\\s*(${NUM_SRC}))?(?:\\s*(mm|cm|m)(?![\\p{L}\\p{N}]))?(?![\\p{N}/".])`,
      'gu',
    ),
    build(m) {
      const parts = [m[1], m[3], m[4]].filter((p): p is string => p !== undefined).map(canonicalNumber);
      const unit = m[5] ?? m[2];
      // Between the numbers the data may repeat the unit: `19 mm x 15 m`.
      const body = parts.map(reNumber).join('( ?(mm|cm|m))? ?x ?');
      return {
        canonical: parts.join('x'),
        pattern: `(?<![0-9.])${body}(?![0-9.])`,
        exact: `^ *${body}( ?(mm|cm|m))? *$`,
        equivalents: dimsEquivalents(parts, unit),
      };
    },
  },
  {
    kind: 'dn',
    re: new RegExp(`${B}dn(\\d{1,4})${E}`, 'gu'),
    build(m) {
      const dn = Number(m[1]);
      return { ...dnPattern(dn), equivalents: dnEquivalents(dn) };
    },
  },
  {
    kind: 'inch',
    re: new RegExp(`${B}(?:${INCH_SRC})(?![\\p{N}/])`, 'gu'),
    build(m) {
      const inch = inchFromGroups(m, 1);
      if (!inch) return null;
      return { ...inchPattern(inch), equivalents: inchEquivalents(inch) };
    },
  },
  {
    kind: 'unit',
    re: new RegExp(`${B}(${NUM_SRC})\\s*(${UNIT_WORDS})(?![\\p{L}\\p{N}²³])`, 'gu'),
    build(m) {
      const unit = UNIT_ALIASES[m[2] ?? ''];
      if (!unit || !m[1]) return null;
      const n = canonicalNumber(m[1]);
      return { ...unitPattern(n, unit), equivalents: lengthEquivalents(Number(n), unit) };
    },
  },
];

function unitPattern(n: string, unit: string): SizePattern {
  const body = `${reNumber(n)} ?${UNIT_REGEX[unit]}`;
  return { canonical: `${n} ${unit}`, pattern: `(?<![0-9.x])${body}`, exact: `^ *${body} *$` };
}

const LENGTH_MM: Record<string, number> = { mm: 1, cm: 10, m: 1000 };

/** The same length in the other units (`40 cm` ⇄ `400 mm` ⇄ `0.4 m`). */
function lengthEquivalents(value: number, unit: string): SizePattern[] {
  const factor = LENGTH_MM[unit];
  if (factor === undefined) return [];
  const mm = value * factor;
  return Object.entries(LENGTH_MM)
    .filter(([u]) => u !== unit)
    .map(([u, f]) => ({ u, v: Math.round((mm / f) * 1e6) / 1e6 }))
    .filter(({ v }) => v >= 0.1 && v < 100000)
    .map(({ u, v }) => unitPattern(String(v), u));
}

/** Dimensions typed without a unit may be centimetres for data in millimetres (`15x15` ⇄ `150x150`). */
function dimsEquivalents(parts: string[], unit: string | undefined): SizePattern[] {
  if (unit === 'mm' || unit === 'm') return [];
  const scaled = parts.map((p) => canonicalNumber(String(Number(p) * 10)));
  const body = scaled.map(reNumber).join('( ?(mm|cm|m))? ?x ?');
  return [{ canonical: `${scaled.join('x')} mm`, pattern: `(?<![0-9.])${body}(?![0-9.])`, exact: `^ *${body}( ?mm)? *$` }];
}

/**
 * Finds the sizes of a normalised query (see `normalizeQuery`). Returns them in query order
 * and the rest of the text with each size replaced by a space.
 */
export function extractSizes(normalized: string): { sizes: SizeToken[]; rest: string } {
  let rest = normalized;
  const found: { index: number; token: SizeToken }[] = [];
  for (const rule of RULES) {
    rule.re.lastIndex = 0;
    rest = rest.replace(rule.re, (...args: unknown[]) => {
      const match = args.slice(0, -2) as unknown as RegExpExecArray;
      const index = args[args.length - 2] as number;
      const built = rule.build(match);
      if (!built) return match[0];
      found.push({ index, token: { raw: match[0].trim(), kind: rule.kind, ...built } });
      return ' '.repeat(match[0].length);
    });
  }
  found.sort((a, b) => a.index - b.index);
  const seen = new Set<string>();
  const sizes = found.map((f) => f.token).filter((t) => (seen.has(t.canonical) ? false : (seen.add(t.canonical), true)));
  return { sizes, rest: rest.replace(/\s+/g, ' ').trim() };
}

/** The canonical form of a size written alone (`16 x 2` → `16x2`, `½"` → `1/2"`), or null. */
export function canonicalSize(text: string): string | null {
  const { sizes, rest } = extractSizes(normalizeQuery(text));
  return sizes.length === 1 && rest === '' ? (sizes[0]?.canonical ?? null) : null;
}

/**
 * SQL (for `sql.raw`) that lowercases a text column and writes every inch mark as `"`, the form
 * the size regexes expect.
 */
export function sizeTextSql(column: string): string {
  return `replace(translate(lower(${column}), '″“”', '"""'), '''''', '"')`;
}
