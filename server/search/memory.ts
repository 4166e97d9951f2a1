import 'server-only';
import { sql } from 'drizzle-orm';
import { FUZZY_MAX_WORDS, RELAXED_MAX_GROUPS, type ParsedQuery, type TermGroup } from '@/lib/search/query';
import { sizeTextSql, type SizeToken } from '@/lib/search/sizes';
import {
  asPrefixQuery,
  parseTsQuery,
  parseTsVector,
  queryOperands,
  scanTsVector,
  rankCd,
  rankCdBound,
  tsMatches,
  UnsupportedQueryError,
  isUnsupportedQuery,
  type Positions,
  type TsQuery,
  type TsVector,
} from '@/lib/search/tsquery';
import { foldAccents } from '@/lib/search/normalize';
import { trigrams, WORD_SIMILARITY_THRESHOLD, wordSimilarity } from '@/lib/search/trigrams';
import type { Db } from '@/server/db/client';
import type { SearchParams } from './engine';
import { executePrepared, textLiteral } from './prepared';
import {
  allQueryText,
  digitsUpperBound,
  FEW_RESULTS,
  groupQueries,
  LOCATION_POINTS,
  rankQueryText,
  SCORE_UNIT,
  scoreWithoutRank,
  typedWordsOf,
  withoutForms,
  type Mode,
  type ScoreShape,
} from './ranking';

/**
 * Relevance searches on PGlite, decided in memory. PGlite runs one query at a time, in
 * WebAssembly: a first-time suggestion spent most of its time there, parsing and planning the
 * ranking statement and evaluating hundreds of candidates row by row. The catalogue's search
 * columns are kept here as PostgreSQL computed them (the full-text documents and head vectors as
 * posting lists with each lexeme's weights and positions, the folded names, the sizes as the
 * size regexes read them, codes and EANs), and the search decides in JavaScript exactly what the
 * SQL engine (server/search/engine.ts) decides: which products match, where each group of words
 * matches (location 0–7), the points of the words typed, `sem …`, code and size hits, the second
 * pass, the total, `ts_rank_cd`, the order of the page, and the trigram fallback (pg_trgm's
 * `word_similarity`) when nothing has the words. The stems come from PostgreSQL
 * (`to_tsquery`, remembered per query text); the page's summaries are read with one prepared
 * statement (server/search/prepared.ts).
 *
 * Anything this module cannot evaluate exactly (a phrase over a boolean operator, a size regex
 * JavaScript does not accept, a score with no exact decimal form) makes `planSearch` answer null,
 * and the SQL engine runs instead. tests/integration/search-api.test.ts compares the two.
 */

// ---------------------------------------------------------------------------------------------
// The index

interface IndexedProduct {
  id: number;
  /** The name, and its length in characters (the order of equal scores: shorter, then by name). */
  name: string;
  nameLength: number;
  active: boolean;
  chapterCode: number;
  familyCode: string;
  brandId: number | null;
  nameFolded: string;
  headText: string;
  coreText: string;
  /** lower(product_code) */
  productCode: string;
  /** The trigrams of the folded name, in order (`word_similarity`), once needed. */
  trigrams: string[] | null;
  /** The full-text document and head vector as `tsvector` text (read only to walk every lexeme). */
  docText: string;
  headVectorText: string;
  /** Sizes and name as the size regexes read them (`c.size_text`). */
  sizeText: string;
  /** Each size entry, as the size regexes read it. */
  sizes: string[];
  /** The attribute values of its models, as the size regexes read them (only without sizes). */
  attributes: string[];
}

interface IndexedModel {
  product: number;
  /** lower(code) */
  code: string;
  ean: string | null;
  docText: string;
}

/**
 * Lexeme → the documents that have it, each with the weights (bits `1 << weight`) and number of
 * its positions: one list per lexeme, all packed in the same arrays (list `i` is entries
 * `start[i] … start[i + 1] - 1`), since most lexemes (codes, EANs) are in one document.
 */
interface Postings {
  lists: Map<string, number>;
  start: Int32Array;
  docs: Int32Array;
  weights: Uint8Array;
  positions: Uint16Array;
  /** Entry `j`'s positions (`position * 4 + weight`) are `pos[posStart[j] … posStart[j] + positions[j] - 1]`. */
  posStart: Int32Array;
  pos: Uint16Array;
  /** The lexemes in code-unit order (prefix lookups). */
  sorted: string[];
  size: number;
}

export interface SearchIndex {
  products: IndexedProduct[];
  models: IndexedModel[];
  /** Over the products' full-text documents. */
  documents: Postings;
  /** Over the products' head vectors (where in the name a word is). */
  heads: Postings;
  /** Over the models' full-text documents. */
  modelDocuments: Postings;
  /** Trigram → the products whose folded name has it (the trigram fallback). */
  nameTrigrams: Map<string, number[]>;
  /** Model indexes by lower(code), and by EAN, each in code-unit order (prefix and range lookups). */
  codes: { keys: string[]; models: Int32Array };
  eans: { keys: string[]; models: Int32Array };
}

