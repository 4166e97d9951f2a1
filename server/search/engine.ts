import 'server-only';
import { and, sql, type SQL } from 'drizzle-orm';
import { env } from '@/lib/env';
import { foldAccents } from '@/lib/search/normalize';
import { FUZZY_MAX_WORDS, parseSearchQuery, RELAXED_MAX_GROUPS, type ParsedQuery, type TermGroup } from '@/lib/search/query';
import { sizeTextSql, type SizeToken } from '@/lib/search/sizes';
import { getProductSummariesByIds, productFilterConditions, summaryFromRow, summaryJoinsSql, summarySelectSql } from '@/server/catalogue/products';
import type { ListingSort, ProductSummary, SortOrder } from '@/lib/catalogue/types';
import { getDatabase, getDb, type Database, type Db } from '@/server/db/client';
import { planFuzzy, planSearch } from './memory';
import { executePrepared } from './prepared';
import {
  allQueryText,
  digitsUpperBound,
  FEW_RESULTS,
  groupQueries,
  pointsSql,
  rankQueryText,
  scoreSql,
  typedWordsOf,
  withoutForms,
  type Mode,
} from './ranking';
import { getSynonymTable } from './synonym-store';
import { getSearchIndex, getVocabulary } from './vocabulary';

/**
 * Product search (spec 5 and 7): PostgreSQL full text over the product document (name and SEO
 * name, codes, brand, family, sizes, description) and the model documents, plus code/EAN
 * lookups and size matching, in one ranking query that also reads the page's `ProductSummary`
 * rows. Only when fewer than `FEW_RESULTS` products have every word does a second ranking query
 * also list those missing one word (after the others); when still nothing matches, a trigram
 * (`<%`) query on product names catches what the typo correction did not.
 *
 * On PGlite a relevance search is decided in memory by the same rules (server/search/memory.ts:
 * same pages, same totals) and only the page's summaries are read in SQL; this SQL engine serves
 * the other orders, PostgreSQL, `explainSearch`/`debugSearch`, and PGlite while the in-memory
 * index is rebuilt after a catalogue change.
 *
 * Ranking, per group of words the user typed (each word with its plural, synonyms, corrections):
 * where it matches in the product name decides how much it counts. The first word of the name
 * (the kind of product: "Torneira …") counts most, then the name before "com"/"sem", then the
 * name before "para"/"de ligação a" (what follows is what an accessory is *for*), then the rest
 * of the name, then family/brand/codes/sizes/model names, then the description. Words matched
 * through a synonym or a correction count a little less than the words typed. Exact and prefix
 * matches of a model code, product code or EAN come first; sizes sold by the product add to
 * the score.
 */

export type SearchSort = ListingSort;
export type { SortOrder };

export interface SearchParams {
  q: string;
  limit: number;
  offset: number;
  chapterCode?: number;
  familyCode?: string;
  brand?: number | 'no-brand';
  /** Only these products (technical-attribute filters). */
  productIds?: readonly number[];
  sort: SearchSort;
  order: SortOrder;
}

export interface SearchPage {
  items: ProductSummary[];
  total: number;
}

/** The text search configuration, as an SQL literal (a bound parameter would be `text`, not `regconfig`). */
const CONFIG = sql.raw(`'pt_unaccent'::regconfig`);

// ---------------------------------------------------------------------------------------------
// SQL pieces

/**
 * The tsqueries of one search, computed once in the `q` CTE and referenced as InitPlans.
 * `ref` gives the Portuguese query (stems) for the stored documents; `prefixRef` gives the same
 * query over the `simple` configuration with every stem as a prefix (`'torneir':*`), for the
 * vectors built on the fly from the folded name (far cheaper than the Portuguese dictionary).
 */
