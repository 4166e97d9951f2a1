import { z } from 'zod';
import { checkoutBody, IDEMPOTENCY_KEY } from '@/lib/validation/orders';
import { AppError } from '@/server/api/errors';
import { apiRoute } from '@/server/api/route';
import { serverTranslator } from '@/server/mail/i18n';
import { placeOrder } from '@/server/orders/place-order';
import { claimGuestQuotes } from '@/server/quotes';
import { quoteId } from '@/server/quotes/access';

export const dynamic = 'force-dynamic';

const orderText = serverTranslator('Orders');
const text = serverTranslator('Quotes');

/**
 * POST /api/quotes/{id}/accept (issue 12): the customer accepts an answered quote, which becomes an
 * order through the checkout of issue 11 at the quoted prices (and the quoted shipping for a home
 * delivery). Login required (a guest signs in with the quote's e-mail: the quote joins that
 * account); the body and the `Idempotency-Key` header are those of `POST /api/checkout`
 * (`expected_total` is the quote's total). A quote becomes at most one order: a retry with the
 * same key answers the same order, another attempt 409. Expired, declined or withdrawn: 409.
 */
export const POST = apiRoute(
  { auth: 'required', flag: 'ENABLE_CHECKOUT', params: z.object({ id: z.string() }), body: checkoutBody, messages: 'Orders.validation' },
  async ({ request, viewer, params, body }) => {
    const key = request.headers.get('idempotency-key')?.trim() ?? '';
    if (!IDEMPOTENCY_KEY.test(key)) {
      throw new AppError({ code: 'bad_request', message: orderText('idempotencyKeyRequired'), details: { 'Idempotency-Key': [orderText('idempotencyKeyRequired')] } });
    }
    const id = quoteId(params.id);
    await claimGuestQuotes(viewer.id);
    const { order, replayed } = await placeOrder(viewer.id, key, body, { quoteId: id });
    return {
      data: order,
      message: text('accepted', { number: order.number }),
      status: replayed ? 200 : 201,
      headers: replayed ? { 'Idempotent-Replayed': 'true' } : undefined,
    };
  },
);
