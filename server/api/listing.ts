import 'server-only';
import { emptyListingMessage } from '@/lib/catalogue/listing';
import type { ListingResult, ProductSummary } from '@/lib/catalogue/types';
import { AppError, composedText } from '@/server/errors';
import type { ApiResult } from './route';

/**
 * A listing (server/catalogue/listing.ts `getListing`) as the answer of the product APIs: the
 * items and the pagination of spec 7; a listing with a problem as 404 (an unknown chapter, family
 * or brand: the page's own empty-state words on top, the field in details) or 400.
 */
export function listingResult<T>(result: ListingResult, toJson: (p: ProductSummary) => T): ApiResult<T[]> {
  const { problem, page } = result;
  if (problem) {
    throw new AppError({
      code: problem.code,
      // The sentence the listing page shows too (lib/catalogue/listing.ts), composed there.
      ...composedText(problem.code === 'not_found' ? emptyListingMessage(result) : problem.message),
      details: { [problem.field]: [problem.message] },
    });
  }
  return {
    data: page.items.map(toJson),
    pagination: { total: page.total, limit: page.limit, offset: page.offset, hasMore: page.offset + page.items.length < page.total },
  };
}
