import 'server-only';
import { lastInvalidated } from '@/server/cache/invalidate';
import { cacheTags } from '@/server/cache/tags';
import type { Db } from '@/server/db/client';

/** Catalogue changes anywhere (this process, another route bundle, another instance) make entries stale. */
const SEARCH_TAGS = [cacheTags.catalogue, cacheTags.search];

/**
 * Recent search results, per database: what visitors type repeats a lot (the same first letters
 * of the same product words), and on the embedded database queries run one at a time. Pages are
 * kept for a minute; anything that changes the catalogue in this process calls
 * `invalidateSearchResults()` (a catalogue import from the command line is another process: its
 * changes show within the minute).
 */
const TTL_MS = 60_000;
const MAX_ENTRIES = 1000;

interface Entry {
  at: number;
  generation: number;
  value: Promise<unknown>;
}

const caches = new WeakMap<Db, Map<string, Entry>>();
let generation = 0;

export function invalidateSearchResults(): void {
  generation += 1;
}

/** The cached value of `key`, or `compute()` (shared by concurrent callers; failures are not kept). */
export function cachedResult<T>(db: Db, key: string, compute: () => Promise<T>): Promise<T> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.generation === generation && now - hit.at < TTL_MS && lastInvalidated(SEARCH_TAGS) < hit.at) {
    // Most recently used last: the oldest entries go first when the cache is full.
    cache.delete(key);
    cache.set(key, hit);
    return hit.value as Promise<T>;
  }
  const value = compute();
  cache.set(key, { at: now, generation, value });
  value.catch(() => cache.delete(key));
  while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  return value;
}
