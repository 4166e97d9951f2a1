import { checkoutBody } from '@/lib/validation/orders';
import { apiRoute } from '@/server/api/route';
import { placeOrder } from '@/server/orders/place-order';

export const dynamic = 'force-dynamic';

/**
 * POST /api/checkout: places an order from the caller's cart. Header
 * `Idempotency-Key` (required): the first placement answers 201; a retry with the same key and
 * body answers the same order (200, `Idempotent-Replayed: true`),
 * the same key with another body 409. Body: `delivery` ({ address_id } or { pickup }),
 * `billing_address_id?` (default: the default billing address, else the delivery address),
 * `payment_method`, `po_reference?`, `notes?`, `expected_total?` (euros, with IVA and shipping:
 * 409 with the new totals in `data` when today's prices give another total).
 */
export const POST = apiRoute(
  { auth: 'required', flag: 'ENABLE_CHECKOUT', idempotencyKey: true, body: checkoutBody, messages: 'Orders.validation' },
  async ({ viewer, body, idempotencyKey }) => {
    const { order, replayed } = await placeOrder(viewer.id, idempotencyKey!, body);
    // A replay answers the same order with 200 and says so (like Stripe's Idempotent-Replayed).
    return {
      data: order,
      message: { key: 'Orders.placed', values: { number: order.number } },
      status: replayed ? 200 : 201,
      headers: replayed ? { 'Idempotent-Replayed': 'true' } : undefined,
    };
  },
);
