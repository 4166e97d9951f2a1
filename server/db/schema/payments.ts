/**
 * Payments through a provider (Multibanco references and MB WAY with ifthenpay). One
 * row per order paid this way, written in the placement transaction:
 *  - the request to the provider: `state` pending → requested (reference issued, MB WAY request
 *    sent) or failed (refused, or given up); asked after the commit, by the placement and by a
 *    retried job, never both at once (`lease_until`: a conditional update claims the row);
 *  - the payment received, once (`paid_at` set under the row lock; a repeated callback finds it
 *    set and changes nothing): amount, time and the provider's transaction id.
 * What the customer is shown stays in `orders.payment_data`, updated with the row.
 */
import 'server-only';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { PROVIDER_PAYMENT_METHODS } from '../../../lib/orders/status';
import { timestamps, timestampTz } from './columns';
import { orders } from './orders';

export const PAYMENT_PROVIDERS = ['ifthenpay'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const PROVIDER_REQUEST_STATES = ['pending', 'requested', 'failed'] as const;
export type ProviderRequestState = (typeof PROVIDER_REQUEST_STATES)[number];

export const orderPayments = pgTable(
  'order_payments',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    method: text('method', { enum: PROVIDER_PAYMENT_METHODS }).notNull(),
    /** What the provider is asked for: the order's total. */
    amountCents: integer('amount_cents').notNull(),
    /** MB WAY: the customer's mobile (9 digits) the request goes to. */
    phone: text('phone'),
    state: text('state', { enum: PROVIDER_REQUEST_STATES }).notNull().default('pending'),
    /** While set in the future, one process is asking the provider: nobody else does. */
    leaseUntil: timestampTz('lease_until'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The provider's id of the request (ifthenpay `RequestId`). */
    requestId: text('request_id'),
    /** Multibanco: entity, reference and last day to pay. */
    entity: text('entity'),
    reference: text('reference'),
    expiresOn: date('expires_on'),
    requestedAt: timestampTz('requested_at'),
    /** The payment received (null until then). */
    paidCents: integer('paid_cents'),
    paidAt: timestampTz('paid_at'),
    /** The provider's id of the payment (ifthenpay: the request id it reports in the callback). */
    transactionId: text('transaction_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('order_payments_provider_request_key').on(t.provider, t.requestId),
    index('order_payments_reference_idx').on(t.entity, t.reference),
    check('order_payments_money_sane', sql`${t.amountCents} > 0 AND (${t.paidCents} IS NULL OR ${t.paidCents} > 0)`),
  ],
);

export type OrderPaymentRow = typeof orderPayments.$inferSelect;