class PostingsBuilder {
  /** Per lexeme: document, weights, first position (in `pos`), number of positions; repeated. */
  private readonly lists = new Map<string, number[]>();
  private readonly pos: number[] = [];
  /** Adds the lexemes of a `tsvector` text to document `doc`. */
  addText(text: string, doc: number) {
    scanTsVector(text, (lexeme, weights, positions) => {
      let list = this.lists.get(lexeme);
      if (!list) this.lists.set(lexeme, (list = []));
      list.push(doc, weights, this.pos.length, positions.length);
      for (const p of positions) this.pos.push(p);
    });
  }
  build(size: number): Postings {
    let total = 0;
    for (const flat of this.lists.values()) total += flat.length / 4;
    const lists = new Map<string, number>();
    const start = new Int32Array(this.lists.size + 1);
    const docs = new Int32Array(total);
    const weights = new Uint8Array(total);
    const positions = new Uint16Array(total);
    const posStart = new Int32Array(total);
    let at = 0;
    for (const [lexeme, flat] of this.lists) {
      start[lists.size] = at;
      lists.set(lexeme, lists.size);
      for (let j = 0; j < flat.length; j += 4) {
        docs[at] = flat[j]!;
        weights[at] = flat[j + 1]!;
        posStart[at] = flat[j + 2]!;
        positions[at] = flat[j + 3]!;
        at++;
      }
    }
    start[lists.size] = at;
    const pos = Uint16Array.from(this.pos);
    this.lists.clear();
    this.pos.length = 0;
    const sorted = [...lists.keys()].sort(compareCodeUnits);
    return { lists, start, docs, weights, positions, posStart, pos, sorted, size };
  }
}

/**
 * One document of a posting index as a `TsVector`: a lexeme's positions are found in its list
 * (documents ascending: a binary search); a walk over all lexemes (prefix operands) reads the
 * document's text once.
 */
class PostingsDocument implements TsVector {
  private parsed: Map<string, number[]> | null = null;
  constructor(
    private readonly postings: Postings,
    private readonly doc: number,
    private readonly text: string,
  ) {}
  get(lexeme: string): Positions | undefined {
    const { lists, start, docs, posStart, positions, pos } = this.postings;
    const list = lists.get(lexeme);
    if (list === undefined) return undefined;
    let lo = start[list]!;
    const end = start[list + 1]!;
    let hi = end;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (docs[mid]! < this.doc) lo = mid + 1;
      else hi = mid;
    }
    if (lo >= end || docs[lo] !== this.doc) return undefined;
    return pos.subarray(posStart[lo]!, posStart[lo]! + positions[lo]!);
  }
  [Symbol.iterator](): Iterator<[string, Positions]> {
    this.parsed ??= parseTsVector(this.text);
    return this.parsed[Symbol.iterator]();
  }
  *withPrefix(prefix: string): Iterable<[string, Positions]> {
    const sorted = this.postings.sorted;
    for (
      let i = lowerBound(sorted, prefix);
      i < sorted.length && sorted[i]!.startsWith(prefix);
      i++
    ) {
      const positions = this.get(sorted[i]!);
      if (positions) yield [sorted[i]!, positions];
    }
  }
}

const compareCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Index of the first key ≥ `value` in a sorted list. */
function lowerBound(keys: readonly string[], value: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function sortedKeys(entries: [string, number][]): { keys: string[]; models: Int32Array } {
  entries.sort((a, b) => compareCodeUnits(a[0], b[0]) || a[1] - b[1]);
  return { keys: entries.map((e) => e[0]), models: Int32Array.from(entries.map((e) => e[1])) };
}

/** Reads the catalogue's search columns (a few hundred milliseconds at the demo size). */
export async function buildSearchIndex(db: Db): Promise<SearchIndex> {
  const norm = (column: string) => sql.raw(sizeTextSql(column));
  const productRows = await db.execute<{
    id: number;
    active: boolean;
    chapter_code: number;
    family_code: string;
    brand_id: number | null;
    name: string;
    name_folded: string;
    head_text: string;
    core_text: string;
    product_code: string;
    doc: string;
    hv: string;
    size_text: string;
    sizes: (string | null)[];
    attributes: (string | null)[] | null;
  }>(sql`
    SELECT p.id, p.name, p.active, p.chapter_code, f.code AS family_code, p.brand_id, p.name_folded, p.head_text, p.core_text,
      lower(p.product_code) AS product_code, p.search_document::text AS doc, p.head_vector::text AS hv,
      ${norm(`array_to_string(p.available_sizes, ' | ') || ' | ' || p.name`)} AS size_text,
      ARRAY(SELECT ${norm('s.v')} FROM unnest(p.available_sizes) AS s(v)) AS sizes,
      CASE WHEN cardinality(p.available_sizes) = 0 THEN ARRAY(
        SELECT ${norm('a.value')} FROM inventory_products m JOIN model_attributes a ON a.model_id = m.id WHERE m.product_id = p.id
      ) END AS attributes
    FROM products p JOIN families f ON f.id = p.family_id
    ORDER BY p.id`);
  const modelRows = await db.execute<{
    product_id: number;
    code: string;
    ean: string | null;
    doc: string;
  }>(sql`
    SELECT m.product_id, lower(m.code) AS code, m.ean, m.search_document::text AS doc FROM inventory_products m ORDER BY m.id`);

  const products: IndexedProduct[] = [];
  const byId = new Map<number, number>();
  const documents = new PostingsBuilder();
  const heads = new PostingsBuilder();
  for (const r of productRows.rows) {
    const index = products.length;
    byId.set(Number(r.id), index);
    documents.addText(r.doc ?? '', index);
    heads.addText(r.hv ?? '', index);
    products.push({
      id: Number(r.id),
      active: r.active === true,
      chapterCode: Number(r.chapter_code),
      familyCode: r.family_code,
      brandId: r.brand_id === null ? null : Number(r.brand_id),
      name: r.name ?? '',
      nameLength: [...(r.name ?? '')].length,
      nameFolded: r.name_folded ?? '',
      headText: r.head_text ?? '',
      coreText: r.core_text ?? '',
      productCode: r.product_code ?? '',
      trigrams: null,
      docText: r.doc ?? '',
      headVectorText: r.hv ?? '',
      sizeText: r.size_text ?? '',
      sizes: (r.sizes ?? []).filter((v): v is string => v !== null),
      attributes: (r.attributes ?? []).filter((v): v is string => v !== null),
    });
  }
  const models: IndexedModel[] = [];
  const modelDocuments = new PostingsBuilder();
  const codes: [string, number][] = [];
  const eans: [string, number][] = [];
  for (const r of modelRows.rows) {
    const product = byId.get(Number(r.product_id));
    if (product === undefined) continue; // a product without its family row: never a candidate
    const index = models.length;
    modelDocuments.addText(r.doc ?? '', index);
    models.push({ product, code: r.code ?? '', ean: r.ean, docText: r.doc ?? '' });
    codes.push([r.code ?? '', index]);
    if (r.ean !== null) eans.push([r.ean, index]);
  }
  const nameTrigrams = new Map<string, number[]>();
  products.forEach((p, i) => {
    for (const t of new Set(trigrams(p.nameFolded))) {
      const list = nameTrigrams.get(t);
      if (list) list.push(i);
      else nameTrigrams.set(t, [i]);
    }
  });
  return {
    products,
    models,
    nameTrigrams,
    documents: documents.build(products.length),
    heads: heads.build(products.length),
    modelDocuments: modelDocuments.build(models.length),
    codes: sortedKeys(codes),
    eans: sortedKeys(eans),
  };
}

/** Union of two ascending lists of document numbers. */
function union(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      out.push(x);
      i++;
      j++;
    } else if (x < y) {
      out.push(x);
      i++;
    } else {
      out.push(y);
      j++;
    }
  }
  while (i < a.length) out.push(a[i++]!);
  while (j < b.length) out.push(b[j++]!);
  return out;
}

