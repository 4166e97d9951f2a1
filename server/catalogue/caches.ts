import 'server-only';
import type { DbOrTx } from '@/server/db/client';
import { invalidateCache, onCacheInvalidation } from '@/server/cache/invalidate';
import { CATALOGUE_WIDE_TAGS, cacheTags } from '@/server/cache/tags';
import { invalidateAllVocabularies } from '@/server/search/vocabulary';

// Catalogue reads are kept in the shared cache (`cachedRead`, server/cache/read.ts) and refreshed
// by tag. The one value that cannot travel as JSON — the search vocabulary, a class with its
// indexes — stays in memory and follows the same invalidations (this process's and, through the
// poller, every other process's).
onCacheInvalidation((tags) => {
  if (tags.includes(cacheTags.catalogue) || tags.includes(cacheTags.search)) invalidateAllVocabularies();
});

/**
 * After anything changed the catalogue as a whole (an import, the demo seed): every cached
 * catalogue page and read, in every server instance, is refreshed.
 */
export async function invalidateCatalogueCaches(db: DbOrTx, reason = 'catalogue'): Promise<void> {
  await invalidateCache(CATALOGUE_WIDE_TAGS, { db, reason });
}
