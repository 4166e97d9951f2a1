import { searchApiQuerySchema } from '@/lib/catalogue/listing-query';
import { listingResult } from '@/server/api/listing';
import { apiRoute } from '@/server/api/route';
import { clientIp } from '@/server/actions/request-meta';
import { limitRequest } from '@/server/auth/rate-limit';
import { getListing } from '@/server/catalogue/listing';
import { toSearchResultJson } from '@/server/search/serialize';

export const dynamic = 'force-dynamic';

/**
 * GET /api/products/search?q&limit&offset&category_id&chapter&family&brand&sort&order
 * (spec 7): header suggestions (`limit=10`) and the listing search (pages of 50).
 * `chapter`: code or slug; `family` / `category_id`: family code (`10-010`) or slug;
 * `brand`: id, slug or `no-brand`; with a family, `f.<attribute>=<key>,…` technical filters.
 * Queries shorter than 2 characters find nothing; an unknown chapter, family or brand is a 404.
 * No prices here: they are not public. Limited per client IP (120 a minute): 429 past that.
 */
export const GET = apiRoute(
  { query: searchApiQuerySchema, cache: { maxAge: 60, staleWhileRevalidate: 300 } },
  async ({ query, request }) => {
    await limitRequest('search', { ip: clientIp(request.headers) });
    return listingResult(await getListing(query), toSearchResultJson);
  },
);
