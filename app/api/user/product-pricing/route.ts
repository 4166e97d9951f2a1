import { z } from 'zod';
import { MAX_PRICING_CODES } from '@/lib/pricing/types';
import { apiRoute } from '@/server/api/route';
import { getUserPrices } from '@/server/pricing';

export const dynamic = 'force-dynamic';

const query = z.object({
  product_ids: z
    .string({ error: 'CartApi.productIdsRequired' })
    .transform((s) => [...new Set(s.split(',').map((c) => c.trim()).filter((c) => c.length > 0 && c.length <= 64))])
    .refine((codes) => codes.length > 0, 'CartApi.productIdsRequired')
    .refine((codes) => codes.length <= MAX_PRICING_CODES, { message: 'CartApi.tooManyCodes', params: { max: MAX_PRICING_CODES } }),
});

/**
 * GET /api/user/product-pricing?product_ids=A,B (spec 7): the signed-in customer's price entry
 * per model code (`data.prices`), and whether all came from the server's cache (`data.cached`).
 * 401 for a guest; at most 200 codes; always `private, no-store` — prices are personal.
 */
export const GET = apiRoute({ auth: 'required', query }, async ({ viewer, query: { product_ids } }) => {
  const { prices, cached } = await getUserPrices(viewer.id, product_ids);
  return { data: { prices, cached }, headers: { Vary: 'Cookie, Authorization' } };
});
