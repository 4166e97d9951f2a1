/**
 * Deterministic demo catalogue of a Portuguese plumbing / sanitary / heating / pool / fire-fighting
 * distributor. Pure: no database, no I/O, no clock, no Math.random — the same seed always gives
 * a deep-equal catalogue.
 */
import 'server-only';
import type { RawCatalogueRow } from '@/server/import/format';
import { BRAND_DEFS, HOUSE_EAN, brandSite, type BrandDef } from './brands';
import { CAMPAIGN_DEFS } from './campaigns';
import { CHAPTERS, type DemoChapter } from './chapters';
import { makeEan13 } from './ean';
import { FAMILY_DEFS, chapterOf } from './families';
import { Random } from './random';
import type { FamilyDef, O, Opt, Pack, Tpl } from './templates';

export interface DemoBrand {
  name: string;
  officialSite: string;
  partner: boolean;
}

export interface DemoProductExtra {
  productId: string;
  seoName: string;
  seoDescription: string;
  informacaoTecnica: string;
  informacaoAdicional: string;
  /** Decimal with '.' */
  weight: string | null;
  weightUnit: 'kg' | 'g' | null;
  notes: string | null;
}

export interface DemoCampaign {
  slug: string;
  title: string;
  description: string;
  category: string;
  /** ISO date */
  startsAt: string;
  endsAt: string;
  active: boolean;
  featured: boolean;
  /** Products of these families are linked to the campaign. */
  familyCodes: string[];
  /** A hex colour */
  theme: string;
}

export interface DemoFamily {
  code: string;
  chapterCode: number;
  title: string;
}

export interface DemoCatalogue {
  rows: RawCatalogueRow[];
  brands: DemoBrand[];
  extras: DemoProductExtra[];
  campaigns: DemoCampaign[];
  families: DemoFamily[];
}

export const DEFAULT_DEMO_SEED = 1967;

/** Products per family: a random target in this range (capped by the family's candidates). */
const PRODUCTS_PER_FAMILY: readonly [number, number] = [22, 32];
const NO_BRAND_RATE = 0.03;
const NO_EAN_RATE = 0.05;
const OUT_OF_STOCK_RATE = 0.03;
const ON_ORDER_RATE = 0.02;

const NOTES: readonly string[] = [
  'Novidade 2026.',
  'Artigo sujeito a encomenda: prazo de entrega de 5 a 8 dias úteis.',
  'Artigo em fim de série, até esgotar o stock.',
  'Preço especial para instaladores registados.',
  'Disponível para levantamento no armazém de Vila Nova de Gaia.',
  'Entrega em palete: consulte os portes para a sua zona.',
];

/** Product ranges used to widen small families. */
const RANGE_KEY = '__range';
const RANGES: readonly Opt[] = [
  { t: 'série Pro', a: 'Gama=Profissional', f: 1.18 },
  { t: 'série Eco', a: 'Gama=Económica', f: 0.86 },
  { t: 'série Plus', a: 'Gama=Plus', f: 1.08 },
  { t: 'série Premium', a: 'Gama=Premium', f: 1.35 },
];

const NAME_SUFFIXES: readonly string[] = [
  'linha Pro',
  'linha Plus',
  'linha Eco',
  'linha Essencial',
  'linha Premium',
  'linha Compacta',
];

function opt(x: O): Opt {
  return typeof x === 'string' ? { t: x } : x;
}

type Combo = Record<string, Opt>;

/** Every combination of the template's axes, in a fixed order. */
function combos(tpl: Tpl): Combo[] {
  let out: Combo[] = [{}];
  for (const [key, options] of Object.entries(tpl.ax ?? {})) {
    const next: Combo[] = [];
    for (const c of out) for (const x of options) next.push({ ...c, [key]: opt(x) });
    out = next;
  }
  return out;
}

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

function fill(pattern: string, combo: Combo): string {
  const range = combo[RANGE_KEY];
  const text = pattern.replace(/\{(\w+)\}/g, (_m, key: string) => combo[key]?.t ?? '');
  if (!range) return clean(text);
  // A product that already names its series gets the short range name: `série Tejo Pro`.
  return clean(`${text} ${text.includes('série ') ? range.t.replace('série ', '') : range.t}`);
}

function round2(n: number): string {
  return (Math.round(n * 100) / 100).toFixed(2);
}

