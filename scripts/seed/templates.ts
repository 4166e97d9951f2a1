/**
 * Building blocks of the demo catalogue: product templates per family.
 *
 * A template names a product kind. Its product-level axes (`ax`) are combined into product names
 * (`n` with `{axis}` placeholders); its variants (`sz`) become the models of each product.
 */

/** One option of an axis or one model variant. */
import 'server-only';
export interface Opt {
  /** Text inserted in the product name (axes) or appended to the model name (variants). */
  t: string;
  /** Attributes carried by this option: `Nome=valor unidade|Outro=valor`. */
  a?: string;
  /** Price factor (default 1). */
  f?: number;
  /** Text of the `size` cell when it differs from `t` (variants only). */
  s?: string;
  /** Axis option with its own variants: replaces the template's `sz` / `v` for this product. */
  sz?: readonly O[];
  v?: boolean;
}

export type O = string | Opt;

/** Packaging presets (small/medium/large package cells). */
export type Pack =
  'fit' | 'fitL' | 'unit' | 'unit5' | 'big' | 'roll' | 'box' | 'cons' | 'bag' | 'pair';

export interface Tpl {
  /** Product name pattern, e.g. `Torneira monocomando de lavatório {bica} {serie}`. */
  n: string;
  /** Product-level axes referenced from `n`. */
  ax?: Record<string, readonly O[]>;
  /** Model variants (sizes, capacities, finishes…). Without them every product has one model. */
  sz?: readonly O[];
  /** The variants are finishes/colours/options, not sizes: the `size` cell stays empty. */
  v?: boolean;
  /** Minimum and maximum number of models per product (default [3, 6], capped by the variants). */
  m?: readonly [number, number];
  /** Net price range (EUR) of the cheapest variant. */
  p: readonly [number, number];
  /** Static attributes of every model. */
  at: string;
  /** Description sentences: the first one is always used, the others are picked at random. */
  d: readonly string[];
  pk: Pack;
  /** Product weight range in kg. */
  w: readonly [number, number];
  /** Sampling weight among the family's templates (default 1). */
  k?: number;
  /** Applicable norm, shown in the technical information. */
  nm?: string;
}

export interface FamilyDef {
  code: string;
  title: string;
  /** Extra description sentences shared by the family's templates. */
  d?: readonly string[];
  tpl: readonly Tpl[];
}

/** An option with attributes / price factor / size text. */
export function o(t: string, a?: string, f?: number, s?: string): Opt {
  const out: Opt = { t };
  if (a !== undefined) out.a = a;
  if (f !== undefined) out.f = f;
  if (s !== undefined) out.s = s;
  return out;
}

/** An axis option with its own model variants (empty list: a single model). */
export function os(
  t: string,
  a: string | undefined,
  f: number | undefined,
  variants: readonly O[],
  v = false,
): Opt {
  const out = o(t, a, f);
  out.sz = variants;
  if (v) out.v = true;
  return out;
}

const fmt = (v: string | number) => (typeof v === 'number' ? String(v) : v);

/**
 * Numeric variants with a unit: `sz('Diâmetro', 'mm', [16, 20, 26])` gives `16 mm`… with
 * `Diâmetro=16 mm`; the price grows by `step` per variant. `label` prefixes the model-name text.
 */
export function sz(
  attr: string,
  unit: string,
  vals: readonly (string | number)[],
  step = 0.25,
  label = '',
): Opt[] {
  return vals.map((v, i) => {
    const text = `${fmt(v)} ${unit}`;
    return o(label ? `${label} ${text}` : text, `${attr}=${text}`, (1 + step) ** i, text);
  });
}

/** Numeric variants with two attributes, e.g. capacity and power. */
export function sz2(
  attr: string,
  unit: string,
  attr2: string,
  unit2: string,
  vals: readonly (readonly [string | number, string | number])[],
  step = 0.25,
): Opt[] {
  return vals.map(([v, w], i) => {
    const text = `${fmt(v)} ${unit}`;
    return o(text, `${attr}=${text}|${attr2}=${fmt(w)} ${unit2}`, (1 + step) ** i, text);
  });
}

