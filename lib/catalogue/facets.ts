/**
 * Technical-attribute filters within a family ("facets"): diameter, material, pressure, power…
 *
 * Every attribute value of the models is reduced to a key, so that the same thing written in
 * different ways is one choice in the filter:
 * - threads and nominal diameters: `1/2"`, `½"`, `DN15`, `DN 15` → `dn15` (shown `1/2" (DN15)`);
 *   a value that names its equivalent in brackets (`20 mm (1/2")`) takes the bracketed size —
 *   that is where the data says a millimetre size is a given thread;
 * - numbers with units in their base unit: `0,5 m` = `50 cm` = `500 mm` → `500mm`; `2 kW` =
 *   `2000 W`; `500 ml` = `0.5 L`; `PN16` = `16 bar`; decimal comma or point alike;
 * - words without accents or case: `Latão cromado` = `latao cromado`.
 *
 * Pure functions (used by the server to build the filter and by the page to build links).
 */
import { foldAccents, normalizeQuery } from '@/lib/search/normalize';
import { canonicalNumber, DN_INCH, extractSizes } from '@/lib/search/sizes';

/** Query parameters of attribute filters: `f.<attribute slug>=<key>,<key>`. */
export const FACET_PARAM_PREFIX = 'f.';
export const MAX_FACET_ATTRIBUTES = 10;
export const MAX_FACET_VALUES = 30;
/** Facets shown in the sidebar of a family, those covering most products first. */
export const MAX_FACETS_SHOWN = 10;

export type FacetSelection = Readonly<Record<string, readonly string[]>>;

export interface FacetValueKey {
  key: string;
  label: string;
  /** The value in the attribute's base unit, to sort numerically; null for words. */
  magnitude: number | null;
}

export interface AttributeRow {
  productId: number;
  modelId: number;
  name: string;
  value: string;
  unit: string | null;
}

export interface FacetOption {
  key: string;
  label: string;
  /** Products that have a model with this value and every other selected value. */
  count: number;
  active: boolean;
}

export interface Facet {
  slug: string;
  name: string;
  options: FacetOption[];
}

/** URL-safe slug of an attribute name or a word value (`Pressão máxima` → `pressao-maxima`, `A++` → `a-plus-plus`). */
export function facetSlug(text: string): string {
  return foldAccents(text)
    .replace(/\+/g, '-plus')
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/-{2,}/g, '-')
    .slice(0, 40);
}

const UNIT_BASE: Record<string, { base: string; factor: number }> = {
  mm: { base: 'mm', factor: 1 },
  cm: { base: 'mm', factor: 10 },
  m: { base: 'mm', factor: 1000 },
  w: { base: 'w', factor: 1 },
  kw: { base: 'w', factor: 1000 },
  ml: { base: 'l', factor: 0.001 },
  l: { base: 'l', factor: 1 },
  bar: { base: 'bar', factor: 1 },
  mbar: { base: 'bar', factor: 0.001 },
  g: { base: 'kg', factor: 0.001 },
  kg: { base: 'kg', factor: 1 },
};

const NUMBER = /^[+-]?(?:\d+(?:[.,]\d+)?|[.,]\d+)$/;

/** `0.5` → `0,5` (pt-PT decimal comma) for display. */
function ptNumber(canonical: string): string {
  return canonical.replace('.', ',');
}

function inchToDn(inchCanonical: string): number | null {
  return DN_INCH.find(([, inch]) => inch === inchCanonical)?.[0] ?? null;
}

function dnLabel(dn: number): string {
  const inch = DN_INCH.find(([d]) => d === dn)?.[1];
  return inch ? `${inch} (DN${dn})` : `DN${dn}`;
}

/** A thread or nominal diameter written alone (`1/2"`, `DN 15`), as a key; null otherwise. */
function sizeKey(text: string): FacetValueKey | null {
  const { sizes, rest } = extractSizes(normalizeQuery(text));
  const size = sizes[0];
  if (sizes.length !== 1 || rest !== '' || !size) return null;
  if (size.kind === 'dn') {
    const dn = Number(size.canonical.slice(2));
    return { key: `dn${dn}`, label: dnLabel(dn), magnitude: dn };
  }
  if (size.kind === 'inch') {
    const dn = inchToDn(size.canonical);
    if (dn !== null) return { key: `dn${dn}`, label: dnLabel(dn), magnitude: dn };
    return { key: `${facetSlug(size.canonical.replace('"', ''))}in`, label: size.canonical, magnitude: inchMillimetres(size.canonical) };
  }
  return null;
}

