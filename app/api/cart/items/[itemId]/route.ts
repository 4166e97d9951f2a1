import { z } from 'zod';
import { updateItemBody } from '@/lib/validation/cart';
import { apiRoute } from '@/server/api/route';
import { removeCartItem, updateCartItem } from '@/server/cart/lines';

export const dynamic = 'force-dynamic';

const params = z.object({ itemId: z.string() });

/**
 * PUT /api/cart/items/{itemId} (spec 7): a new package count (1 to 9,999; the model's pack
 * multiples, 400 otherwise). A line of a model no longer sold cannot be changed (409): it can be
 * kept (checkout names it) or removed.
 */
export const PUT = apiRoute({ auth: 'optional', params, body: updateItemBody, messages: 'CartApi' }, async ({ viewer, params: { itemId }, body }) => {
  await updateCartItem(itemId, viewer ? { userId: viewer.id } : null, body.quantity_of_packages);
  return { data: { item_id: itemId, quantity_of_packages: body.quantity_of_packages }, message: { key: 'CartApi.itemUpdated' } };
});

/** DELETE /api/cart/items/{itemId} (spec 7). */
export const DELETE = apiRoute({ auth: 'optional', params }, async ({ viewer, params: { itemId } }) => {
  await removeCartItem(itemId, viewer ? { userId: viewer.id } : null);
  return { data: null, message: { key: 'CartApi.itemRemoved' } };
});
