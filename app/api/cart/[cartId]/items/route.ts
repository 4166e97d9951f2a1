import { z } from 'zod';
import { addItemBody } from '@/lib/validation/cart';
import { apiRoute } from '@/server/api/route';
import { addCartItem } from '@/server/cart/lines';
import { listCartItems } from '@/server/cart/read';

export const dynamic = 'force-dynamic';

const params = z.object({ cartId: z.string() });

/**
 * GET /api/cart/{cartId}/items (spec 7): the lines, priced for the signed-in customer at today's
 * prices; a guest's lines carry no prices (null). 404 for a cart that does not answer to the caller.
 */
export const GET = apiRoute({ auth: 'optional', params }, async ({ viewer, params: { cartId } }) => ({
  data: await listCartItems(cartId, viewer ? { userId: viewer.id } : null),
}));

/**
 * POST /api/cart/{cartId}/items (spec 7): adds packages of a model. The server prices the line;
 * `unit_price` from the client is ignored. The package is one of the model's (`items_per_package`:
 * 1, or one of the sizes of its small/medium/large package fields; 400 with the sizes it has
 * otherwise), and the server names it ('Unidade', 'Embalagem de 10'): `selected_package_type`
 * from the client is ignored too. Quantities: whole packages from 1 to 9,999, and for models sold
 * in packs only the allowed multiples (400 with the allowed values).
 */
export const POST = apiRoute({ auth: 'optional', params, body: addItemBody, messages: 'CartApi' }, async ({ viewer, params: { cartId }, body }) => {
  const { itemId, packages } = await addCartItem(cartId, viewer ? { userId: viewer.id } : null, {
    modelId: body.product_id,
    itemsPerPackage: body.items_per_package,
    packages: body.quantity_of_packages,
  });
  return { data: { item_id: itemId, cart_id: cartId, quantity_of_packages: packages }, message: { key: 'CartApi.itemAdded' }, status: 201 };
});
