import { z } from 'zod';

/**
 * A product code as the ERP import accepts it (server/import/validate.ts): a letter or digit,
 * then letters, digits and `._/-`, at most 64 characters.
 */
export const PRODUCT_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$/;

export const productCodeSchema = z.string().regex(PRODUCT_CODE_PATTERN, 'Código de produto inválido.');

/** The body of `POST /api/favourites`. */
export const addFavouriteBody = z.object({ product_code: productCodeSchema });

/** The path params of `DELETE /api/favourites/{product_code}`. */
export const favouriteParams = z.object({ product_code: productCodeSchema });