/** Intersection of two ascending lists of document numbers. */
function intersection(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      out.push(x);
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return out;
}

/**
 * The documents a query matches, ascending: set algebra over the posting lists (weights from
 * the lists' bits), in time proportional to the lists; a phrase is checked against the positions
 * (`positionsOf`) of the documents that have all its lexemes.
 */
function queryDocuments(
  query: TsQuery | null,
  postings: Postings,
  positionsOf: (doc: number) => TsVector,
): number[] {
  if (!query) return [];
  const operand = (q: Extract<TsQuery, { kind: 'val' }>): number[] => {
    const pick = (list: number): number[] => {
      const out: number[] = [];
      for (let j = postings.start[list]!; j < postings.start[list + 1]!; j++) {
        // A lexeme stored without positions (no weight bits) matches only an operand without weights.
        if (q.weights === 0 || (postings.weights[j]! & q.weights) !== 0)
          out.push(postings.docs[j]!);
      }
      return out;
    };
    if (!q.prefix) {
      const list = postings.lists.get(q.lexeme);
      return list === undefined ? [] : pick(list);
    }
    let out: number[] = [];
    for (let i = lowerBound(postings.sorted, q.lexeme); i < postings.sorted.length; i++) {
      const lexeme = postings.sorted[i]!;
      if (!lexeme.startsWith(q.lexeme)) break;
      out = union(out, pick(postings.lists.get(lexeme)!));
    }
    return out;
  };
  const algebra = (q: TsQuery): number[] => {
    switch (q.kind) {
      case 'val':
        return operand(q);
      case 'or':
        return union(algebra(q.left), algebra(q.right));
      case 'and':
        return intersection(algebra(q.left), algebra(q.right));
      case 'phrase':
        // The documents with both sides, checked against their positions.
        return intersection(algebra(q.left), algebra(q.right)).filter((i) =>
          tsMatches(q, positionsOf(i)),
        );
      case 'not': {
        const inside = new Set(algebra(q.arg));
        const out: number[] = [];
        for (let i = 0; i < postings.size; i++) if (!inside.has(i)) out.push(i);
        return out;
      }
    }
  };
  return algebra(query);
}

function toBitmap(docs: readonly number[], size: number): Uint8Array {
  const bm = new Uint8Array(size);
  for (const i of docs) bm[i] = 1;
  return bm;
}

// ---------------------------------------------------------------------------------------------
// Query texts → tsqueries (stems from PostgreSQL)

const parsedTexts = new Map<string, TsQuery | null>();
const MAX_TEXTS = 20_000;

/** `to_tsquery('pt_unaccent', text)` of each text, parsed; one statement for those not seen before. */
async function resolveTexts(
  db: Db,
  texts: readonly string[],
): Promise<Map<string, TsQuery | null>> {
  const missing = [...new Set(texts)].filter((t) => !parsedTexts.has(t));
  if (missing.length > 0) {
    const [row] = await executePrepared<{ queries: (string | null)[] }>(
      db,
      'cag_search_tsqueries',
      [`ARRAY[${missing.map(textLiteral).join(', ')}]::text[]`],
    );
    if (parsedTexts.size + missing.length > MAX_TEXTS) parsedTexts.clear();
    missing.forEach((t, i) => parsedTexts.set(t, parseTsQuery(row?.queries[i] ?? '')));
  }
  return new Map(texts.map((t) => [t, parsedTexts.get(t) ?? null]));
}

