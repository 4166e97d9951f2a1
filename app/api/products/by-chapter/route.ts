import { byChapterApiQuerySchema } from '@/lib/catalogue/listing-query';
import { listingResult } from '@/server/api/listing';
import { apiRoute } from '@/server/api/route';
import { getListing } from '@/server/catalogue/listing';
import { toListingResultJson } from '@/server/search/serialize';

export const dynamic = 'force-dynamic';

/**
 * GET /api/products/by-chapter?chapter&family&brand_id&limit&offset&sort&order (spec 7): the
 * product listing by chapter, family and brand, used with sort=name and order=asc — the same
 * listing as the pages (`getListing`). Same shape as the search plus brand_name, product_count
 * (models), available_sizes, product_notes and the price range — always null: prices are not public.
 */
export const GET = apiRoute(
  { query: byChapterApiQuerySchema, cache: { maxAge: 60, staleWhileRevalidate: 300 } },
  async ({ query }) => listingResult(await getListing(query), toListingResultJson),
);