class Terms {
  private readonly texts: string[] = [];
  private readonly prefixed = new Set<number>();
  private readonly docTests = new Set<number>();
  private index(text: string): number {
    let i = this.texts.indexOf(text);
    if (i < 0) i = this.texts.push(text) - 1;
    return i;
  }
  ref(text: string): SQL {
    return sql.raw(`(SELECT t${this.index(text)} FROM q)`);
  }
  prefixRef(text: string): SQL {
    const i = this.index(text);
    this.prefixed.add(i);
    return sql.raw(`(SELECT s${i} FROM q)`);
  }
  /** `document @@ query`, evaluated once per candidate (column `d{i}` of the candidates). */
  docRef(text: string): SQL {
    const i = this.index(text);
    this.docTests.add(i);
    return sql.raw(`c.d${i}`);
  }
  docColumns(document: string): SQL[] {
    return [...this.docTests].map((i) => sql.raw(`(${document} @@ (SELECT t${i} FROM q)) AS d${i}`));
  }
  cte(): SQL {
    if (this.texts.length === 0) return sql`SELECT NULL::tsquery AS t_none`;
    const base = sql.join(
      this.texts.map((t, i) => sql`to_tsquery(${CONFIG}, ${t}) AS ${sql.raw(`t${i}`)}`),
      sql`, `,
    );
    // 'torneir':A → 'torneir':*A (a quoted lexeme, then its optional weight marker).
    const toPrefix = String.raw`'''([^'']+)'':?', '''\1'':*', 'g'`;
    const prefixes = [...this.prefixed].map((i) => sql.raw(`regexp_replace(t${i}::text, ${toPrefix})::tsquery AS s${i}`));
    return prefixes.length ? sql`SELECT *, ${sql.join(prefixes, sql`, `)} FROM (SELECT ${base}) x` : sql`SELECT ${base}`;
  }
}

interface GroupSql {
  /** Boolean: the name says the product is *without* this ("sem boia"), or null. */
  without: SQL | null;
  negated: boolean;
  /** Boolean: the group matches the candidate somewhere (its document, its models, its codes). */
  matches: SQL;
  /** Location rank 0–7 of the group through any of its alternatives. */
  locationAll: SQL;
  /** Points of the words typed (a phrase scores the mean of its words' points). */
  pointsTyped: SQL;
}

const HAS_CODE_HIT = (k: number) => sql.raw(`(c.code_hits ->> '${k}') IS NOT NULL`);

function teeSql(): GroupSql {
  const name = sql.raw('c.name_folded');
  const location = sql`CASE
      WHEN ${name} ~ '^tes?\\M' THEN 7
      WHEN c.core_text ~ '\\mtes?\\M' THEN 6
      WHEN c.head_text ~ '\\mtes?\\M' THEN 5
      WHEN ${name} ~ '\\mtes?\\M' THEN 4 ELSE 0 END`;
  return {
    matches: sql`(${name} ~ '\\mtes?\\M')`,
    locationAll: location,
    pointsTyped: pointsSql(location),
    without: null,
    negated: false,
  };
}

/** Location of a group: 7 first word, 6 name core, 5 name head, 4 name, 3 family/brand/codes, 2 models, 1 description. */
function locationCase(terms: Terms, q: Record<Mode, string | null>, code: SQL | null, relaxed: boolean): SQL {
  const branches: SQL[] = [];
  if (code) branches.push(sql`WHEN ${code} THEN 7`);
  // The head vector matches stems as prefixes (cheap `simple` vectors): it only says *where* in
  // the name a word is, once the stored document says the name has it at all.
  const head = (text: string) => terms.prefixRef(text);
  if (q.name) {
    const inName = terms.docRef(q.name);
    if (q.first) branches.push(sql`WHEN ${inName} AND c.hv @@ ${head(q.first)} THEN 7`);
    if (q.core) branches.push(sql`WHEN ${inName} AND c.hv @@ ${head(q.core)} THEN 6`);
    if (q.any) branches.push(sql`WHEN ${inName} AND c.hv @@ ${head(q.any)} THEN 5`);
    branches.push(sql`WHEN ${inName} THEN 4`);
  }
  if (q.extra) branches.push(sql`WHEN ${terms.docRef(q.extra)} THEN 3`);
  // A model that has every word (only meaningful when every word is required).
  if (q.any && !relaxed) branches.push(sql`WHEN c.model_hit THEN 2`);
  if (q.any) branches.push(sql`WHEN ${terms.docRef(q.any)} THEN 1`);
  if (branches.length === 0) return sql`0`;
  return sql`(CASE ${sql.join(branches, sql` `)} ELSE 0 END)`;
}

