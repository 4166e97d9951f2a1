import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '@/server/errors';
import { getDb, type DbOrTx, type Tx } from '@/server/db/client';
import { orderPayments, orders, type OrderPaymentRow, type PaymentData } from '@/server/db/schema';
import { enqueue, JOB_QUEUES, registerJobHandler, runRetryNow, wakeJobWorker } from '@/server/jobs';
import { serverTranslator } from '@/server/i18n';
import { createMultibancoReference, ProviderError, requestMbwayPayment } from './client';
import { ifthenpayConfig } from './config';
import { logger } from '@/server/log';

const log = logger('payments');

/**
 * Asking ifthenpay for the means to pay, after the order is committed (never inside the placement
 * transaction). The placement writes an `order_payments` row in state `pending` and enqueues a
 * `payment-request` job (due a minute later) in its transaction; right after the commit it asks the
 * provider itself (`requestProviderPayment`), so the customer's answer and the confirmation mail
 * normally carry the reference. When the provider cannot be reached, the order stays placed
 * (`pending_payment`, payment status `requesting`) and the job asks again, retried with backoff.
 *
 * One asker at a time: a conditional update claims the row for a lease (`lease_until`), so the
 * placement and the job (or two workers) never ask twice — two MB WAY pushes or two references
 * for one order. A refusal by the provider is final (`failed`); after `GIVE_UP_AFTER_MS` nobody
 * asks any more (an MB WAY request arriving an hour late would only confuse the customer).
 */

const text = serverTranslator('Payments');

export const PROVIDER = 'ifthenpay' as const;

/** The job's first run, after the placement's own attempt has had its chance. */
export const JOB_DELAY_SECONDS = 60;

/** How long after the placement the provider is still asked. */
export const GIVE_UP_AFTER_MS: Record<'multibanco' | 'mbway', number> = {
  multibanco: 4 * 60 * 60 * 1000,
  mbway: 15 * 60 * 1000,
};

type ProviderMethod = 'multibanco' | 'mbway';

/** `912345678` → `9•• ••• 678`: enough for the customer to recognise their phone. */
export function maskPhone(phone: string | null): string | null {
  if (!phone) return null;
  return `${phone.slice(0, 1)}•• ••• ${phone.slice(-3)}`;
}

/** What the customer is shown (orders.payment_data) for the state of the provider row. */
export function paymentDataOf(p: Pick<OrderPaymentRow, 'method' | 'state' | 'amountCents' | 'phone' | 'requestId' | 'entity' | 'reference' | 'expiresOn' | 'paidAt'>): PaymentData {
  const status = p.paidAt ? 'paid' : p.state === 'pending' ? 'requesting' : p.state === 'requested' ? 'awaiting_payment' : 'failed';
  const base: PaymentData = {
    method: p.method,
    provider: PROVIDER,
    status,
    amount: p.amountCents / 100,
    request_id: p.requestId ?? null,
    paid_at: p.paidAt ? p.paidAt.toISOString() : null,
  };
  if (p.method === 'multibanco') return { ...base, entity: p.entity ?? null, reference: p.reference ?? null, expires_on: p.expiresOn ?? null };
  return { ...base, phone: maskPhone(p.phone) };
}

/** The first payment data of a new order (nothing asked yet). */
export function initialPaymentData(method: ProviderMethod, amountCents: number, phone: string | null): PaymentData {
  return paymentDataOf({ method, state: 'pending', amountCents, phone, requestId: null, entity: null, reference: null, expiresOn: null, paidAt: null });
}

/** In the placement transaction: the provider row and the job that asks the provider if the placement cannot. */
export async function preparePaymentRequest(tx: Tx, order: { orderId: number; method: ProviderMethod; totalCents: number; mbwayPhone: string | null }): Promise<void> {
  await tx.insert(orderPayments).values({
    orderId: order.orderId,
    provider: PROVIDER,
    method: order.method,
    amountCents: order.totalCents,
    phone: order.method === 'mbway' ? order.mbwayPhone : null,
  });
  await enqueue(tx, JOB_QUEUES.paymentRequest, { orderId: order.orderId }, { singletonKey: `payment:${order.orderId}`, startAfterSeconds: JOB_DELAY_SECONDS });
}

/** Writes the row's new state and the order's payment data together. */
async function saveState(db: DbOrTx, orderId: number, set: Partial<typeof orderPayments.$inferInsert>): Promise<PaymentData | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(orderPayments)
      .set({ ...set, leaseUntil: null, updatedAt: new Date() })
      .where(sql`${orderPayments.orderId} = ${orderId} and ${orderPayments.state} = 'pending'`)
      .returning();
    if (!row) return null;
    const data = paymentDataOf(row);
    await tx.update(orders).set({ paymentData: data, updatedAt: new Date() }).where(eq(orders.id, orderId));
    return data;
  });
}

export type RequestOutcome =
  /** Reference issued / MB WAY request sent now. */
  | { outcome: 'requested'; payment: PaymentData }
  /** Asked before (requested or failed), or no provider row: nothing to do. */
  | { outcome: 'done'; payment: PaymentData | null }
  /** Someone else is asking right now. */
  | { outcome: 'busy' }
  /** The provider could not be reached: ask again later. */
  | { outcome: 'retry'; error: string }
  /** Refused by the provider, or given up: final. */
  | { outcome: 'failed'; payment: PaymentData | null; error: string };

