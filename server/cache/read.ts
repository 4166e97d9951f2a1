import 'server-only';
import { unstable_cache } from 'next/cache';
import { isNextServer } from '@/lib/env';
import { cacheLife } from './tags';
// Registers the Redis layer under the page/data cache (server/cache/next-handler.cjs reaches it through globalThis).
import './shared';

interface CachedReadOptions<Args extends unknown[]> {
  /** Tags of what the read shows (server/cache/tags.ts), fixed or from the arguments. */
  tags: string[] | ((...args: Args) => string[]);
  /** Seconds before a background refresh (a safety net; invalidation is what refreshes). */
  revalidate?: number;
}


/**
 * A cached data read. Inside the Next server its result is kept in the shared cache
 * (server/cache/next-handler.cjs) under `key` and the arguments, with its tags; a cached page that
 * uses it inherits those tags, so `invalidateCache(tags)` refreshes the data and the pages
 * together. Elsewhere (command-line scripts, tests) it simply runs.
 *
 * Results travel as JSON: plain objects, arrays, strings, numbers, booleans and null (a Date
 * would come back as a string). Never for anything that depends on the viewer.
 * (Next 16's `'use cache'` needs `cacheComponents`; this module is the one place to switch.)
 */
export function cachedRead<Args extends unknown[], T>(
  key: string,
  read: (...args: Args) => Promise<T>,
  options: CachedReadOptions<Args>,
): (...args: Args) => Promise<T> {
  const revalidate = options.revalidate ?? cacheLife.catalogue;
  return (...args: Args) => {
    if (!isNextServer()) return read(...args);
    const tags = typeof options.tags === 'function' ? options.tags(...args) : options.tags;
    const cachedFn = unstable_cache(() => read(...args), ['cag', key, JSON.stringify(args)], { tags, revalidate });
    return cachedFn().catch((err: unknown) => {
      // Outside a request (start-up, background work) Next has no cache to offer: read directly.
      if (err instanceof Error && /incrementalCache missing/i.test(err.message)) return read(...args);
      throw err;
    });
  };
}

const tagOnly = cachedRead('page-tags', async (_tags: string[]) => true, { tags: (tags) => tags });

/**
 * Gives the page being rendered these tags (a cached page carries the tags of the cached reads it
 * used; this adds tags for what it shows without a cached read of its own, such as the layout's
 * navigation and shop facts). Outside a cached render it does nothing.
 */
export async function tagCurrentPage(...tags: string[]): Promise<void> {
  await tagOnly(tags);
}