function groupSql(terms: Terms, group: TermGroup, k: number, relaxed: boolean): GroupSql | null {
  if (group.tee) return teeSql();
  const all = groupQueries(group.alternatives);
  const typed = groupQueries(group.alternatives.filter((a) => a.source === 'query'));
  const code = group.codes.length > 0 ? HAS_CODE_HIT(k) : null;
  if (!all.any && !code) return null;
  const matchParts: SQL[] = [];
  if (all.any) matchParts.push(terms.docRef(all.any));
  if (all.any && !relaxed) matchParts.push(sql`c.model_hit`);
  if (code) matchParts.push(code);
  // A typed phrase (`painéis solares`) scores each of its words where it is found.
  const typedWords = typedWordsOf(group);
  const pointsTyped =
    typedWords.length > 1 && !code
      ? sql`((${sql.join(
          typedWords.map((w) => pointsSql(locationCase(terms, groupQueries([{ words: [w], source: 'query' }]), null, relaxed))),
          sql` + `,
        )}) / ${sql.raw(`${typedWords.length}.0`)})`
      : pointsSql(locationCase(terms, typed, code, relaxed));
  // "sem boia" in a name: the product lacks what this group asks for.
  const forms = withoutForms(group);
  const without = forms.length ? sql`(c.name_folded ~ ${`\\msem (\\S+ )?(${forms.join('|')})\\M`})` : null;
  return {
    matches: sql`(${sql.join(matchParts, sql` OR `)})`,
    locationAll: locationCase(terms, all, code, relaxed),
    pointsTyped,
    without,
    negated: group.negated,
  };
}


/**
 * Code lookups of one group: exact (3), prefix (2) or inside (1) a model code or product code,
 * exact (3) or prefix (2) of an EAN. Every test can use an index: `text_pattern_ops` for code
 * prefixes, trigrams for the inside, the plain btree on `ean` through a range.
 */
function codeHitsSql(groups: readonly TermGroup[]): SQL | null {
  const blocks: SQL[] = [];
  groups.forEach((g, k) => {
    if (g.codes.length === 0) return;
    const variants = g.codes;
    const numeric = variants.filter((v) => /^\d+$/.test(v));
    const any = (parts: SQL[]) => (parts.length ? sql`(${sql.join(parts, sql` OR `)})` : sql`false`);
    const eq = (col: SQL, vs: readonly string[]) => any(vs.map((v) => sql`${col} = ${v}`));
    const prefix = (col: SQL, vs: readonly string[]) => any(vs.map((v) => sql`${col} LIKE ${`${v}%`}`));
    const digits = variants[0]?.replace(/\D/g, '') ?? '';
    const infix = (col: SQL) => (digits.length >= 4 ? any(variants.map((v) => sql`${col} LIKE ${`%${v}%`}`)) : sql`false`);
    const eanPrefix = any(
      numeric.map((v) => {
        const upper = digitsUpperBound(v);
        return upper ? sql`(m.ean >= ${v} AND m.ean < ${upper})` : sql`m.ean >= ${v}`;
      }),
    );
    const code = sql`lower(m.code)`;
    const pcode = sql`lower(p.product_code)`;
    blocks.push(sql`
      SELECT m.product_id AS id, ${sql.raw(String(k))} AS k,
        max(CASE WHEN ${eq(code, variants)} OR ${eq(sql`m.ean`, numeric)} THEN 3
                 WHEN ${prefix(code, variants)} OR ${eanPrefix} THEN 2 ELSE 1 END) AS s
      FROM inventory_products m
      WHERE ${prefix(code, variants)} OR ${eanPrefix} OR ${infix(code)}
      GROUP BY m.product_id
      UNION ALL
      SELECT p.id, ${sql.raw(String(k))}, CASE WHEN ${eq(pcode, variants)} THEN 3 WHEN ${prefix(pcode, variants)} THEN 2 ELSE 1 END
      FROM products p
      WHERE ${prefix(pcode, variants)} OR ${infix(pcode)}`);
  });
  if (blocks.length === 0) return null;
  return sql.join(blocks, sql` UNION ALL `);
}

function sizeScoreSql(sizes: readonly SizeToken[]): SQL {
  if (sizes.length === 0) return sql`0`;
  const norm = (col: string) => sql.raw(sizeTextSql(col));
  const parts = sizes.map((s) => {
    const eq = s.equivalents.map((e) => sql`c.size_text ~ ${e.pattern}`);
    return sql`(CASE
      WHEN EXISTS (SELECT 1 FROM unnest(c.available_sizes) s(v) WHERE ${norm('s.v')} ~ ${s.exact}) THEN 1.0
      WHEN c.size_text ~ ${s.pattern} THEN 0.8
      WHEN cardinality(c.available_sizes) = 0 AND EXISTS (SELECT 1 FROM inventory_products m
                   CROSS JOIN LATERAL (SELECT 1 FROM model_attributes a
                     WHERE a.model_id = m.id AND ${norm('a.value')} ~ ${s.pattern} LIMIT 1) hit
                   WHERE m.product_id = c.id) THEN 0.6
      ${eq.length ? sql`WHEN ${sql.join(eq, sql` OR `)} THEN 0.5` : sql``}
      ELSE 0 END)`;
  });
  return sql`(${sql.join(parts, sql` + `)})`;
}

