import type { FavouriteChangeJson } from '@/lib/favourites/types';
import { favouriteParams } from '@/lib/validation/favourites';
import { apiRoute } from '@/server/api/route';
import { removeFavourite } from '@/server/favourites/favourites';

export const dynamic = 'force-dynamic';

/**
 * DELETE /api/favourites/{product_code} — removes a product from the signed-in customer's
 * favourites (only theirs: the owner is in the query). Idempotent: `changed: false` when it was
 * not one. 401 for a guest, 403 `feature_off` where favourites are off; `private, no-store`.
 */
export const DELETE = apiRoute(
  { auth: 'required', flag: 'ENABLE_FAVORITES', params: favouriteParams, cache: 'no-store' },
  async ({ viewer, params }) => {
    const result = await removeFavourite(viewer.id, params.product_code);
    const data: FavouriteChangeJson = { product_code: params.product_code, favourite: false, changed: result.changed };
    return { data, headers: { Vary: 'Cookie, Authorization' } };
  },
);
