import { createCartBody } from '@/lib/validation/cart';
import { apiRoute } from '@/server/api/route';
import { mergeMessage, resolveCart } from '@/server/cart/identity';

export const dynamic = 'force-dynamic';

/**
 * POST /api/cart (spec 7): the cart to use. A guest sends `{ guestMode: true, guestCartId? }` and
 * gets that guest cart back while it answers, else a new one (128 random bits). A signed-in
 * customer (cookie or bearer) gets their own cart; a `guestCartId` sent with the session is
 * merged into it (`merged: true`), and that guest id stops answering. A merged line keeps an
 * allowed quantity of its model (pack rule, 9,999 packages at most): `adjusted` lists the lines
 * whose quantity is not the plain sum, and the message names them.
 */
export const POST = apiRoute({ auth: 'optional', body: createCartBody, messages: 'CartApi' }, async ({ viewer, body }) => {
  const caller = viewer ? { userId: viewer.id } : null;
  const { cartId, merged, adjusted } = await resolveCart(caller, body.guestCartId ?? undefined);
  return {
    data: merged ? { cart_id: cartId, merged, adjusted } : { cart_id: cartId, merged },
    message: merged ? mergeMessage(adjusted) : { key: 'CartApi.found' },
  };
});