function sizeCandidateSql(sizes: readonly SizeToken[]): SQL {
  const text = sql.raw(sizeTextSql(`array_to_string(products.available_sizes, ' | ') || ' | ' || products.name`));
  const patterns = sizes.flatMap((s) => [s.pattern, ...s.equivalents.map((e) => e.pattern)]);
  return sql`(${sql.join(
    patterns.map((p) => sql`${text} ~ ${p}`),
    sql` OR `,
  )})`;
}

function orderSql(sort: SearchSort, order: SortOrder, prefix = 'products.'): SQL {
  const dir = sql.raw(order === 'asc' ? 'ASC' : 'DESC');
  switch (sort) {
    case 'name':
      return sql`${sql.raw(`coalesce(${prefix}seo_optimized_name, ${prefix}name)`)} ${dir}, ${sql.raw(`${prefix}id`)} ${dir}`;
    case 'created_at':
      return sql`${sql.raw(`${prefix}created_at`)} ${dir}, ${sql.raw(`${prefix}id`)} ${dir}`;
    default:
      return sql`${sql.raw(`${prefix}updated_at`)} ${dir}, ${sql.raw(`${prefix}id`)} ${dir}`;
  }
}

interface RankedRow extends Record<string, unknown> {
  id: number;
  total: number | string | null;
}

interface RunOptions {
  withTotal: boolean;
  /** Return the plan of the ranking query instead of running it (`EXPLAIN ANALYZE`). */
  explain?: boolean;
  /** Return the score components of each row (diagnosis). */
  debug?: boolean;
  /** Second pass: products may miss one of the words (ranked after those that have them all). */
  relaxed?: boolean;
  /** Read the summaries of the page's products in the same statement (`items`). */
  hydrate?: boolean;
  /** `sql`: never the in-memory index (tests compare the two; diagnosis). */
  engine?: 'auto' | 'sql';
}

interface Ranked {
  ids: number[];
  total: number;
  /** With `hydrate`: the summaries, in rank order. */
  items?: ProductSummary[];
  plan?: string;
  rows?: Record<string, unknown>[];
}

/**
 * The page of a ranking query (`ranked`: rows `id`, in order, limited) with the total of the
 * ranked rows before the limit (`count(*) OVER ()` of `rows`) and, with `hydrate`, the summaries
 * of the page's products, so that a search is one statement: one parse, one plan, one round trip.
 */
function pageSql(rows: SQL, order: SQL, params: Pick<SearchParams, 'limit' | 'offset'>, options: RunOptions, extra: SQL = sql``): SQL {
  const limit = sql.raw(`LIMIT ${Math.trunc(params.limit)} OFFSET ${Math.trunc(params.offset)}`);
  const total = options.withTotal ? sql`, count(*) OVER () AS total` : sql``;
  if (!options.hydrate) return sql`SELECT r.id${total}${extra} FROM ${rows} ORDER BY ${order} ${limit}`;
  return sql`SELECT top.ord, top.total, ${summarySelectSql}
    FROM (SELECT r.id, row_number() OVER (ORDER BY ${order}) AS ord${options.withTotal ? total : sql`, NULL::bigint AS total`}
          FROM ${rows} ORDER BY ${order} ${limit}) AS top
    JOIN products ON products.id = top.id ${summaryJoinsSql}
    ORDER BY top.ord`;
}

function pageResult(rows: RankedRow[], params: Pick<SearchParams, 'offset'>, options: RunOptions): Ranked {
  const total = options.withTotal ? (rows.length > 0 ? Number(rows[0]?.total ?? rows.length) : 0) : params.offset + rows.length;
  if (!options.hydrate) return { ids: rows.map((r) => Number(r.id)), total };
  const items = rows.map((r) => summaryFromRow(r));
  return { ids: items.map((p) => p.id), total, items };
}

