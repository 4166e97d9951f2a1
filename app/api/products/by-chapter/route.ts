import { NextResponse, type NextRequest } from 'next/server';
import { handleApiError } from '@/server/api/errors';
import { facetProductIdsFromUrl } from '@/server/catalogue/facets';
import { listProducts } from '@/server/catalogue/products';
import { browseProducts } from '@/server/search/engine';
import { defaultOrder, listingParamsSchema, parseParams, resolveFilters } from '@/server/search/params';
import { toListingResultJson } from '@/server/search/serialize';

export const dynamic = 'force-dynamic';

/**
 * GET /api/products/by-chapter?chapter&family&brand_id&limit&offset&sort&order (spec 7): the
 * product listing by chapter, family and brand, used with sort=name and order=asc. Same shape as
 * the search plus brand_name, product_count (models), available_sizes, product_notes and the
 * price range — always null: prices are not public.
 */
export async function GET(request: NextRequest) {
  try {
    const params = parseParams(listingParamsSchema, request.nextUrl);
    const filters = await resolveFilters({
      chapter: params.chapter,
      family: params.family ?? params.category_id,
      brand: params.brand_id ?? params.brand,
      brandField: params.brand_id !== undefined ? 'brand_id' : 'brand',
    });
    const productIds = await facetProductIdsFromUrl(request.nextUrl, filters);
    const order = defaultOrder(params.sort === 'relevance' ? 'name' : params.sort, params.order);
    const page =
      (params.sort === 'name' || params.sort === 'relevance') && order === 'asc'
        ? await listProducts({ ...filters, productIds }, { limit: params.limit, offset: params.offset })
        : await browseProducts({ ...filters, productIds }, { sort: params.sort, order, limit: params.limit, offset: params.offset });
    return NextResponse.json(
      {
        success: true,
        data: page.items.map(toListingResultJson),
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
