import type { FavouriteChangeJson, FavouriteCodesJson } from '@/lib/favourites/types';
import { addFavouriteBody } from '@/lib/validation/favourites';
import { apiRoute } from '@/server/api/route';
import { AppError } from '@/server/errors';
import { addFavourite, listFavouriteCodes } from '@/server/favourites/favourites';

export const dynamic = 'force-dynamic';

const VARY = { Vary: 'Cookie, Authorization' };

/**
 * GET /api/favourites — the product codes the signed-in customer keeps as favourites (newest
 * first). One call per page load feeds every heart of the page. 401 for a guest, 403
 * `feature_off` where favourites are off (administrators pass); always `private, no-store`.
 */
export const GET = apiRoute({ auth: 'required', flag: 'ENABLE_FAVORITES', cache: 'no-store' }, async ({ viewer }) => ({
  data: { product_codes: await listFavouriteCodes(viewer.id) } satisfies FavouriteCodesJson,
  headers: VARY,
}));

/**
 * POST /api/favourites `{ product_code }` — keeps a product as a favourite. Idempotent: 201 when
 * added, 200 when it already was; 404 for a code of no active product.
 */
export const POST = apiRoute(
  { auth: 'required', flag: 'ENABLE_FAVORITES', body: addFavouriteBody, cache: 'no-store' },
  async ({ viewer, body }) => {
    const result = await addFavourite(viewer.id, body.product_code);
    if (!result) throw new AppError({ code: 'not_found', key: 'Api.productNotFound' });
    const data: FavouriteChangeJson = { product_code: body.product_code, favourite: true, changed: result.changed };
    return { data, status: result.changed ? 201 : 200, headers: VARY };
  },
);