// ---------------------------------------------------------------------------------------------
// Evaluation

/** PostgreSQL's `\m` and `\M` (word characters: letters, digits, underscore) and `\S`. */
const WORD = String.raw`[\p{L}\p{Nd}_]`;
const START = `(?<!${WORD})(?=${WORD})`;
const END = `(?<=${WORD})(?!${WORD})`;
const WORD_CHAR = new RegExp(WORD, 'u');
const SPACE = /[ \t\n\r\f\v]/;
const TEE_FIRST = new RegExp(`^tes?${END}`, 'u');
const TEE_WORD = new RegExp(`${START}tes?${END}`, 'u');

type Queries = Record<Mode, TsQuery | null> & { present: Record<Mode, boolean> };

interface GroupPlan {
  tee: boolean;
  negated: boolean;
  /** Index in the parsed groups (code hits are kept by it). */
  k: number;
  hasCode: boolean;
  all: Queries;
  typed: Queries;
  /** A phrase typed (`painéis solares`): each word's queries; null otherwise. */
  words: Queries[] | null;
  /** The SQL engine's `name_folded ~ '\\msem (\\S+ )?(forms)\\M'`, or null. */
  without: ((name: string) => boolean) | null;
}

interface MemoryRow {
  id: number;
  /** The score without the text rank, in millionths (`scoreWithoutRank`). */
  base: number;
}

export interface MemoryPlan {
  /** The ids of the requested page, in order. */
  ids: number[];
  total: number;
}

/** The page and the filters of a search (its query, sort and order are the plan's own arguments). */
export type PlanParams = Pick<SearchParams, 'limit' | 'offset' | 'chapterCode' | 'familyCode' | 'brand' | 'productIds'>;

function textsOf(q: Record<Mode, string | null>): string[] {
  return Object.values(q).filter((t): t is string => t !== null);
}

function queriesOf(q: Record<Mode, string | null>, resolved: Map<string, TsQuery | null>): Queries {
  const get = (mode: Mode) => (q[mode] === null ? null : (resolved.get(q[mode]) ?? null));
  return {
    any: get('any'),
    first: get('first'),
    core: get('core'),
    name: get('name'),
    extra: get('extra'),
    present: {
      any: q.any !== null,
      first: q.first !== null,
      core: q.core !== null,
      name: q.name !== null,
      extra: q.extra !== null,
    },
  };
}

interface CodeHits {
  /** Product index → (group index → 1–3). */
  byProduct: Map<number, Map<number, number>>;
}

/** Exact, prefix or inside a model code or product code, exact or prefix of an EAN (see `codeHitsSql`). */
function findCodeHits(index: SearchIndex, groups: readonly TermGroup[]): CodeHits {
  const byProduct = new Map<number, Map<number, number>>();
  const hit = (product: number, k: number, s: number) => {
    let m = byProduct.get(product);
    if (!m) byProduct.set(product, (m = new Map()));
    m.set(k, Math.max(m.get(k) ?? 0, s));
  };
  groups.forEach((g, k) => {
    if (g.codes.length === 0) return;
    const variants = g.codes;
    const numeric = variants.filter((v) => /^\d+$/.test(v));
    const digits = variants[0]?.replace(/\D/g, '') ?? '';
    const infix = digits.length >= 4;
    const score = (m: IndexedModel) => {
      const prefix = variants.some((v) => m.code.startsWith(v));
      const ean = m.ean;
      const eanPrefix =
        ean !== null &&
        numeric.some(
          (v) => ean >= v && (digitsUpperBound(v) === null || ean < digitsUpperBound(v)!),
        );
      const exact = variants.includes(m.code) || (ean !== null && numeric.includes(ean));
      return exact ? 3 : prefix || eanPrefix ? 2 : 1;
    };
    const seen = new Set<number>();
    const visit = (model: number) => {
      if (seen.has(model)) return;
      seen.add(model);
      const m = index.models[model]!;
      hit(m.product, k, score(m));
    };
    // Prefixes of the code (and so exact codes), through the sorted codes.
    for (const v of variants) {
      for (
        let i = lowerBound(index.codes.keys, v);
        i < index.codes.keys.length && index.codes.keys[i]!.startsWith(v);
        i++
      )
        visit(index.codes.models[i]!);
    }
    // EANs in [v, next prefix): the SQL's range on the text column.
    for (const v of numeric) {
      const to = digitsUpperBound(v);
      for (
        let i = lowerBound(index.eans.keys, v);
        i < index.eans.keys.length && (to === null || index.eans.keys[i]! < to);
        i++
      )
        visit(index.eans.models[i]!);
    }
    if (infix) index.models.forEach((m, i) => variants.some((v) => m.code.includes(v)) && visit(i));
    index.products.forEach((p, i) => {
      const prefix = variants.some((v) => p.productCode.startsWith(v));
      const inside = infix && variants.some((v) => p.productCode.includes(v));
      if (!prefix && !inside) return;
      hit(i, k, variants.includes(p.productCode) ? 3 : prefix ? 2 : 1);
    });
  });
  return { byProduct };
}

interface SizeTest {
  exact: RegExp;
  pattern: RegExp;
  equivalents: RegExp[];
}

