import { z } from 'zod';
import { apiRoute } from '@/server/api/route';
import { emptyCart } from '@/server/cart/lines';

export const dynamic = 'force-dynamic';

const params = z.object({ cartId: z.string() });

/** DELETE /api/cart/{cartId}/empty (spec 7): removes every line. */
export const DELETE = apiRoute({ auth: 'optional', params }, async ({ viewer, params: { cartId } }) => {
  await emptyCart(cartId, viewer ? { userId: viewer.id } : null);
  return { data: null, message: { key: 'CartApi.emptied' } };
});
