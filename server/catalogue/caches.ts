import 'server-only';
import type { DbOrTx } from '@/server/db/client';
import { invalidateCache } from '@/server/cache/invalidate';
import { CATALOGUE_WIDE_TAGS } from '@/server/cache/tags';

// Catalogue reads are kept in the shared cache (`cachedRead`, server/cache/read.ts) and refreshed
// by tag. The one value that cannot travel as JSON — the search vocabulary, a class with its
// indexes — stays in memory and compares itself with `lastInvalidated()` (server/cache), which
// holds for every route bundle of the server and follows the other processes through the poller.

/**
 * After anything changed the catalogue as a whole (an import, the demo seed): every cached
 * catalogue page and read, in every server instance, is refreshed.
 */
export async function invalidateCatalogueCaches(db: DbOrTx, reason = 'catalogue'): Promise<void> {
  await invalidateCache(CATALOGUE_WIDE_TAGS, { db, reason });
}