function sizeTests(sizes: readonly SizeToken[]): SizeTest[] {
  try {
    return sizes.map((s) => ({
      exact: new RegExp(s.exact),
      pattern: new RegExp(s.pattern),
      equivalents: s.equivalents.map((e) => new RegExp(e.pattern)),
    }));
  } catch (err) {
    throw new UnsupportedQueryError(`size regex: ${String(err)}`);
  }
}

/** `sizeScoreSql` in tenths: 10 an exact size entry, 8 in sizes or name, 6 in a model attribute, 5 an equivalent. */
function sizeScore(p: IndexedProduct, tests: readonly SizeTest[]): number {
  let tenths = 0;
  for (const t of tests) {
    if (p.sizes.some((v) => t.exact.test(v))) tenths += 10;
    else if (t.pattern.test(p.sizeText)) tenths += 8;
    else if (p.sizes.length === 0 && p.attributes.some((a) => t.pattern.test(a))) tenths += 6;
    else if (t.equivalents.some((e) => e.test(p.sizeText))) tenths += 5;
  }
  return tenths;
}

function passesFilters(
  p: IndexedProduct,
  params: PlanParams,
  allowed: Set<number> | null,
): boolean {
  if (!p.active) return false;
  if (params.chapterCode !== undefined && p.chapterCode !== params.chapterCode) return false;
  if (params.familyCode && p.familyCode !== params.familyCode) return false;
  if (
    params.brand === 'no-brand'
      ? p.brandId !== null
      : params.brand !== undefined && p.brandId !== params.brand
  )
    return false;
  if (allowed && !allowed.has(p.id)) return false;
  return true;
}

interface PassRow extends MemoryRow {
  product: number;
  /** The SQL engine's `strong`: every group matches beyond the description. */
  strong: boolean;
}

interface PassResult {
  rows: PassRow[];
  total: number;
}

/** The SQL cannot be matched exactly (a score with no exact decimal form): run the SQL engine. */
class InexactScoreError extends UnsupportedQueryError {}

/** Where a group's queries match, per product: documents (`@@`) and head vectors (`@@` prefix). */
interface QueryBits {
  name: Uint8Array | null;
  first: Uint8Array | null;
  core: Uint8Array | null;
  anyHead: Uint8Array | null;
  extra: Uint8Array | null;
  any: Uint8Array | null;
}

interface GroupBits {
  plan: GroupPlan;
  all: QueryBits;
  typed: QueryBits;
  words: QueryBits[] | null;
}

/** The documents of a search's queries, each computed once (as 0/1 arrays, for lookups by product). */
class Bitmaps {
  private readonly docs = new Map<TsQuery | null, Uint8Array>();
  private readonly heads = new Map<TsQuery | null, Uint8Array>();
  constructor(private readonly index: SearchIndex) {}
  doc(q: TsQuery | null): Uint8Array {
    let bm = this.docs.get(q);
    if (!bm) {
      const products = this.index.products;
      const docs = queryDocuments(q, this.index.documents, (i) => documentOf(this.index, i));
      this.docs.set(q, (bm = toBitmap(docs, products.length)));
    }
    return bm;
  }
  head(q: TsQuery | null): Uint8Array {
    let bm = this.heads.get(q);
    if (!bm) {
      const products = this.index.products;
      const docs = queryDocuments(asPrefixQuery(q), this.index.heads, (i) =>
        headVectorOf(this.index, i),
      );
      this.heads.set(q, (bm = toBitmap(docs, products.length)));
    }
    return bm;
  }
  /** The products with a model whose document matches. */
  modelProducts(q: TsQuery | null): number[] {
    const models = this.index.models;
    return queryDocuments(
      q,
      this.index.modelDocuments,
      (i) => new PostingsDocument(this.index.modelDocuments, i, models[i]!.docText),
    ).map((m) => models[m]!.product);
  }
  bits(q: Queries): QueryBits {
    return {
      name: q.present.name ? this.doc(q.name) : null,
      first: q.present.first ? this.head(q.first) : null,
      core: q.present.core ? this.head(q.core) : null,
      anyHead: q.present.any ? this.head(q.any) : null,
      extra: q.present.extra ? this.doc(q.extra) : null,
      any: q.present.any ? this.doc(q.any) : null,
    };
  }
}

/** Product `i`'s full-text document, read from the posting lists. */
function documentOf(index: SearchIndex, i: number): TsVector {
  return new PostingsDocument(index.documents, i, index.products[i]!.docText);
}

/** Product `i`'s head vector, read from the posting lists. */
function headVectorOf(index: SearchIndex, i: number): TsVector {
  return new PostingsDocument(index.heads, i, index.products[i]!.headVectorText);
}

/**
 * `rankCdUpperBound` of every product for one query: from the posting lists when the query's
 * operands are plain lexemes (entries = positions of its lexemes, times their largest weight).
 */