function inchMillimetres(canonical: string): number | null {
  const m = /^(?:(\d+) )?(\d+)(?:\/(\d+))?"$/.exec(canonical);
  if (!m) return null;
  const inches = m[3] ? Number(m[1] ?? 0) + Number(m[2]) / Number(m[3]) : Number(m[2]);
  return Math.round(inches * 25.4 * 100) / 100;
}

/** The key, label and magnitude of one attribute value (see the module comment). */
export function facetValueKey(value: string, unit: string | null): FacetValueKey {
  const raw = value.trim().replace(/\s+/g, ' ');
  const u = unit?.trim() || null;
  if (!u) {
    const bracket = /^(.+?)\s*\(([^()]+)\)$/.exec(raw);
    const equivalent = bracket?.[2] ? sizeKey(bracket[2]) : null;
    if (equivalent) return equivalent;
    const pn = /^PN\s?(\d+(?:[.,]\d+)?)$/i.exec(raw);
    if (pn?.[1]) {
      const n = canonicalNumber(pn[1].replace(',', '.'));
      return { key: `${n}bar`, label: `PN${ptNumber(n)}`, magnitude: Number(n) };
    }
    const size = sizeKey(raw);
    if (size) return size;
  }
  if (NUMBER.test(raw)) {
    const n = canonicalNumber(raw.replace(',', '.'));
    if (!u) return { key: n, label: ptNumber(n), magnitude: Number(n) };
    const base = UNIT_BASE[u.toLowerCase()];
    if (base) {
      const inBase = canonicalNumber(String(Number(n) * base.factor));
      return { key: `${inBase}${base.base}`, label: `${ptNumber(n)} ${u}`, magnitude: Number(inBase) };
    }
    return { key: `${n}${facetSlug(u)}`, label: `${ptNumber(n)} ${u}`, magnitude: Number(n) };
  }
  const label = u ? `${raw} ${u}` : raw;
  return { key: facetSlug(label) || '-', label, magnitude: null };
}

// ---------------------------------------------------------------------------------------------
// Query parameters

const SLUG_RE = /^[a-z0-9][a-z0-9.-]{0,39}$/;

/** Reads `f.<slug>=<key>,<key>` parameters; malformed ones are dropped. Sorted, without duplicates. */
export function parseFacetSelection(raw: Record<string, string | string[] | undefined>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const names = Object.keys(raw)
    .filter((k) => k.startsWith(FACET_PARAM_PREFIX))
    .sort();
  for (const name of names) {
    const slug = name.slice(FACET_PARAM_PREFIX.length);
    if (!SLUG_RE.test(slug) || Object.keys(out).length >= MAX_FACET_ATTRIBUTES) continue;
    const values = ([] as string[]).concat(raw[name] ?? []);
    const keys = [...new Set(values.flatMap((v) => v.split(',')).map((v) => v.trim().toLowerCase()))]
      .filter((k) => SLUG_RE.test(k))
      .sort()
      .slice(0, MAX_FACET_VALUES);
    if (keys.length) out[slug] = keys;
  }
  return out;
}

/** The selection as query parameters (`f.diametro` → `20mm,25mm`), in a stable order. */
export function facetQueryEntries(selection: FacetSelection): [string, string][] {
  return Object.keys(selection)
    .sort()
    .filter((slug) => (selection[slug]?.length ?? 0) > 0)
    .map((slug) => [`${FACET_PARAM_PREFIX}${slug}`, [...(selection[slug] ?? [])].sort().join(',')]);
}

/** The selection with one value added or removed. */
export function toggleFacet(selection: FacetSelection, slug: string, key: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [s, keys] of Object.entries(selection)) out[s] = [...keys];
  const current = out[slug] ?? [];
  const next = current.includes(key) ? current.filter((k) => k !== key) : [...current, key].sort();
  if (next.length) out[slug] = next;
  else delete out[slug];
  return out;
}

export function hasFacetSelection(selection: FacetSelection | undefined): boolean {
  return Boolean(selection && Object.values(selection).some((v) => v.length > 0));
}

// ---------------------------------------------------------------------------------------------
// Building the facets of a family

interface Attribute {
  slug: string;
  names: Map<string, number>;
  values: Map<string, { labels: Map<string, number>; magnitude: number | null }>;
  products: Set<number>;
}

