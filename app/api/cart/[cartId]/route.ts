import { z } from 'zod';
import { rawRoute } from '@/server/api/route';
import { findCart } from '@/server/cart/identity';

export const dynamic = 'force-dynamic';

const params = z.object({ cartId: z.string() });

/** HEAD /api/cart/{cartId} (spec 7): 200 when the cart exists and answers to the caller, else 404. */
export const HEAD = rawRoute({ auth: 'optional', params }, async ({ viewer, params: { cartId } }) => {
  const cart = await findCart(cartId, viewer ? { userId: viewer.id } : null);
  return new Response(null, { status: cart ? 200 : 404 });
});