/** Parses `A=1 mm|B=x` into ordered pairs. */
function parseAttrs(s: string | undefined): [string, string][] {
  if (!s) return [];
  return s.split('|').map((pair) => {
    const i = pair.indexOf('=');
    return [pair.slice(0, i).trim(), pair.slice(i + 1).trim()] as [string, string];
  });
}

function mergeAttrs(groups: [string, string][][]): [string, string][] {
  const seen = new Set<string>();
  const out: [string, string][] = [];
  for (const group of groups)
    for (const [name, value] of group) {
      if (seen.has(name)) continue;
      seen.add(name);
      out.push([name, value]);
    }
  return out;
}

const PACKS: Record<Pack, readonly (readonly [string, string, string])[]> = {
  fit: [
    ['10/50', '-', ''],
    ['10', '50', '200'],
    ['10', '25', '100'],
    ['5', '25', '100'],
    ['5', '10', '50'],
    ['1', '10', '40'],
    ['1', '5', '20'],
    ['1', '-', '-'],
  ],
  fitL: [
    ['10', '50', ''],
    ['10', '25', '-'],
    ['5', '20', '-'],
    ['5', '10', '-'],
    ['1', '10', '-'],
    ['1', '5', '-'],
    ['1', '-', '-'],
  ],
  unit: [['1', '-', '-']],
  unit5: [['1', '5', '20']],
  big: [['-', '-', '-']],
  roll: [['1', '-', '']],
  box: [['1', '10', '50']],
  cons: [['12', '12/48', '-']],
  bag: [['1', '-', '-']],
  pair: [['2', '10', '50']],
};

function packages(pk: Pack, sizeIndex: number): readonly [string, string, string] {
  const list = PACKS[pk];
  return list[Math.min(sizeIndex, list.length - 1)] ?? ['1', '-', '-'];
}

