import { mergeBody } from '@/lib/validation/cart';
import { apiRoute } from '@/server/api/route';
import { mergeCarts } from '@/server/cart';
import { serverTranslator } from '@/server/mail/i18n';

export const dynamic = 'force-dynamic';

const text = serverTranslator('CartApi');

/**
 * POST /api/cart/merge (spec 7): the guest cart's lines join the caller's own cart (same model
 * and package: quantities add) in one transaction; the guest cart then stops answering.
 * Session required (cookie or bearer); 404 for a cart that is not the caller's or a guest cart
 * that no longer answers.
 */
export const POST = apiRoute({ auth: 'required', body: mergeBody, messages: 'CartApi' }, async ({ viewer, body }) => {
  await mergeCarts(viewer.id, body.guest_cart_id, body.user_cart_id);
  return { data: { cart_id: body.user_cart_id, merged: true }, message: text('mergedMessage') };
});
