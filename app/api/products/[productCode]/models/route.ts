import { z } from 'zod';
import { AppError } from '@/server/errors';
import { apiRoute } from '@/server/api/route';
import { listProductModels } from '@/server/catalogue/models';

export const dynamic = 'force-dynamic';

const params = z.object({ productCode: z.string() });

/**
 * GET /api/products/{product_code}/models: the model picker's data — the product's
 * active models ordered by code, with sizes, packages, stock, EAN and pack rules; no prices.
 * Public and cacheable like the catalogue.
 */
export const GET = apiRoute({ params, cache: { maxAge: 60, staleWhileRevalidate: 600 } }, async ({ params: { productCode } }) => {
  const code = productCode.trim();
  const models = code.length > 0 && code.length <= 64 && !/[\u0000-\u001f]/.test(code) ? await listProductModels(code) : null;
  if (!models) throw new AppError({ code: 'not_found', key: 'Api.productNotFound' });
  return { data: models };
});
