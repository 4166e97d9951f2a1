import 'server-only';
import { lastInvalidated } from '@/server/cache/invalidate';
import { cacheTags } from '@/server/cache/tags';
import { sql } from 'drizzle-orm';
import { foldAccents, modernSpelling, words } from '@/lib/search/normalize';
import { Vocabulary } from '@/lib/search/vocabulary';
import type { Db } from '@/server/db/client';
import { buildSearchIndex, type SearchIndex } from './memory';
import { invalidateSynonyms } from './synonym-store';
import { logger } from '@/server/log';

const log = logger('search');

/**
 * The catalogue's words (product names, SEO names, families, brands, model variants and
 * descriptions), kept in memory per database for typo correction and word completion.
 * Rebuilt when the catalogue changes: a signature query runs in the background at most every
 * `CHECK_MS` (the search never waits for it, except to build the first vocabulary).
 */
const CHECK_MS = 60_000;

interface Entry {
  vocabulary: Vocabulary;
  signature: string;
  checkedAt: number;
}

/**
 * One vocabulary and one search index per database for the whole process, on globalThis: Next
 * bundles the route handlers and the pages apart, and each bundle would otherwise build its own
 * (seconds of work and as much memory again, for the same data).
 */
function shared<K extends object, V>(name: string): WeakMap<K, V> {
  const g = globalThis as { [key: symbol]: unknown };
  const key = Symbol.for(`cag.search.${name}`);
  return (g[key] ??= new WeakMap<K, V>()) as WeakMap<K, V>;
}

const cache = shared<Db, Entry>('vocabulary');
const loading = shared<Db, Promise<Entry>>('vocabularyLoading');

async function signature(db: Db): Promise<string> {
  const r = await db.execute<{ n: number; u: string | null; m: number; mu: string | null }>(sql`
    SELECT (SELECT count(*)::int FROM products) AS n, (SELECT max(updated_at)::text FROM products) AS u,
           (SELECT count(*)::int FROM inventory_products) AS m, (SELECT max(updated_at)::text FROM inventory_products) AS mu`);
  const row = r.rows[0];
  return `${row?.n}:${row?.u}:${row?.m}:${row?.mu}`;
}

function addWords(freq: Map<string, number>, text: string | null | undefined, weight: number, seen?: Set<string>) {
  if (!text) return;
  for (const w of words(foldAccents(text))) {
    for (const part of w.includes('-') && !/\d/.test(w) ? [w, ...w.split('-')] : [w]) {
      const m = modernSpelling(part);
      if (m.length < 2 || seen?.has(m)) continue;
      seen?.add(m);
      freq.set(m, (freq.get(m) ?? 0) + weight);
    }
  }
}

async function build(db: Db): Promise<Entry> {
  const sig = await signature(db);
  const rows = await db.execute<{ name: string; seo: string | null; family: string; brand: string | null }>(sql`
    SELECT p.name, p.seo_optimized_name AS seo, f.title AS family, b.name AS brand
    FROM products p JOIN families f ON f.id = p.family_id LEFT JOIN brands b ON b.id = p.brand_id
    WHERE p.active`);
  const descriptions = await db.execute<{ d: string }>(sql`
    SELECT DISTINCT description AS d FROM products WHERE active AND description IS NOT NULL`);
  // Model names are the product name plus a variant (finish, colour, size): keep the variants.
  const variants = await db.execute<{ v: string }>(sql`
    SELECT DISTINCT substr(m.name, length(p.name) + 2) AS v
    FROM inventory_products m JOIN products p ON p.id = m.product_id
    WHERE length(m.name) > length(p.name) + 1`);
  const freq = new Map<string, number>();
  const known = new Map<string, number>();
  for (const r of rows.rows) {
    const seen = new Set<string>();
    addWords(freq, r.name, 1, seen);
    addWords(freq, r.seo, 1, seen);
    addWords(freq, r.family, 1, seen);
    addWords(freq, r.brand, 1, seen);
  }
  for (const r of descriptions.rows) addWords(known, r.d, 0);
  for (const r of variants.rows) addWords(freq, r.v, 1);
  for (const [w] of known) if (!freq.has(w)) freq.set(w, 0);
  return { vocabulary: new Vocabulary(freq), signature: sig, checkedAt: Date.now() };
}

