import { z } from 'zod';
import { checkoutBody } from '@/lib/validation/orders';
import { apiRoute } from '@/server/api/route';
import { acceptQuote } from '@/server/quotes/accept';
import { quoteId } from '@/server/quotes/access';

export const dynamic = 'force-dynamic';

/**
 * POST /api/quotes/{id}/accept: the customer accepts an answered quote, which becomes an
 * order through the checkout at the quoted prices (server/quotes/accept.ts). Login required (a
 * guest signs in with the quote's e-mail: the quote joins that account); the body and the
 * `Idempotency-Key` header are those of `POST /api/checkout` (`expected_total` is the quote's
 * total). A retry with the same key answers the same order (200), another attempt 409. Expired,
 * declined or withdrawn: 409.
 */
export const POST = apiRoute(
  { auth: 'required', flag: 'ENABLE_CHECKOUT', idempotencyKey: true, params: z.object({ id: z.string() }), body: checkoutBody, messages: 'Orders.validation' },
  async ({ viewer, params, body, idempotencyKey }) => {
    const { order, replayed } = await acceptQuote(viewer.id, quoteId(params.id), idempotencyKey!, body);
    return {
      data: order,
      message: { key: 'Quotes.accepted', values: { number: order.number } },
      status: replayed ? 200 : 201,
      headers: replayed ? { 'Idempotent-Replayed': 'true' } : undefined,
    };
  },
);