export const INCHES = [
  '1/8"',
  '1/4"',
  '3/8"',
  '1/2"',
  '3/4"',
  '1"',
  '1 1/4"',
  '1 1/2"',
  '2"',
  '2 1/2"',
  '3"',
  '4"',
] as const;

/** The inch sizes between `from` and `to` (inclusive). */
export function inch(from: string, to: string): string[] {
  const all: readonly string[] = INCHES;
  const a = all.indexOf(from);
  const b = all.indexOf(to);
  if (a < 0 || b < a) throw new Error(`inch(${from}, ${to})`);
  return all.slice(a, b + 1);
}

/** Inch variants (no unit): `Rosca=1/2"`. */
export function szIn(attr: string, vals: readonly string[], step = 0.4): Opt[] {
  return vals.map((v, i) => o(v, `${attr}=${v}`, (1 + step) ** i));
}

/** Nominal diameters: `DN15` with `Diâmetro nominal=DN15`. */
export function szDN(vals: readonly number[], step = 0.35): Opt[] {
  return vals.map((v, i) => o(`DN${v}`, `Diâmetro nominal=DN${v}`, (1 + step) ** i));
}

/** Free variants: [text, attributes, price factor, size-cell text]. */
export function szL(list: readonly (readonly [string, string, number?, string?])[]): Opt[] {
  return list.map(([t, a, f, s]) => o(t, a, f ?? 1, s));
}

/** Series (product ranges) named after Portuguese rivers. */
export const RIVERS = [
  'Tejo',
  'Douro',
  'Mondego',
  'Sado',
  'Vouga',
  'Lima',
  'Cávado',
  'Tâmega',
  'Zêzere',
  'Guadiana',
  'Minho',
  'Paiva',
  'Arade',
  'Sorraia',
  'Côa',
  'Alva',
  'Sabor',
  'Tua',
] as const;

/** Series named after Portuguese towns. */
export const TOWNS = [
  'Aveiro',
  'Braga',
  'Évora',
  'Faro',
  'Sintra',
  'Tavira',
  'Óbidos',
  'Lagos',
  'Viseu',
  'Tomar',
  'Elvas',
  'Chaves',
  'Nazaré',
  'Ericeira',
  'Peniche',
  'Ovar',
  'Amarante',
  'Monsaraz',
] as const;

/** `série X` options. */
export function series(list: readonly string[], n: number, offset = 0): O[] {
  const out: O[] = [];
  for (let i = 0; i < n; i++) out.push(`série ${list[(offset + i) % list.length] ?? ''}`);
  return out;
}

/** Finishes for feminine nouns (torneira, misturadora, coluna, placa…). */
export const FIN_F: readonly O[] = [
  o('cromada', 'Acabamento=Cromado', 1),
  o('preta mate', 'Acabamento=Preto mate', 1.3),
  o('em inox escovado', 'Acabamento=Inox escovado', 1.35),
  o('branca mate', 'Acabamento=Branco mate', 1.3),
  o('dourada escovada', 'Acabamento=Dourado escovado', 1.6),
  o('em gun metal escovado', 'Acabamento=Gun metal escovado', 1.6),
];

/** Finishes for masculine nouns (chuveiro, conjunto, toalheiro…). */
export const FIN_M: readonly O[] = [
  o('cromado', 'Acabamento=Cromado', 1),
  o('preto mate', 'Acabamento=Preto mate', 1.3),
  o('em inox escovado', 'Acabamento=Inox escovado', 1.35),
  o('branco mate', 'Acabamento=Branco mate', 1.3),
  o('dourado escovado', 'Acabamento=Dourado escovado', 1.6),
];

/** Neutral finish wording (`acabamento cromado`). */
export const FIN_N: readonly O[] = [
  o('acabamento cromado', 'Acabamento=Cromado', 1),
  o('acabamento preto mate', 'Acabamento=Preto mate', 1.25),
  o('acabamento inox escovado', 'Acabamento=Inox escovado', 1.3),
  o('acabamento dourado escovado', 'Acabamento=Dourado escovado', 1.55),
  o('acabamento branco mate', 'Acabamento=Branco mate', 1.25),
];

/** Standard lengths of flexible hoses (mm). */
export const HOSE_MM = [200, 250, 300, 350, 400, 500, 600, 800, 1000] as const;