function rankBounds(index: SearchIndex, query: TsQuery | null): (product: number) => number {
  const operands = queryOperands(query);
  if (!operands.every((op) => !op.prefix && op.weights === 0)) {
    const bound = rankCdBound(query);
    return (product) => bound(documentOf(index, product));
  }
  const entries = new Float64Array(index.products.length);
  const maxWeight = new Float64Array(index.products.length);
  const postings = index.documents;
  for (const lexeme of new Set(operands.map((op) => op.lexeme))) {
    const list = postings.lists.get(lexeme);
    if (list === undefined) continue;
    for (let j = postings.start[list]!; j < postings.start[list + 1]!; j++) {
      const doc = postings.docs[j]!;
      const bits = postings.weights[j]!;
      entries[doc]! += postings.positions[j]!;
      const weight = bits & 8 ? 1.0 : bits & 4 ? 0.4 : bits & 2 ? 0.2 : bits & 1 ? 0.1 : 0;
      if (weight > maxWeight[doc]!) maxWeight[doc] = weight;
    }
  }
  return (product) => entries[product]! * maxWeight[product]!;
}

/** PostgreSQL's order of text in the C collation: by code points. */
function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(j)!;
    if (x !== y) return x - y;
    i += x > 0xffff ? 2 : 1;
    j += y > 0xffff ? 2 : 1;
  }
  return a.length - i - (b.length - j);
}

/**
 * The page `offset … offset + limit` of the rows in the SQL engine's order: `score DESC,
 * length(name), name, id`, where the score is the base (numeric) plus `ts_rank_cd * 5` (then a
 * double). The text rank is computed only for the rows that can still reach the page: rows are
 * taken by decreasing upper bound (base + 5 × the rank's bound) until the page's last score is
 * above every bound left.
 */
function pageOf(
  index: SearchIndex,
  rows: readonly PassRow[],
  rankQuery: TsQuery | null,
  params: PlanParams,
): number[] {
  const needed = params.offset + params.limit;
  const products = index.products;
  type Scored = { row: PassRow; score: number };
  const order = (a: Scored, b: Scored) => {
    const pa = products[a.row.product]!;
    const pb = products[b.row.product]!;
    return (
      b.score - a.score ||
      pa.nameLength - pb.nameLength ||
      compareCodePoints(pa.name, pb.name) ||
      pa.id - pb.id
    );
  };
  if (!rankQuery) {
    // The score stays numeric: compare the exact bases.
    return rows
      .map((row) => ({ row, score: row.base }))
      .sort(order)
      .slice(params.offset, needed)
      .map((s) => s.row.id);
  }
  const bound = rankBounds(index, rankQuery);
  // The bound with a margin for the float4 rounding of the rank.
  const byUpper = rows
    .map((row) => ({
      row,
      upper: row.base / SCORE_UNIT + 5 * bound(row.product) * (1 + 1e-6) + 1e-6,
    }))
    .sort((a, b) => b.upper - a.upper);
  const scored: Scored[] = [];
  /** The best `needed` scores so far, highest first; the last is the page's lowest possible score. */
  const best: number[] = [];
  for (const { row, upper } of byUpper) {
    if (best.length >= needed && upper < best[needed - 1]!) break;
    const score = row.base / SCORE_UNIT + rankCd(rankQuery, documentOf(index, row.product)) * 5;
    scored.push({ row, score });
    let at = best.length;
    while (at > 0 && best[at - 1]! < score) at--;
    if (at < needed) {
      best.splice(at, 0, score);
      if (best.length > needed) best.pop();
    }
  }
  return scored
    .sort(order)
    .slice(params.offset, needed)
    .map((s) => s.row.id);
}

/** `locationCase`: 7 first word (or a code), 6 name core, 5 name head, 4 name, 3 extra, 2 a model, 1 description. */
function location(
  b: QueryBits,
  i: number,
  codeHit: boolean,
  modelHit: boolean,
  relaxed: boolean,
): number {
  if (codeHit) return 7;
  if (b.name && b.name[i]) {
    if (b.first && b.first[i]) return 7;
    if (b.core && b.core[i]) return 6;
    if (b.anyHead && b.anyHead[i]) return 5;
    return 4;
  }
  if (b.extra && b.extra[i]) return 3;
  if (b.any && !relaxed && modelHit) return 2;
  if (b.any && b.any[i]) return 1;
  return 0;
}

function teeLocation(p: IndexedProduct): number {
  if (TEE_FIRST.test(p.nameFolded)) return 7;
  if (TEE_WORD.test(p.coreText)) return 6;
  if (TEE_WORD.test(p.headText)) return 5;
  return TEE_WORD.test(p.nameFolded) ? 4 : 0;
}