function refresh(db: Db, entry: Entry | undefined): Promise<Entry> {
  let pending = loading.get(db);
  if (!pending) {
    pending = (async () => {
      if (entry) {
        const sig = await signature(db);
        if (sig === entry.signature) return { ...entry, checkedAt: Date.now() };
      }
      return build(db);
    })();
    const settled = pending.then(
      (fresh) => {
        cache.set(db, fresh);
      },
      () => undefined,
    );
    void settled.finally(() => {
      if (loading.get(db) === pending) loading.delete(db);
    });
    loading.set(db, pending);
  }
  return pending;
}

const analyzed = new WeakSet<Db>();

/**
 * PGlite has no autovacuum: tables filled by the demo seed or an import are never analyzed, and
 * the planner then guesses (sequential scans of 50,000 models for a code lookup). Analyze the
 * catalogue tables once when they have no statistics at all. PostgreSQL's autovacuum keeps them
 * up to date by itself, so there this finds nothing to do.
 */
async function ensureStatistics(db: Db): Promise<void> {
  if (analyzed.has(db)) return;
  analyzed.add(db);
  const never = await db.execute<{ relname: string }>(sql`
    SELECT relname FROM pg_class
    WHERE relname IN ('products', 'inventory_products', 'model_attributes', 'families', 'brands')
      AND relkind = 'r' AND reltuples < 0`);
  if (never.rows.length > 0) await db.execute(sql`ANALYZE products, inventory_products, model_attributes, families, brands`);
}

/**
 * The vocabulary of this database's catalogue. Built on first use; afterwards a stale copy is
 * served while a background check (and, after a catalogue change, a rebuild) runs.
 */
export async function getVocabulary(db: Db): Promise<Vocabulary> {
  const entry = cache.get(db);
  if (!entry) {
    const built = await refresh(db, undefined);
    ensureStatistics(db).catch((err: unknown) => log.error({ err }, 'estatísticas não atualizadas'));
    return built.vocabulary;
  }
  // Built before the catalogue was filled (a search before the seed): look again right away.
  if (entry.vocabulary.size === 0) return (await refresh(db, entry)).vocabulary;
  if ((Date.now() - entry.checkedAt >= CHECK_MS || entry.checkedAt <= lastInvalidated([cacheTags.catalogue, cacheTags.search])) && !loading.has(db)) {
    refresh(db, entry).catch((err: unknown) => log.error({ err }, 'vocabulário não atualizado'));
  }
  return entry.vocabulary;
}

/** Forget the cached vocabulary, search index and synonyms (after a catalogue import, in tests): the next search rebuilds them. */
export function invalidateVocabulary(db: Db): void {
  cache.delete(db);
  indexes.delete(db);
  invalidateSynonyms(db);
}

// ---------------------------------------------------------------------------------------------
// The in-memory search index (server/search/memory.ts), kept fresh the same way

interface IndexEntry {
  index: SearchIndex;
  signature: string;
  /** When the check or build that produced this entry started (reads after it see its data). */
  checkedAt: number;
}

const indexes = shared<Db, IndexEntry>('index');
const indexLoading = shared<Db, Promise<IndexEntry>>('indexLoading');

function refreshIndex(db: Db, entry: IndexEntry | undefined, rebuild: boolean): Promise<IndexEntry> {
  let pending = indexLoading.get(db);
  if (!pending) {
    pending = (async () => {
      const startedAt = Date.now();
      const sig = await signature(db);
      if (entry && !rebuild && sig === entry.signature) return { ...entry, checkedAt: startedAt };
      return { index: await buildSearchIndex(db), signature: sig, checkedAt: startedAt };
    })();
    const settled = pending.then(
      (fresh) => {
        indexes.set(db, fresh);
      },
      () => undefined,
    );
    void settled.finally(() => {
      if (indexLoading.get(db) === pending) indexLoading.delete(db);
    });
    indexLoading.set(db, pending);
  }
  return pending;
}

/**
 * The in-memory search index of this database, or null while it is being rebuilt after a
 * catalogue change (the search then runs in SQL, which always reads the current data). Built on
 * first use; a background check compares the catalogue's signature every `CHECK_MS`, and an
 * invalidation of the catalogue or search tags (an import, an admin write, in any process)
 * rebuilds it.
 */
export async function getSearchIndex(db: Db): Promise<SearchIndex | null> {
  const entry = indexes.get(db);
  if (!entry) return (await refreshIndex(db, undefined, true)).index;
  const invalidated = entry.checkedAt <= lastInvalidated([cacheTags.catalogue, cacheTags.search]);
  if ((invalidated || Date.now() - entry.checkedAt >= CHECK_MS) && !indexLoading.has(db)) {
    refreshIndex(db, entry, invalidated).catch((err: unknown) => log.error({ err }, 'índice não atualizado'));
  }
  return invalidated ? null : entry.index;
}