function mostFrequent(counts: Map<string, number>): string {
  let best = '';
  let bestN = -1;
  for (const [label, n] of counts) if (n > bestN || (n === bestN && label < best)) [best, bestN] = [label, n];
  return best;
}

/**
 * Facets of a family and the products matching the selection. A product matches when one of its
 * models has, for every selected attribute, one of the selected values (values of one attribute
 * are alternatives, attributes add up). The count of an option is the number of products that
 * would match with that option added to the others of its attribute; `eligible` restricts
 * everything to some products (the brand filter).
 */
export function buildFacets(
  rows: readonly AttributeRow[],
  selection: FacetSelection,
  eligible?: ReadonlySet<number> | null,
): { facets: Facet[]; productIds: number[] | null } {
  const attributes = new Map<string, Attribute>();
  const models = new Map<number, { productId: number; keys: Map<string, string> }>();
  for (const row of rows) {
    if (eligible && !eligible.has(row.productId)) continue;
    const slug = facetSlug(row.name);
    if (!slug) continue;
    const value = facetValueKey(row.value, row.unit);
    let attribute = attributes.get(slug);
    if (!attribute) {
      attribute = { slug, names: new Map(), values: new Map(), products: new Set() };
      attributes.set(slug, attribute);
    }
    attribute.names.set(row.name, (attribute.names.get(row.name) ?? 0) + 1);
    attribute.products.add(row.productId);
    let option = attribute.values.get(value.key);
    if (!option) {
      option = { labels: new Map(), magnitude: value.magnitude };
      attribute.values.set(value.key, option);
    }
    option.labels.set(value.label, (option.labels.get(value.label) ?? 0) + 1);
    let model = models.get(row.modelId);
    if (!model) {
      model = { productId: row.productId, keys: new Map() };
      models.set(row.modelId, model);
    }
    model.keys.set(slug, value.key);
  }

  // Only attributes of this family filter; a selected slug it does not have is ignored.
  const active = Object.entries(selection).filter(([slug, keys]) => keys.length > 0 && attributes.has(slug));
  const matches = (keys: Map<string, string>, except: string | null) =>
    active.every(([slug, wanted]) => slug === except || wanted.includes(keys.get(slug) ?? '\u0000'));

  const counts = new Map<string, Map<string, Set<number>>>();
  const matching = new Set<number>();
  for (const model of models.values()) {
    if (matches(model.keys, null)) matching.add(model.productId);
    for (const [slug, key] of model.keys) {
      if (!matches(model.keys, slug)) continue;
      let byKey = counts.get(slug);
      if (!byKey) counts.set(slug, (byKey = new Map()));
      let products = byKey.get(key);
      if (!products) byKey.set(key, (products = new Set()));
      products.add(model.productId);
    }
  }

  const facets: Facet[] = [];
  const ranked = [...attributes.values()].sort((a, b) => b.products.size - a.products.size || a.slug.localeCompare(b.slug));
  for (const attribute of ranked) {
    const selected = selection[attribute.slug] ?? [];
    // A filter needs a choice: two values at least, on two products at least (or one already chosen).
    if (selected.length === 0 && (attribute.values.size < 2 || attribute.products.size < 2)) continue;
    if (selected.length === 0 && facets.filter((f) => !(selection[f.slug]?.length)).length >= MAX_FACETS_SHOWN) continue;
    const options: (FacetOption & { magnitude: number | null })[] = [...attribute.values].map(([key, v]) => ({
      key,
      label: key.startsWith('dn') && /^dn\d+$/.test(key) ? dnLabel(Number(key.slice(2))) : mostFrequent(v.labels),
      magnitude: v.magnitude,
      count: counts.get(attribute.slug)?.get(key)?.size ?? 0,
      active: selected.includes(key),
    }));
    for (const key of selected) {
      if (!attribute.values.has(key)) options.push({ key, label: key, magnitude: null, count: 0, active: true });
    }
    const numeric = options.every((o) => o.magnitude !== null);
    options.sort((a, b) =>
      numeric ? (a.magnitude ?? 0) - (b.magnitude ?? 0) || a.label.localeCompare(b.label, 'pt') : a.label.localeCompare(b.label, 'pt', { numeric: true }),
    );
    facets.push({ slug: attribute.slug, name: mostFrequent(attribute.names), options: options.map(({ magnitude: _m, ...o }) => o) });
  }
  return { facets, productIds: active.length ? [...matching].sort((a, b) => a - b) : null };
}
