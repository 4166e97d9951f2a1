/** The favourites API (app/api/favourites): shapes shared by the route handlers and the client store. */

/** `GET /api/favourites` → `data`: the viewer's favourite products, newest first. */
export interface FavouriteCodesJson {
  product_codes: string[];
}

/** `POST /api/favourites` and `DELETE /api/favourites/{product_code}` → `data`. */
export interface FavouriteChangeJson {
  product_code: string;
  favourite: boolean;
  /** False when the call found it already so (both calls are idempotent). */
  changed: boolean;
}

export const FAVOURITES_API = '/api/favourites';

/** The API path of one favourite (a product code may hold `/`, hence the encoding). */
export function favouriteApiPath(productCode: string): string {
  return `${FAVOURITES_API}/${encodeURIComponent(productCode)}`;
}