function runPass(
  index: SearchIndex,
  parsed: ParsedQuery,
  params: PlanParams,
  plans: (GroupPlan | null)[],
  bitmaps: Bitmaps,
  groupBits: (GroupBits | null)[],
  resolved: Map<string, TsQuery | null>,
  codeHits: CodeHits,
  sizes: SizeTest[],
  relaxed: boolean,
): PassResult {
  const groups = parsed.groups;
  const scored = groupBits.filter((g): g is GroupBits => g !== null);
  const first = plans.findIndex((g) => g !== null);
  const head = first >= 0 ? plans[first]! : null;
  const headIndex = head && !head.tee && !head.hasCode ? 0 : -1;
  const shape: ScoreShape = { negated: scored.map((g) => g.plan.negated), headIndex, relaxed };
  const divisors = scored.map((g) => (g.words ? g.words.length : null));
  const n = scored.length;

  // Candidates, each source as the SQL engine's `ids`.
  const allText = allQueryText(groups, relaxed);
  const allQuery = allText ? (resolved.get(allText) ?? null) : null;
  const count = index.products.length;
  const isCandidate = new Uint8Array(count);
  const modelHit = new Uint8Array(count);
  if (allText && allQuery) {
    isCandidate.set(bitmaps.doc(allQuery));
    for (const i of bitmaps.modelProducts(allQuery)) {
      modelHit[i] = 1;
      isCandidate[i] = 1;
    }
  }
  for (const i of codeHits.byProduct.keys()) isCandidate[i] = 1;
  if (!allText && groups.some((g) => g.tee)) {
    index.products.forEach((p, i) => {
      if (TEE_WORD.test(p.nameFolded)) isCandidate[i] = 1;
    });
  }
  if (groups.length === 0 && parsed.sizes.length > 0) {
    const patterns = sizes.flatMap((t) => [t.pattern, ...t.equivalents]);
    index.products.forEach((p, i) => {
      if (patterns.some((re) => re.test(p.sizeText))) isCandidate[i] = 1;
    });
  }

  const allowed = params.productIds ? new Set(params.productIds) : null;
  const minMatched = Math.max(1, n - 1);
  const la = new Array<number>(n).fill(0);
  const pt = new Array<number>(n).fill(0);
  const wo = new Array<boolean>(n).fill(false);
  const mk = new Array<number>(n).fill(0);
  const row = { la, pt, wo, mk, code: 0, sizeTenths: 0 };
  const rows: PassRow[] = [];
  for (let i = 0; i < count; i++) {
    if (!isCandidate[i]) continue;
    const p = index.products[i]!;
    if (!passesFilters(p, params, allowed)) continue;
    const hits = codeHits.byProduct.get(i);
    const isModelHit = modelHit[i] === 1;
    let matched = 0;
    let strong = true;
    for (let k = 0; k < n; k++) {
      const g = scored[k]!;
      if (g.plan.tee) {
        const l = teeLocation(p);
        la[k] = l;
        pt[k] = LOCATION_POINTS[l]!;
        wo[k] = false;
        mk[k] = TEE_WORD.test(p.nameFolded) ? 1 : 0;
      } else {
        const codeHit = g.plan.hasCode && (hits?.has(g.plan.k) ?? false);
        la[k] = location(g.all, i, codeHit, isModelHit, relaxed);
        let points = 0;
        if (g.words)
          for (const w of g.words)
            points += LOCATION_POINTS[location(w, i, false, isModelHit, relaxed)]!;
        else points = LOCATION_POINTS[location(g.typed, i, codeHit, isModelHit, relaxed)]!;
        pt[k] = points;
        wo[k] = g.plan.without !== null && g.plan.without(p.nameFolded);
        mk[k] =
          (g.all.any !== null && g.all.any[i] === 1) ||
          (g.all.any !== null && !relaxed && isModelHit) ||
          codeHit
            ? 1
            : 0;
      }
      matched += mk[k]!;
      if (la[k]! < 2) strong = false;
    }
    if (n && (relaxed ? matched < minMatched : matched < n)) continue;
    row.code = hits ? Math.max(0, ...hits.values()) : 0;
    row.sizeTenths = sizes.length ? sizeScore(p, sizes) : 0;
    const base = scoreWithoutRank(shape, divisors, row);
    if (base === null) throw new InexactScoreError('score without an exact decimal form');
    rows.push({ id: p.id, base, product: i, strong: relaxed || n === 0 || strong });
  }
  // `strong OR NOT any_strong`.
  const kept = rows.some((r) => r.strong) ? rows.filter((r) => r.strong) : rows;
  return { rows: kept, total: kept.length };
}

/**
 * PostgreSQL's `name ~ '\\msem (\\S+ )?(f1|f2|…)\\M'` without compiling a regex per search: "sem "
 * at the start of a word, then maybe one word and a space, then one of the forms ending a word.
 */
function withoutMatcher(forms: readonly string[]): (name: string) => boolean {
  const isWord = (name: string, i: number) => i >= 0 && i < name.length && WORD_CHAR.test(name[i]!);
  const formAt = (name: string, at: number) =>
    forms.some(
      (f) =>
        name.startsWith(f, at) && isWord(name, at + f.length - 1) && !isWord(name, at + f.length),
    );
  return (name) => {
    for (let i = name.indexOf('sem '); i >= 0; i = name.indexOf('sem ', i + 1)) {
      if (isWord(name, i - 1)) continue;
      const next = i + 4;
      if (formAt(name, next)) return true;
      let end = next;
      while (end < name.length && !SPACE.test(name[end]!)) end++;
      if (end > next && name[end] === ' ' && formAt(name, end + 1)) return true;
    }
    return false;
  };
}

function planGroup(
  group: TermGroup,
  k: number,
): {
  plan: Omit<GroupPlan, 'all' | 'typed' | 'words'>;
  texts: {
    all: Record<Mode, string | null>;
    typed: Record<Mode, string | null>;
    words: Record<Mode, string | null>[] | null;
  };
} | null {
  if (group.tee) {
    const none = { any: null, first: null, core: null, name: null, extra: null };
    return {
      plan: { tee: true, negated: false, k, hasCode: false, without: null },
      texts: { all: none, typed: none, words: null },
    };
  }
  const all = groupQueries(group.alternatives);
  const typed = groupQueries(group.alternatives.filter((a) => a.source === 'query'));
  const hasCode = group.codes.length > 0;
  if (!all.any && !hasCode) return null;
  const typedWords = typedWordsOf(group);
  const words =
    typedWords.length > 1 && !hasCode
      ? typedWords.map((w) => groupQueries([{ words: [w], source: 'query' }]))
      : null;
  const forms = withoutForms(group);
  const without = forms.length ? withoutMatcher(forms) : null;
  return {
    plan: { tee: false, negated: group.negated, k, hasCode, without },
    texts: { all, typed, words },
  };
}

