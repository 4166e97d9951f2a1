import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { formatPrice } from '@/lib/format';
import type { OrderStatus } from '@/lib/orders/status';
import { AppError } from '@/server/errors';
import { getDb } from '@/server/db/client';
import { orderPayments, orders, type OrderPaymentRow } from '@/server/db/schema';
import { serverTranslator } from '@/server/i18n';
import { transitionOrder } from '@/server/orders/status';
import { getMbwayStatus, parseProviderAmount, ProviderError } from './client';
import { ifthenpayConfig, mbwayEnabled, multibancoEnabled } from './config';
import { paymentDataOf, PROVIDER } from './request';
import { logger } from '@/server/log';

const log = logger('payments');

/**
 * ifthenpay's payment callback: a GET to the URL configured in ifthenpay's backoffice,
 *
 *   /api/payments/ifthenpay/callback?key=[ANTI_PHISHING_KEY]&orderId=[ORDER_ID]&amount=[AMOUNT]
 *     &requestId=[REQUEST_ID]&entity=[ENTITY]&reference=[REFERENCE]&payment_method=[PAYMENT_METHOD]
 *     (&status=… when the callback carries one)
 *
 * ifthenpay does not sign callbacks; its documentation asks the merchant to check the
 * anti-phishing key and the payment's data. So, in this order:
 *  1. the anti-phishing key, compared in constant time (SHA-256 of both, `timingSafeEqual`) → 403;
 *  2. the order (by number, else request id, else entity + reference) with a provider payment → 404;
 *     request id, entity and reference, when both sides have them, must agree → 422;
 *  3. the amount, to the cent, against the amount asked for → 422 (nothing changed);
 *  4. paid? A `status` in the callback says so; without one, MB WAY's status is asked back from
 *     ifthenpay (`spg/payment/mbway/status`: not paid → 409, unreachable → 503 and ifthenpay
 *     calls again). A Multibanco callback is itself ifthenpay's notice that the reference was paid
 *     (it sends none otherwise), so steps 1–3 are its checks;
 *  5. one transaction: the payment row locked (`FOR UPDATE`); already paid → nothing changes (a
 *     repeated or concurrent callback answers 200 "already"); else the payment is recorded
 *     (amount, time, transaction id) and the order moves `pending_payment → confirmed` through the
 *     one transition function, with a history event by `pagamento:ifthenpay`.
 */

const text = serverTranslator('Payments');
const orderText = serverTranslator('Orders');

/** Status values that mean "paid" when a callback carries one (MB WAY `000`, the legacy `PAGO`). */
const PAID_STATUSES = new Set(['000', '0', 'pago', 'paid', 'success']);

export interface CallbackParams {
  key?: string | null;
  orderId?: string | null;
  amount?: string | null;
  requestId?: string | null;
  entity?: string | null;
  reference?: string | null;
  paymentMethod?: string | null;
  status?: string | null;
}

export interface CallbackResult {
  order_number: string;
  /** `confirmed`: recorded now and the order confirmed; `recorded`: recorded, the order did not await payment; `already`: nothing changed. */
  outcome: 'confirmed' | 'recorded' | 'already' | 'not_paid';
  order_status: OrderStatus;
  message: string;
}

/** Constant-time comparison of a secret: digests of equal length, whatever was sent. */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

const clean = (v: string | null | undefined, max = 100) => {
  const s = (v ?? '').trim();
  // ifthenpay sends the placeholder itself when a field does not apply (e.g. `[ENTITY]` for MB WAY).
  return s && s.length <= max && !/^\[.*\]$/.test(s) ? s : null;
};

const mismatch = (field: string) => new AppError({ code: 'unprocessable', key: 'Payments.callbackMismatch', values: { field }, fieldErrors: { [field]: ['Payments.callbackMismatch'] } });

type Found = { id: number; number: string; status: OrderStatus; payment: OrderPaymentRow };

async function findPayment(p: { orderId: string | null; requestId: string | null; entity: string | null; reference: string | null }): Promise<Found | null> {
  const db = await getDb();
  const where = p.orderId
    ? eq(orders.number, p.orderId)
    : p.requestId
      ? and(eq(orderPayments.provider, PROVIDER), eq(orderPayments.requestId, p.requestId))
      : p.entity && p.reference
        ? and(eq(orderPayments.entity, p.entity), eq(orderPayments.reference, p.reference))
        : null;
  if (!where) return null;
  const [row] = await db
    .select({ id: orders.id, number: orders.number, status: orders.status, payment: orderPayments })
    .from(orders)
    .innerJoin(orderPayments, eq(orderPayments.orderId, orders.id))
    .where(and(where, eq(orderPayments.provider, PROVIDER)))
    .limit(1);
  return row ?? null;
}

