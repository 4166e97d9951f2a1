import 'server-only';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { compileSynonyms, type CompiledSynonyms, type SynonymEntry } from '@/lib/search/synonyms';
import { lastInvalidated } from '@/server/cache/invalidate';
import { cacheTags } from '@/server/cache/tags';
import type { Db } from '@/server/db/client';
import { searchSynonyms } from '@/server/db/schema';
import { SYNONYMS } from './synonyms';
import { logger } from '@/server/log';

const log = logger('search');

/**
 * The synonyms the search uses: the active rows of `search_synonyms` (the shipped vocabulary as
 * seeded, plus the staff's edits in /admin/search), compiled once and kept in memory per database.
 * Every search reads the compiled table from memory; it is read again from the database when the
 * `search` tag is invalidated (a staff edit, in this process or — through the invalidation log —
 * in any other) or `invalidateSynonyms` is called, so an edit takes effect at once without a
 * restart. Should the read fail, the search goes on with the table it has (or the shipped one).
 */

interface Entry {
  table: CompiledSynonyms;
  /** When the read that produced this table started. */
  loadedAt: number;
}

function shared<V>(name: string): WeakMap<Db, V> {
  const g = globalThis as { [key: symbol]: unknown };
  const key = Symbol.for(`cag.search.${name}`);
  return (g[key] ??= new WeakMap<Db, V>()) as WeakMap<Db, V>;
}

const cache = shared<Entry>('synonyms');
const loading = shared<Promise<Entry>>('synonymsLoading');

let fallback: CompiledSynonyms | null = null;
/** The shipped vocabulary, compiled (before the table exists, or when it cannot be read). */
function shippedTable(): CompiledSynonyms {
  return (fallback ??= compileSynonyms(SYNONYMS));
}

/** Rows of `search_synonyms` as the compiler takes them. */
export function toSynonymEntry(row: { kind: string; terms: readonly string[]; targets: readonly string[] }): SynonymEntry {
  return row.kind === 'one_way' ? { from: row.terms, to: row.targets } : { equivalent: row.terms };
}

async function load(db: Db): Promise<Entry> {
  const loadedAt = Date.now();
  const rows = await db
    .select({ kind: searchSynonyms.kind, terms: searchSynonyms.terms, targets: searchSynonyms.targets })
    .from(searchSynonyms)
    .where(and(eq(searchSynonyms.active, true), isNull(searchSynonyms.deletedAt)))
    .orderBy(asc(searchSynonyms.id));
  return { table: compileSynonyms(rows.map(toSynonymEntry)), loadedAt };
}

function reload(db: Db): Promise<Entry> {
  let pending = loading.get(db);
  if (!pending) {
    pending = load(db);
    loading.set(db, pending);
    pending.then(
      (entry) => {
        const current = cache.get(db);
        if (!current || current.loadedAt <= entry.loadedAt) cache.set(db, entry);
      },
      () => undefined,
    );
    const settle = () => {
      if (loading.get(db) === pending) loading.delete(db);
    };
    pending.then(settle, settle);
  }
  return pending;
}

/**
 * The compiled synonyms of this database. From memory, except the first time and after an
 * invalidation of the `search` tag, when the (small) table is read again before answering.
 */
export async function getSynonymTable(db: Db): Promise<CompiledSynonyms> {
  const entry = cache.get(db);
  if (entry && entry.loadedAt > lastInvalidated([cacheTags.search])) return entry.table;
  try {
    let fresh = await reload(db);
    // A read that started before the invalidation may carry the old rows: read once more.
    if (fresh.loadedAt <= lastInvalidated([cacheTags.search])) fresh = await load(db).then((e) => (cache.set(db, e), e));
    return fresh.table;
  } catch (err) {
    log.error({ err }, 'sinónimos não lidos da base de dados');
    // Kept until the next invalidation: a failing read is not tried again on every search.
    const table = entry?.table ?? shippedTable();
    cache.set(db, { table, loadedAt: Date.now() });
    return table;
  }
}

/** Forget the compiled synonyms of `db` (after a write outside the cache log, in tests). */
export function invalidateSynonyms(db: Db): void {
  cache.delete(db);
}