/**
 * Asks the provider for this order's reference (Multibanco) or sends its MB WAY request, unless
 * that was done or someone else is doing it. Never throws for the provider's failures.
 */
export async function requestProviderPayment(orderId: number, options: { now?: Date } = {}): Promise<RequestOutcome> {
  const db = await getDb();
  const config = ifthenpayConfig();
  const leaseSeconds = Math.ceil(config.timeoutMs / 1000) + 20;
  const claimed = (await db.execute(sql`
    update order_payments
       set lease_until = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1, updated_at = now()
     where order_id = ${orderId} and state = 'pending' and (lease_until is null or lease_until < now())
     returning order_id`)) as unknown as { rows: { order_id: number }[] };
  const [row] = await db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
  if (!row) return { outcome: 'done', payment: null };
  if (claimed.rows.length === 0) return row.state === 'pending' ? { outcome: 'busy' } : { outcome: 'done', payment: paymentDataOf(row) };

  const [order] = await db.select({ number: orders.number, status: orders.status }).from(orders).where(eq(orders.id, orderId));
  const method = row.method;
  const now = options.now ?? new Date();
  const fail = async (error: string) => ({ outcome: 'failed' as const, payment: await saveState(db, orderId, { state: 'failed', lastError: error }), error });
  if (!order || order.status !== 'pending_payment') return fail(text('orderNotAwaitingPayment'));
  if (now.getTime() - row.createdAt.getTime() > GIVE_UP_AFTER_MS[method]) return fail(text('gaveUp'));

  const description = `Encomenda ${order.number}`;
  try {
    if (method === 'multibanco') {
      const ref = await createMultibancoReference({ orderId: order.number, amountCents: row.amountCents, description }, config);
      const payment = await saveState(db, orderId, {
        state: 'requested',
        requestId: ref.requestId,
        entity: ref.entity,
        reference: ref.reference,
        expiresOn: ref.expiresOn,
        requestedAt: new Date(),
        lastError: null,
      });
      if (!payment) return { outcome: 'busy' };
      // A confirmation mail that waited for this reference goes now, not at its next retry.
      await runRetryNow(db, JOB_QUEUES.orderMail, `order:${orderId}:confirmation`);
      wakeJobWorker();
      return { outcome: 'requested', payment };
    }
    if (!row.phone) return fail(text('providerRefused', { reason: 'telemóvel em falta' }));
    const req = await requestMbwayPayment({ orderId: order.number, amountCents: row.amountCents, phone: row.phone, description }, config);
    const payment = await saveState(db, orderId, { state: 'requested', requestId: req.requestId, requestedAt: new Date(), lastError: null });
    return payment ? { outcome: 'requested', payment } : { outcome: 'busy' };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof ProviderError && !err.retryable) return fail(message);
    if (!(err instanceof AppError)) log.error({ err, provider: PROVIDER, orderId }, 'pedido de pagamento falhou');
    // Let the next attempt in at once; the error stays on the row.
    await db
      .update(orderPayments)
      .set({ leaseUntil: null, lastError: message.slice(0, 500), updatedAt: new Date() })
      .where(sql`${orderPayments.orderId} = ${orderId} and ${orderPayments.state} = 'pending'`);
    return { outcome: 'retry', error: message };
  }
}

/** After the placement's commit: ask now, and answer the payment data to show (null: unchanged). */
export async function requestAfterPlacement(orderId: number): Promise<PaymentData | null> {
  try {
    const result = await requestProviderPayment(orderId);
    if (result.outcome === 'requested' || result.outcome === 'done' || result.outcome === 'failed') return result.payment;
    return null;
  } catch (err) {
    // The order is placed: whatever went wrong here, the job asks again.
    log.error({ err, provider: PROVIDER, orderId }, 'pedido de pagamento após a encomenda falhou');
    return null;
  }
}

/**
 * True while a Multibanco order still waits for its reference (not yet given up): its
 * confirmation mail, which must carry entity, reference and amount, waits too (the mail job is
 * retried). MB WAY mails go at once (the request is on the customer's phone, or will be).
 */
export async function paymentInstructionsPending(orderId: number, now = new Date()): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ method: orderPayments.method, state: orderPayments.state, createdAt: orderPayments.createdAt })
    .from(orderPayments)
    .where(eq(orderPayments.orderId, orderId));
  return row?.method === 'multibanco' && row.state === 'pending' && now.getTime() - row.createdAt.getTime() <= GIVE_UP_AFTER_MS.multibanco;
}

registerJobHandler(JOB_QUEUES.paymentRequest, async ({ orderId }) => {
  const result = await requestProviderPayment(orderId);
  // Thrown: the job fails and pg-boss runs it again later (backoff).
  if (result.outcome === 'retry') throw new Error(result.error);
  if (result.outcome === 'busy') throw new Error('pedido ao fornecedor de pagamentos em curso');
});