export async function handleIfthenpayCallback(params: CallbackParams): Promise<CallbackResult> {
  const config = ifthenpayConfig();
  if (!config.antiPhishingKey || !(multibancoEnabled(config) || mbwayEnabled(config))) {
    throw new AppError({ code: 'not_found', key: 'Payments.notConfigured' });
  }
  // 1. The anti-phishing key.
  if (!sameSecret(params.key ?? '', config.antiPhishingKey)) {
    throw new AppError({ code: 'forbidden', key: 'Payments.callbackKeyInvalid' });
  }

  // 2. The order and its provider payment.
  const ids = {
    orderId: clean(params.orderId, 40),
    requestId: clean(params.requestId),
    entity: clean(params.entity, 10),
    reference: clean(params.reference, 20)?.replace(/\s+/g, '') ?? null,
  };
  const found = await findPayment(ids);
  if (!found) throw new AppError({ code: 'not_found', key: 'Payments.callbackOrderUnknown' });
  const pay = found.payment;
  if (ids.requestId && pay.requestId && ids.requestId !== pay.requestId) throw mismatch('requestId');
  if (ids.entity && pay.entity && ids.entity !== pay.entity) throw mismatch('entity');
  if (ids.reference && pay.reference && ids.reference !== pay.reference) throw mismatch('reference');
  const method = clean(params.paymentMethod, 20)?.toLowerCase().replace(/[\s_-]/g, '');
  if (method && !(method === pay.method || (method === 'mb' && pay.method === 'multibanco'))) throw mismatch('payment_method');

  // 3. The amount, to the cent.
  const paidCents = parseProviderAmount(params.amount);
  if (paidCents === null) throw new AppError({ code: 'bad_request', key: 'Payments.callbackAmountInvalid', fieldErrors: { amount: ['Payments.callbackAmountInvalid'] } });
  if (paidCents !== pay.amountCents) {
    log.warn({ provider: PROVIDER, order: found.number }, 'callback com um valor diferente do da encomenda: recusado');
    throw new AppError({
      code: 'unprocessable',
      key: 'Payments.callbackAmountMismatch',
      values: { paid: formatPrice(paidCents / 100), expected: formatPrice(pay.amountCents / 100) },
      fieldErrors: { amount: ['Payments.callbackAmountMismatch'] },
    });
  }
  if (pay.paidAt) return { order_number: found.number, outcome: 'already', order_status: found.status, message: text('callbackAlready') };

  // 4. Paid? From the callback's status, or asked back from the provider.
  const transactionId = ids.requestId ?? pay.requestId;
  const status = clean(params.status, 20);
  if (status !== null) {
    if (!PAID_STATUSES.has(status.toLowerCase())) {
      return { order_number: found.number, outcome: 'not_paid', order_status: found.status, message: text('callbackNotPaid') };
    }
  } else if (pay.method === 'mbway') {
    if (!transactionId) throw mismatch('requestId');
    let answer;
    try {
      answer = await getMbwayStatus(transactionId, config);
    } catch (err) {
      if (err instanceof ProviderError || err instanceof AppError) {
        throw new AppError({ code: 'unavailable', key: 'Payments.callbackStatusUnavailable' });
      }
      throw err;
    }
    if (!answer.paid) throw new AppError({ code: 'conflict', key: 'Payments.callbackNotPaid' });
  }

  // 5. Recorded once, and the order confirmed.
  const db = await getDb();
  return db.transaction(async (tx) => {
    const locked = (await tx.execute(sql`select paid_at from order_payments where order_id = ${found.id} for update`)) as unknown as { rows: { paid_at: unknown }[] };
    if (!locked.rows[0]) throw new AppError({ code: 'not_found', key: 'Payments.callbackOrderUnknown' });
    if (locked.rows[0].paid_at !== null) {
      const [now] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, found.id));
      return { order_number: found.number, outcome: 'already' as const, order_status: now?.status ?? found.status, message: text('callbackAlready') };
    }
    const paidAt = new Date();
    const [row] = await tx
      .update(orderPayments)
      .set({ paidCents, paidAt, transactionId: transactionId ?? null, updatedAt: paidAt })
      .where(eq(orderPayments.orderId, found.id))
      .returning();
    await tx.update(orders).set({ paymentData: paymentDataOf(row!), updatedAt: paidAt }).where(eq(orders.id, found.id));
    const [current] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, found.id));
    if (current?.status !== 'pending_payment') {
      log.warn({ provider: PROVIDER, order: found.number, orderStatus: current?.status }, 'pagamento recebido numa encomenda fora do estado esperado');
      return { order_number: found.number, outcome: 'recorded' as const, order_status: current?.status ?? found.status, message: text('callbackAfterCancel', { number: found.number }) };
    }
    await transitionOrder(
      found.id,
      'confirmed',
      {
        actor: `pagamento:${PROVIDER}`,
        note: text('historyNote', { method: orderText(`payment.${pay.method}`), amount: formatPrice(paidCents / 100), transaction: transactionId ?? '—' }),
      },
      tx,
    );
    return { order_number: found.number, outcome: 'confirmed' as const, order_status: 'confirmed' as const, message: text('callbackRecorded', { number: found.number }) };
  });
}