function truncate(s: string, max: number): string {
  if (s.length <= max) return s;
  const cut = s.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

function weightOf(rng: Random, tpl: Tpl): { weight: string | null; weightUnit: 'kg' | 'g' | null } {
  if (rng.chance(0.04)) return { weight: null, weightUnit: null };
  const kg = rng.float(tpl.w[0], tpl.w[1]);
  if (kg < 1) return { weight: String(Math.max(1, Math.round(kg * 1000))), weightUnit: 'g' };
  return { weight: kg >= 10 ? kg.toFixed(1) : kg.toFixed(2), weightUnit: 'kg' };
}

interface Counters {
  productSeq: number;
  productNames: Set<string>;
  modelCodes: Set<string>;
  eans: Set<string>;
  roots: Set<string>;
  eanNext: Map<string, number>;
}

function nextEan(rng: Random, c: Counters, company: string): string {
  let item = c.eanNext.get(company) ?? rng.int(100, 4000);
  for (;;) {
    item += rng.int(1, 3);
    const ean = makeEan13(company + String(item % 100000).padStart(5, '0'));
    if (!c.eans.has(ean)) {
      c.eanNext.set(company, item);
      c.eans.add(ean);
      return ean;
    }
  }
}

/** A unique root for a product's model codes. */
function codeRoot(rng: Random, c: Counters, brand: BrandDef | null): (i: number) => string {
  const prefix = brand?.prefix ?? null;
  for (;;) {
    const root = prefix ? String(rng.int(1000, 9999)) : String(rng.int(100000, 999999));
    const key = `${prefix ?? '#'}:${root}`;
    if (c.roots.has(key)) continue;
    c.roots.add(key);
    return prefix ? (i) => `${prefix}-${root}${i}` : (i) => `${root}${i}`;
  }
}

export function generateDemoCatalogue(seed: number = DEFAULT_DEMO_SEED): DemoCatalogue {
  const rng = new Random(seed);
  const chapterByCode = new Map<number, DemoChapter>(CHAPTERS.map((ch) => [ch.code, ch]));
  const rows: RawCatalogueRow[] = [];
  const extras: DemoProductExtra[] = [];
  const counters: Counters = {
    productSeq: 100000 + rng.int(50, 150),
    productNames: new Set(),
    modelCodes: new Set(),
    eans: new Set(),
    roots: new Set(),
    eanNext: new Map(),
  };

  const familyIndexInChapter = new Map<string, number>();
  const perChapter = new Map<number, number>();
  for (const fam of FAMILY_DEFS) {
    const ch = chapterOf(fam.code);
    const i = (perChapter.get(ch) ?? 0) + 1;
    perChapter.set(ch, i);
    familyIndexInChapter.set(fam.code, i);
  }

  for (const fam of FAMILY_DEFS) {
    generateFamily(
      rng,
      fam,
      chapterByCode,
      familyIndexInChapter.get(fam.code) ?? 1,
      counters,
      rows,
      extras,
    );
  }

  return {
    rows,
    extras,
    brands: BRAND_DEFS.map((b) => ({
      name: b.name,
      officialSite: brandSite(b.name),
      partner: b.partner,
    })),
    campaigns: CAMPAIGN_DEFS.map((c) => ({ ...c, familyCodes: [...c.familyCodes] })),
    families: FAMILY_DEFS.map((f) => ({
      code: f.code,
      chapterCode: chapterOf(f.code),
      title: f.title,
    })),
  };
}

function generateFamily(
  rng: Random,
  fam: FamilyDef,
  chapters: Map<number, DemoChapter>,
  familyIndex: number,
  counters: Counters,
  rows: RawCatalogueRow[],
  extras: DemoProductExtra[],
): void {
  const chapterCode = chapterOf(fam.code);
  const chapter = chapters.get(chapterCode);
  if (!chapter) throw new Error(`Unknown chapter for family ${fam.code}`);

  // Brands carried by this family: 2–3 of the chapter's brands, the first one being the main brand.
  const chapterBrands = BRAND_DEFS.filter((b) => b.chapters.includes(chapterCode));
  const familyBrands = rng.sample(chapterBrands, Math.min(chapterBrands.length, rng.int(2, 3)));
  const brandWeights = [0.55, 0.3, 0.15].slice(0, familyBrands.length);
  const digit = familyIndex % 6;

  // Choose the products: round-robin over the templates, weighted by `k`.
  const target0 = rng.int(PRODUCTS_PER_FAMILY[0], PRODUCTS_PER_FAMILY[1]);
  const candidates = fam.tpl.map((tpl) => combos(tpl));
  // Small families also carry their main products in other ranges (série Pro, série Eco…).
  const mainIdx = fam.tpl.map((t, i) => ((t.k ?? 1) >= 2 ? i : -1)).filter((i) => i >= 0);
  if (mainIdx.length === 0) mainIdx.push(0);
  for (const range of RANGES) {
    if (candidates.reduce((s, p) => s + p.length, 0) >= target0) break;
    for (const i of mainIdx) {
      const base = combos(fam.tpl[i] as Tpl);
      candidates[i] = [
        ...(candidates[i] ?? []),
        ...base.map((c) => ({ ...c, [RANGE_KEY]: range })),
      ];
    }
  }
  const pools = candidates.map((c) => rng.shuffle(c));
  const total = pools.reduce((s, p) => s + p.length, 0);
  const target = Math.min(total, target0);
  const picked: [Tpl, Combo][] = [];
  const cursor = pools.map(() => 0);
  while (picked.length < target) {
    let progress = false;
    fam.tpl.forEach((tpl, i) => {
      const pool = pools[i] ?? [];
      for (let k = 0; k < (tpl.k ?? 1) && picked.length < target; k++) {
        const c = cursor[i] ?? 0;
        const combo = pool[c];
        if (!combo) break;
        cursor[i] = c + 1;
        picked.push([tpl, combo]);
        progress = true;
      }
    });
    if (!progress) break;
  }

  for (const [tpl, combo] of picked) {
    // Name (unique across the catalogue).
    let name = fill(tpl.n, combo);
    if (counters.productNames.has(name)) {
      const base = name;
      for (const suffix of NAME_SUFFIXES) {
        name = `${base} ${suffix}`;
        if (!counters.productNames.has(name)) break;
      }
      for (let n = 2; counters.productNames.has(name); n++) name = `${base} modelo ${n}`;
    }
    counters.productNames.add(name);

    const brand =
      rng.chance(NO_BRAND_RATE) || familyBrands.length === 0
        ? null
        : (familyBrands[rng.weighted(brandWeights)] ?? null);
    const productId = `P${counters.productSeq}`;
    counters.productSeq += rng.int(1, 4);

    // Description: the template's main sentence plus up to two others.
    const mainSentence = tpl.d[0] ?? '';
    const pool = rng.shuffle([
      ...tpl.d.slice(1),
      ...((tpl.k ?? 1) >= 2 ? (fam.d ?? []) : []),
      rng.pick(chapter.d),
    ]);
    const sentences = [mainSentence, ...pool.slice(0, rng.weighted([0.2, 0.5, 0.3]))];
    const description = sentences.join(' ');

    const discountGroup = brand ? `${brand.dg}${digit === 0 ? '' : String(digit)}` : 'C';
    const axisOpts = Object.values(combo);
    const axisFactor = axisOpts.reduce((f, x) => f * (x.f ?? 1), 1);
    const basePrice = rng.float(tpl.p[0], tpl.p[1]) * axisFactor;
    const axisAttrs = axisOpts.flatMap((x) => parseAttrs(x.a));
    const staticAttrs = parseAttrs(tpl.at);

    // Models: a window of the template's (or the chosen option's own) variants.
    const own = axisOpts.find((x) => x.sz !== undefined);
    const variants = (own?.sz ?? tpl.sz ?? []).map(opt);
    const variantOnly = own ? own.v === true : tpl.v === true;
    let chosen: { v: Opt | null; index: number }[];
    if (variants.length === 0) {
      chosen = [{ v: null, index: 0 }];
    } else {
      const [mMin, mMax] = tpl.m ?? [3, 6];
      const hi = Math.min(mMax, variants.length, 8);
      const lo = Math.min(Math.max(1, mMin), hi);
      // Skewed towards the longer ranges: a product usually comes in several sizes.
      const count = Math.max(rng.int(lo, hi), rng.int(lo, hi));
      const start = variantOnly && rng.chance(0.7) ? 0 : rng.int(0, variants.length - count);
      chosen = variants.slice(start, start + count).map((v, i) => ({ v, index: start + i }));
    }

    const code = codeRoot(rng, counters, brand);
    let firstAttrs: [string, string][] = [];
    chosen.forEach(({ v, index }, i) => {
      const attrs = mergeAttrs([parseAttrs(v?.a), axisAttrs, staticAttrs]).slice(0, 5);
      if (attrs.length < 2) attrs.push(['Garantia', '2 anos']);
      if (i === 0) firstAttrs = attrs;
      const modelCode = code(i);
      if (counters.modelCodes.has(modelCode)) throw new Error(`Duplicate model code ${modelCode}`);
      counters.modelCodes.add(modelCode);
      const ean = rng.chance(NO_EAN_RATE) ? '' : nextEan(rng, counters, brand?.ean ?? HOUSE_EAN);
      const r = rng.next();
      const stock =
        r < OUT_OF_STOCK_RATE
          ? 'out_of_stock'
          : r < OUT_OF_STOCK_RATE + ON_ORDER_RATE
            ? 'on_order'
            : 'in_stock';
      const [small, medium, large] = packages(tpl.pk, index);
      rows.push({
        chapter_code: String(chapterCode),
        family_code: fam.code,
        family_title: fam.title,
        product_id: productId,
        product_name: name,
        description,
        brand: brand?.name ?? '',
        model_code: modelCode,
        model_name: v ? clean(`${name} ${v.t}`) : name,
        size: v ? (variantOnly ? '' : (v.s ?? v.t)) : '',
        price: round2(Math.max(0.05, basePrice * (v?.f ?? 1))),
        discount_group: discountGroup,
        ean,
        stock_status: stock,
        small_package: small,
        medium_package: medium,
        large_package: large,
        image: '',
        attributes: attrs.map(([n, val]) => `${n}=${val}`).join('|'),
      });
    });

    // Extras.
    const brandText = brand ? ` ${brand.name}` : '';
    const seoLead = `${name}${brandText}.`;
    const seoDescription = truncate(
      seoLead.length < 110 ? `${seoLead} ${mainSentence}` : seoLead,
      160,
    );
    const tech = [
      ...firstAttrs.map(([n, val]) => `${n}: ${val}`),
      ...(tpl.nm ? [`Norma: ${tpl.nm}`] : []),
      `Família: ${fam.title}`,
      ...(brand ? [`Marca: ${brand.name}`] : []),
    ];
    const info = rng.sample(chapter.info, rng.int(1, 2)).join(' ');
    extras.push({
      productId,
      seoName: brand ? `${name} ${brand.name}` : name,
      seoDescription,
      informacaoTecnica: tech.join('\n'),
      informacaoAdicional: info,
      ...weightOf(rng, tpl),
      notes: rng.chance(0.08) ? rng.pick(NOTES) : null,
    });
  }
}
