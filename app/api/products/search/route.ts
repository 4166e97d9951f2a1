import { NextResponse, type NextRequest } from 'next/server';
import { handleApiError } from '@/server/api/errors';
import { facetProductIdsFromUrl } from '@/server/catalogue/facets';
import { searchProducts } from '@/server/search/engine';
import { defaultOrder, parseParams, resolveFilters, searchParamsSchema } from '@/server/search/params';
import { toSearchResultJson } from '@/server/search/serialize';

export const dynamic = 'force-dynamic';

/**
 * GET /api/products/search?q&limit&offset&category_id&chapter&family&brand&sort&order
 * (spec 7): header suggestions (`limit=10`) and the listing search (pages of 50).
 * `chapter`: code or slug; `family` / `category_id`: family code (`10-010`) or slug;
 * `brand`: id, slug or `no-brand`; with a family, `f.<attribute>=<key>,…` technical filters. Queries shorter than 2 characters find nothing.
 * No prices here: they are not public.
 */
export async function GET(request: NextRequest) {
  try {
    const params = parseParams(searchParamsSchema, request.nextUrl);
    const filters = await resolveFilters({
      chapter: params.chapter,
      family: params.family ?? params.category_id,
      brand: params.brand,
    });
    const productIds = await facetProductIdsFromUrl(request.nextUrl, filters);
    const page = await searchProducts({
      q: params.q,
      limit: params.limit,
      offset: params.offset,
      sort: params.sort,
      order: defaultOrder(params.sort, params.order),
      ...filters,
      productIds,
    });
    return NextResponse.json(
      {
        success: true,
        data: page.items.map(toSearchResultJson),
        pagination: {
          total: page.total,
          limit: params.limit,
          offset: params.offset,
          hasMore: params.offset + page.items.length < page.total,
        },
      },
      { headers: { 'Cache-Control': 'public, max-age=60, stale-while-revalidate=300' } },
    );
  } catch (err) {
    return handleApiError(err);
  }
}