async function rankedIds(
  db: Db,
  parsed: ParsedQuery,
  params: SearchParams,
  options: RunOptions,
): Promise<Ranked> {
  const filters =
    and(...productFilterConditions({ chapterCode: params.chapterCode, familyCode: params.familyCode, brand: params.brand, productIds: params.productIds })) ??
    sql`true`;
  const terms = new Terms();
  const groups = parsed.groups;
  const built = groups.map((g, k) => ({ group: g, sql: groupSql(terms, g, k, options.relaxed === true) }));
  const groupSqls = built.map((b) => b.sql).filter((g): g is GroupSql => g !== null);
  // The query's first word names the kind of product wanted (Portuguese puts the head noun first).
  const headEntry = built.filter((b) => b.sql !== null)[0];
  const headIndex = headEntry && !headEntry.group.tee && headEntry.group.codes.length === 0 ? 0 : -1;
  const allQuery = allQueryText(groups, options.relaxed === true);
  const rankQuery = rankQueryText(groups);
  const codeHits = codeHitsSql(groups);
  const hasTee = groups.some((g) => g.tee);

  // Candidate ids: each source on its own so that every scan can use its index.
  const sources: SQL[] = [];
  if (allQuery) {
    sources.push(sql`SELECT id FROM products WHERE search_document @@ to_tsquery(${CONFIG}, ${allQuery})`);
    sources.push(sql`SELECT id FROM mh`);
  }
  if (codeHits) sources.push(sql`SELECT id FROM ch`);
  if (!allQuery && hasTee) sources.push(sql`SELECT id FROM products WHERE immutable_unaccent(lower(name)) ~ '\\mtes?\\M'`);
  if (groups.length === 0 && parsed.sizes.length > 0) {
    sources.push(sql`SELECT id FROM products WHERE ${sizeCandidateSql(parsed.sizes)}`);
  }
  if (sources.length === 0) return { ids: [], total: 0 };

  const relevance = params.sort === 'relevance';
  const la = (k: number) => sql.raw(`l.la${k}`);
  const locationColumns = groupSqls.flatMap((g, k) => [
    sql`${g.locationAll} AS ${sql.raw(`la${k}`)}`,
    sql`${g.pointsTyped} AS ${sql.raw(`pt${k}`)}`,
    sql`${g.without ?? sql`false`} AS ${sql.raw(`wo${k}`)}`,
    sql`(${g.matches})::int AS ${sql.raw(`mk${k}`)}`,
  ]);
  const strong =
    groupSqls.length && !options.relaxed ? sql.join(groupSqls.map((_g, k) => sql`${la(k)} >= 2`), sql` AND `) : sql`true`;
  const codeScore = codeHits
    ? sql`(SELECT coalesce(max(s::int), 0) FROM jsonb_each_text(c.code_hits) AS e(k, s))`
    : sql`0`;
  const score = scoreSql({ negated: groupSqls.map((g) => g.negated), headIndex, relaxed: options.relaxed === true });
  // Second pass: all the words but one (any word when there are only two).
  const minMatched = Math.max(1, groupSqls.length - 1);
  const groupMatch = !groupSqls.length
    ? sql`true`
    : options.relaxed
      ? sql`(${sql.join(groupSqls.map((g) => sql`(${g.matches})::int`), sql` + `)}) >= ${sql.raw(String(minMatched))}`
      : sql.join(groupSqls.map((g) => g.matches), sql` AND `);
  const finalOrder = relevance ? sql`r.score DESC, length(r.name), r.name, r.id` : orderSql(params.sort, params.order, 'r.');

  const body = sql`
    mh AS MATERIALIZED (
      ${allQuery ? sql`SELECT DISTINCT m.product_id AS id FROM inventory_products m WHERE m.search_document @@ to_tsquery(${CONFIG}, ${allQuery})` : sql`SELECT NULL::int AS id WHERE false`}
    ),
    ch AS MATERIALIZED (
      ${codeHits ? sql`SELECT id, jsonb_object_agg(k, s) AS hits FROM (SELECT id, k, max(s) AS s FROM (${codeHits}) x GROUP BY id, k) y GROUP BY id` : sql`SELECT NULL::int AS id, NULL::jsonb AS hits WHERE false`}
    ),
    ids AS (${sql.join(sources, sql` UNION `)}),
    c AS MATERIALIZED (
      SELECT products.id, products.name, products.seo_optimized_name, products.created_at, products.updated_at,
        products.available_sizes, products.name_folded, products.head_text, products.core_text, products.head_vector AS hv,
        ${relevance && rankQuery ? sql`ts_rank_cd(products.search_document, ${terms.ref(rankQuery)})` : sql`0`} AS text_rank,
        ${sql.join([sql`true AS d_none`, ...terms.docColumns('products.search_document')], sql`, `)},
        ${parsed.sizes.length ? sql.raw(sizeTextSql(`array_to_string(products.available_sizes, ' | ') || ' | ' || products.name`)) : sql`''`} AS size_text,
        (mh.id IS NOT NULL) AS model_hit,
        ch.hits AS code_hits
      FROM products
      JOIN families ON families.id = products.family_id
      LEFT JOIN mh ON mh.id = products.id
      LEFT JOIN ch ON ch.id = products.id
      WHERE products.id = ANY (ARRAY(SELECT id FROM ids)) AND ${filters}
    ),
    l AS MATERIALIZED (
      SELECT c.id, c.name, c.seo_optimized_name, c.created_at, c.updated_at
        ${relevance && locationColumns.length ? sql`, ${sql.join(locationColumns, sql`, `)}` : sql``}
        ${relevance ? sql`, ${codeScore} AS code_score, ${sizeScoreSql(parsed.sizes)} AS size_score,
          c.text_rank` : sql``}
      FROM c
      WHERE ${groupMatch}
    ),
    r AS (
      SELECT l.id, l.name, l.seo_optimized_name, l.created_at, l.updated_at,
        ${relevance ? score : sql`0`} AS score, ${relevance ? strong : sql`true`} AS strong
      FROM l
    ),
    f AS (
      SELECT r.*, bool_or(r.strong) OVER () AS any_strong FROM r
    )
    ${pageSql(
      sql`(SELECT * FROM f WHERE f.strong OR NOT f.any_strong) AS r`,
      finalOrder,
      params,
      { ...options, hydrate: options.hydrate && !options.debug && !options.explain },
      options.debug ? sql`, r.name, r.score, r.strong, (SELECT row_to_json(l) FROM l WHERE l.id = r.id) AS parts` : sql``,
    )}`;
  // Built last: every tsquery of the body is registered by now.
  const query = sql`WITH q AS MATERIALIZED (${terms.cte()}), ${body}`;
  if (options.explain) {
    const plan = await db.execute<Record<string, string>>(sql`EXPLAIN (ANALYZE, COSTS OFF, TIMING ON) ${query}`);
    return { ids: [], total: 0, plan: plan.rows.map((r) => Object.values(r)[0] ?? '').join('\n') };
  }

  const result = await db.execute<RankedRow>(query);
  const rows = result.rows;
  const page = pageResult(rows, params, { ...options, hydrate: options.hydrate && !options.debug });
  if (options.withTotal && rows.length === 0 && params.offset > 0) {
    // Past the end: count without paging so that `total` stays right.
    const again = await rankedIds(db, parsed, { ...params, offset: 0, limit: 1 }, { ...options, hydrate: false });
    page.total = again.total;
  }
  return { ...page, ...(options.debug ? { rows } : {}) };
}

