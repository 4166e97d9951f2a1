import { mergeBody } from '@/lib/validation/cart';
import { apiRoute } from '@/server/api/route';
import { mergeCarts, mergeMessage } from '@/server/cart/identity';

export const dynamic = 'force-dynamic';

/**
 * POST /api/cart/merge (spec 7): the guest cart's lines join the caller's own cart (same model
 * and package: quantities add) in one transaction; the guest cart then stops answering. A merged
 * line keeps an allowed quantity of its model (the largest the pack rule allows at or below the
 * sum, 9,999 packages at most): `adjusted` lists the lines whose quantity is not the plain sum,
 * and the message names them. Session required (cookie or bearer); 404 for a cart that is not
 * the caller's or a guest cart that no longer answers.
 */
export const POST = apiRoute({ auth: 'required', body: mergeBody, messages: 'CartApi' }, async ({ viewer, body }) => {
  const { adjusted } = await mergeCarts(viewer.id, body.guest_cart_id, body.user_cart_id);
  return { data: { cart_id: body.user_cart_id, merged: true, adjusted }, message: mergeMessage(adjusted) };
});
