import 'server-only';
import type { Db } from '@/server/db/client';
import { invalidateSearchResults } from '@/server/search/result-cache';
import { invalidateVocabulary } from '@/server/search/vocabulary';
import { invalidateFacets } from './facets';

/** Forgets every in-process cache of catalogue reads, after anything changed the catalogue. */
export function invalidateCatalogueCaches(db: Db): void {
  invalidateSearchResults();
  invalidateFacets();
  invalidateVocabulary(db);
}