/** Trigram fallback on product names (typos the vocabulary could not fix, unknown words). */
async function fuzzyIds(db: Db, parsed: ParsedQuery, params: SearchParams, options: RunOptions): Promise<Ranked> {
  const terms = parsed.groups
    .filter((g) => !g.tee && g.codes.length === 0)
    .map((g) => foldAccents(g.text))
    .filter((t) => t.length >= 4)
    .slice(0, FUZZY_MAX_WORDS);
  if (terms.length === 0) return { ids: [], total: 0, items: [] };
  const filters =
    and(...productFilterConditions({ chapterCode: params.chapterCode, familyCode: params.familyCode, brand: params.brand, productIds: params.productIds })) ??
    sql`true`;
  const name = sql`immutable_unaccent(lower(products.name))`;
  const anyTerm = sql.join(terms.map((t) => sql`${t} <% ${name}`), sql` OR `);
  const similarity = sql.join(terms.map((t) => sql`word_similarity(${t}, ${name})`), sql` + `);
  const order =
    params.sort === 'relevance' ? sql`r.score DESC, length(r.name), r.id` : orderSql(params.sort, params.order, 'r.');
  const matches = sql`(SELECT products.id, products.name, products.seo_optimized_name, products.created_at, products.updated_at, (${similarity}) AS score
    FROM products JOIN families ON families.id = products.family_id
    WHERE ${filters} AND (${anyTerm})) AS r`;
  const result = await db.execute<RankedRow>(pageSql(matches, order, params, options));
  return pageResult(result.rows, params, options);
}

