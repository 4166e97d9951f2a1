import 'server-only';
import type { DbOrTx } from '@/server/db/client';
import { invalidateCache, onCacheInvalidation } from '@/server/cache/invalidate';
import { CATALOGUE_WIDE_TAGS, cacheTags } from '@/server/cache/tags';
import { invalidateSearchResults } from '@/server/search/result-cache';
import { clearNavigationCache } from './navigation';
import { invalidateFacets } from './facets';

// The in-process caches of catalogue reads follow the shared invalidations (this process's and,
// through the poller, every other process's). They also compare their entries with
// `lastInvalidated()`, which holds across the server's route bundles; this is the fast path.
onCacheInvalidation((tags) => {
  if (tags.includes(cacheTags.catalogue) || tags.includes(cacheTags.search)) {
    invalidateSearchResults();
    invalidateFacets();
  }
  if (tags.includes(cacheTags.catalogue) || tags.includes(cacheTags.navigation)) clearNavigationCache();
});

/**
 * After anything changed the catalogue as a whole (an import, the demo seed): every cached
 * catalogue page and read, in every server instance, is refreshed.
 */
export async function invalidateCatalogueCaches(db: DbOrTx, reason = 'catalogue'): Promise<void> {
  await invalidateCache(CATALOGUE_WIDE_TAGS, { db, reason });
}
