import { z } from 'zod';
import { apiRoute } from '@/server/api/route';
import { listModelsOfProducts, MAX_MODEL_BATCH } from '@/server/catalogue/models';

export const dynamic = 'force-dynamic';

const query = z.object({
  product_codes: z
    .string({ error: 'Api.productCodesRequired' })
    .transform((s) => [...new Set(s.split(',').map((c) => c.trim()).filter((c) => c.length > 0 && c.length <= 64 && !/[\u0000-\u001f]/.test(c)))])
    .refine((codes) => codes.length > 0, 'Api.productCodesRequired')
    .refine((codes) => codes.length <= MAX_MODEL_BATCH, { message: 'Api.tooManyProducts', params: { max: MAX_MODEL_BATCH } }),
});

/**
 * GET /api/products/models?product_codes=P1,P2: the models of several products in one
 * call — product code → the rows of `GET /api/products/{code}/models` (active models by code; no
 * prices). Unknown or inactive products are absent. Public and cacheable like the catalogue.
 */
export const GET = apiRoute({ query, cache: { maxAge: 60, staleWhileRevalidate: 600 } }, async ({ query: { product_codes } }) => ({
  data: await listModelsOfProducts(product_codes),
}));