/**
 * A page of products by chapter, family and brand without free text, in any of the sort orders
 * (`relevance` has no meaning without text: name order).
 */
export async function browseProducts(
  filters: { chapterCode?: number; familyCode?: string; brand?: number | 'no-brand'; productIds?: readonly number[] },
  options: { sort: SearchSort; order: SortOrder; limit: number; offset: number },
): Promise<SearchPage> {
  const db = await getDb();
  const where = and(...productFilterConditions(filters)) ?? sql`true`;
  const sort = options.sort === 'relevance' ? 'name' : options.sort;
  const result = await db.execute<RankedRow>(sql`
    SELECT products.id, count(*) OVER () AS total
    FROM products JOIN families ON families.id = products.family_id
    WHERE ${where}
    ORDER BY ${orderSql(sort, options.order)}
    LIMIT ${sql.raw(String(Math.trunc(options.limit)))} OFFSET ${sql.raw(String(Math.trunc(options.offset)))}`);
  let total = Number(result.rows[0]?.total ?? 0);
  if (result.rows.length === 0 && options.offset > 0) {
    const [row] = (
      await db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM products JOIN families ON families.id = products.family_id WHERE ${where}`)
    ).rows;
    total = Number(row?.n ?? 0);
  }
  return { items: await getProductSummariesByIds(result.rows.map((r) => Number(r.id))), total };
}

/** Parses a query with the catalogue's vocabulary and the trade synonyms. */
export async function parseQueryFor(db: Db, q: string, deadline?: number): Promise<ParsedQuery> {
  const [vocabulary, synonyms] = await Promise.all([getVocabulary(db), getSynonymTable(db)]);
  return parseSearchQuery(q, { synonyms, vocabulary, completeLastWord: true, deadline });
}

/**
 * Bounded cost (besides the caps of words and alternatives in lib/search/query.ts):
 * - time guard: past `SEARCH_BUDGET_MS` a search stops adding work: no more completions or
 *   corrections of its words, no second pass (products missing a word), no trigram fallback. It
 *   answers what it has found. (PGlite runs one statement at a time and cannot cancel one: the
 *   guard is what keeps a search from holding the database for the other requests.)
 * - on PostgreSQL every statement of a search runs under `SET LOCAL statement_timeout`
 *   (`SEARCH_STATEMENT_TIMEOUT_MS` of lib/env, 2 s by default); a search that hits it is a `SearchTooCostlyError`, answered
 *   as a 400 by the APIs and as an explained empty listing by the pages.
 */
export const SEARCH_BUDGET_MS = 250;

/** A search cancelled by the statement timeout (PostgreSQL `query_canceled`). */
export class SearchTooCostlyError extends Error {
  constructor() {
    super('A pesquisa é demasiado longa ou complexa. Use menos palavras.');
    this.name = 'SearchTooCostlyError';
  }
}

/** By name: the error may cross the copies of this module in different route bundles. */
export function isSearchTooCostly(err: unknown): boolean {
  return err instanceof Error && err.name === 'SearchTooCostlyError';
}

function isQueryCanceled(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  return (e?.code ?? e?.cause?.code) === '57014';
}

/**
 * `work` on PostgreSQL inside a transaction with the search's statement timeout; on PGlite as is.
 * (Only the search's own statements: the vocabulary and the index are cached per database
 * handle, so they are read with the database, never with the transaction.)
 */
async function withStatementTimeout<T>(database: Database, work: (db: Db) => Promise<T>): Promise<T> {
  if (database.driver !== 'postgres') return work(database.db);
  try {
    return await database.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`SET LOCAL statement_timeout = ${Math.trunc(env().SEARCH_STATEMENT_TIMEOUT_MS)}`));
      return work(tx as unknown as Db);
    });
  } catch (err) {
    if (isQueryCanceled(err)) throw new SearchTooCostlyError();
    throw err;
  }
}

/**
 * One search. Not cached here: the listing keeps its pages in the shared cache
 * (server/catalogue/listing.ts, tag `search`), and the vocabulary follows the invalidations.
 */
async function run(params: SearchParams, options: RunOptions): Promise<SearchPage> {
  const deadline = performance.now() + SEARCH_BUDGET_MS;
  const inTime = () => performance.now() < deadline;
  const database = await getDatabase();
  const parsed = await parseQueryFor(database.db, params.q, deadline);
  if (parsed.empty) return { items: [], total: 0 };
  options = { ...options, hydrate: true };
  const inMemory = options.engine === 'sql' ? null : await searchInMemory(database.db, parsed, params, deadline);
  if (inMemory) return inMemory;
  return withStatementTimeout(database, async (db) => {
    let ranked = await rankedIds(db, parsed, params, options);
    // Few or no products have every word: also rank those missing one of them (after the
    // complete matches), then, if still nothing, try the names by trigrams.
    // (Only in relevance order: sorted by name, incomplete matches would mix with the others.)
    // Past the time budget neither runs: the search answers what it has.
    const fillUp = params.sort === 'relevance' ? FEW_RESULTS : 1;
    if (ranked.total < fillUp && parsed.groups.length > 1 && parsed.groups.length <= RELAXED_MAX_GROUPS && inTime()) {
      const relaxed = await rankedIds(db, parsed, params, { ...options, relaxed: true });
      if (relaxed.total > ranked.total) ranked = relaxed;
    }
    if (ranked.total === 0 && inTime()) ranked = await fuzzyIds(db, parsed, params, options);
    return { items: ranked.items ?? (await getProductSummariesByIds(ranked.ids)), total: ranked.total };
  });
}

/**
 * A relevance search on PGlite with the in-memory index (server/search/memory.ts): the page's ids
 * (in the SQL engine's order) and the total come from memory, and one prepared statement reads
 * the page's summaries. Null when the search must run in SQL (another order, the index being
 * rebuilt, a query the index cannot evaluate exactly).
 */
async function searchInMemory(db: Db, parsed: ParsedQuery, params: SearchParams, deadline?: number): Promise<SearchPage | null> {
  if (params.sort !== 'relevance' || (await getDatabase()).driver !== 'pglite') return null;
  const index = await getSearchIndex(db);
  if (!index) return null;
  let plan = await planSearch(db, index, parsed, params, deadline);
  if (!plan) return null;
  // Nothing has the words: the trigram fallback, in memory too (within the time budget).
  if (plan.total === 0 && (deadline === undefined || performance.now() < deadline)) plan = planFuzzy(index, parsed, params);
  if (plan.ids.length === 0) return { items: [], total: plan.total };
  const rows = await executePrepared<RankedRow>(db, 'cag_search_summaries', [`'{${plan.ids.map((id) => Math.trunc(id)).join(',')}}'`]);
  return { items: rows.map((r) => summaryFromRow(r)), total: plan.total };
}

/** The `EXPLAIN ANALYZE` plan of a search's ranking query (benchmarks, diagnosis). */
export async function explainSearch(params: SearchParams): Promise<string> {
  const db = await getDb();
  const parsed = await parseQueryFor(db, params.q);
  if (parsed.empty) return '(consulta vazia)';
  const ranked = await rankedIds(db, parsed, params, { withTotal: true, explain: true });
  return ranked.plan ?? '';
}

/** The ranking rows with their score components (diagnosis only). */
export async function debugSearch(params: SearchParams): Promise<{ parsed: ParsedQuery; rows: Record<string, unknown>[] }> {
  const db = await getDb();
  const parsed = await parseQueryFor(db, params.q);
  if (parsed.empty) return { parsed, rows: [] };
  const ranked = await rankedIds(db, parsed, params, { withTotal: true, debug: true });
  return { parsed, rows: ranked.rows ?? [] };
}

/** A page of products for a free-text search, with the total number of matches. */
export async function searchProducts(params: SearchParams): Promise<SearchPage> {
  return run(params, { withTotal: true });
}

/** `searchProducts` by the SQL engine alone, never the in-memory index (tests compare the two; diagnosis). */
export async function searchProductsInSql(params: SearchParams): Promise<SearchPage> {
  return run(params, { withTotal: true, engine: 'sql' });
}

/** `searchProducts` by the in-memory index alone, or null when this search cannot run there (tests). */
export async function searchProductsInMemory(params: SearchParams): Promise<SearchPage | null> {
  const db = await getDb();
  const parsed = await parseQueryFor(db, params.q);
  if (parsed.empty) return null;
  return searchInMemory(db, parsed, params);
}

/** Header suggestions: the best `limit` products for what is being typed (no total). */
export async function suggestProducts(q: string, limit = 10): Promise<ProductSummary[]> {
  const page = await run({ q, limit, offset: 0, sort: 'relevance', order: 'desc' }, { withTotal: false });
  return page.items;
}