/**
 * The rows (with their match columns) that can make the page `offset … offset + limit` of a
 * relevance search, and the total; null when this search must run in SQL.
 */
export async function planSearch(
  db: Db,
  index: SearchIndex,
  parsed: ParsedQuery,
  params: PlanParams,
  /** Time guard (`performance.now()`): past it, no second pass (engine.ts `SEARCH_BUDGET_MS`). */
  deadline?: number,
): Promise<MemoryPlan | null> {
  const groups = parsed.groups;
  const described = groups.map((g, k) => planGroup(g, k));
  const texts: string[] = [];
  for (const d of described) {
    if (!d) continue;
    texts.push(
      ...textsOf(d.texts.all),
      ...textsOf(d.texts.typed),
      ...(d.texts.words ?? []).flatMap(textsOf),
    );
  }
  const strictText = allQueryText(groups, false);
  const relaxedText = groups.length > 1 ? allQueryText(groups, true) : '';
  const rankText = rankQueryText(groups);
  for (const t of [strictText, relaxedText, rankText]) if (t) texts.push(t);
  let resolved: Map<string, TsQuery | null>;
  try {
    resolved = await resolveTexts(db, texts);
  } catch (err) {
    if (err instanceof SyntaxError) return null; // a tsquery text this parser does not read
    throw err;
  }
  const plans: (GroupPlan | null)[] = described.map((d) =>
    d
      ? {
          ...d.plan,
          all: queriesOf(d.texts.all, resolved),
          typed: queriesOf(d.texts.typed, resolved),
          words: d.texts.words ? d.texts.words.map((w) => queriesOf(w, resolved)) : null,
        }
      : null,
  );
  const rankQuery = rankText ? (resolved.get(rankText) ?? null) : null;
  try {
    const sizes = sizeTests(parsed.sizes);
    const codeHits = findCodeHits(index, groups);
    const bitmaps = new Bitmaps(index);
    const groupBits: (GroupBits | null)[] = plans.map((g) =>
      g
        ? {
            plan: g,
            all: bitmaps.bits(g.all),
            typed: bitmaps.bits(g.typed),
            words: g.words ? g.words.map((w) => bitmaps.bits(w)) : null,
          }
        : null,
    );
    const pass = (relaxed: boolean) =>
      runPass(index, parsed, params, plans, bitmaps, groupBits, resolved, codeHits, sizes, relaxed);
    let result = pass(false);
    // Few products have every word: also rank those missing one of them (engine.ts `run`).
    const inTime = deadline === undefined || performance.now() < deadline;
    if (result.total < FEW_RESULTS && groups.length > 1 && groups.length <= RELAXED_MAX_GROUPS && inTime) {
      const relaxed = pass(true);
      if (relaxed.total > result.total) result = relaxed;
    }
    return { ids: pageOf(index, result.rows, rankQuery, params), total: result.total };
  } catch (err) {
    if (isUnsupportedQuery(err)) return null;
    throw err;
  }
}

/**
 * The trigram fallback (engine.ts `fuzzyIds`) in memory: products whose folded name has a word
 * like one of the query's words (`word <% name`, pg_trgm's word similarity ≥ 0.6), by the sum
 * of the words' similarities, then shorter names, then id.
 */
export function planFuzzy(index: SearchIndex, parsed: ParsedQuery, params: PlanParams): MemoryPlan {
  const words = parsed.groups
    .filter((g) => !g.tee && g.codes.length === 0)
    .map((g) => foldAccents(g.text))
    .filter((t) => t.length >= 4)
    .slice(0, FUZZY_MAX_WORDS)
    .map((t) => trigrams(t));
  if (words.length === 0) return { ids: [], total: 0 };
  // A name can reach the threshold only if it has that share of the word's distinct trigrams.
  const candidates = new Set<number>();
  for (const word of words) {
    const distinct = new Set(word);
    const shared = new Map<number, number>();
    for (const t of distinct)
      for (const i of index.nameTrigrams.get(t) ?? []) shared.set(i, (shared.get(i) ?? 0) + 1);
    for (const [i, n] of shared)
      if (n / distinct.size >= WORD_SIMILARITY_THRESHOLD - 1e-6) candidates.add(i);
  }
  const allowed = params.productIds ? new Set(params.productIds) : null;
  const rows: { p: IndexedProduct; score: number }[] = [];
  for (const i of candidates) {
    const p = index.products[i]!;
    if (!passesFilters(p, params, allowed)) continue;
    p.trigrams ??= trigrams(p.nameFolded);
    const similarities = words.map((w) => wordSimilarity(w, p.trigrams!));
    if (!similarities.some((s) => s >= WORD_SIMILARITY_THRESHOLD)) continue;
    // float4 + float4, as `word_similarity(…) + word_similarity(…)`.
    const score = similarities.reduce((sum, s, k) => (k === 0 ? s : Math.fround(sum + s)), 0);
    rows.push({ p, score });
  }
  rows.sort((a, b) => b.score - a.score || a.p.nameLength - b.p.nameLength || a.p.id - b.p.id);
  return {
    ids: rows.slice(params.offset, params.offset + params.limit).map((r) => r.p.id),
    total: rows.length,
  };
}
