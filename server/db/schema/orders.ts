/**
 * Orders: an order is a snapshot of a customer's cart at the moment it was placed —
 * lines, prices, addresses — so later catalogue, price or address changes never rewrite it.
 * Money in integer cents (unit prices numeric(12,4), the ERP's 4 decimals). Numbers
 * `EN-YYYY-NNNNNN` come from a per-year counter row incremented inside the placement transaction
 * (no gaps: a rolled-back placement rolls its number back). A cart becomes at most one order
 * (`orders.cart_id` unique); a submission's Idempotency-Key returns the same order.
 */
import 'server-only';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { DELIVERY_METHODS, ORDER_STATUSES, PAYMENT_METHODS } from '../../../lib/orders/status';
import { ownerUserId, users } from './auth';
import { carts } from './cart';
import { belongsTo, createdAt, lineSnapshotColumns, statusEventColumns, timestamps, timestampTz, yearCounterColumns } from './columns';

import type { AddressSnapshot, PaymentData } from '../../../lib/orders/types';
export type { AddressSnapshot, PaymentData };

export const orderCounters = pgTable('order_counters', yearCounterColumns());

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** `EN-2026-000123`. */
    number: text('number').notNull().unique(),
    /** The customer; null once their account is deleted (the order stays, with the names below). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who placed it, as they were then. */
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    /** The cart it came from: a cart becomes at most one order (null once the cart is deleted with its account). */
    cartId: text('cart_id')
      .unique()
      .references(() => carts.id, { onDelete: 'set null' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    deliveryMethod: text('delivery_method', { enum: DELIVERY_METHODS }).notNull(),
    /** Delivery address (delivery) or the pickup place (showroom, warehouse). */
    deliveryAddress: jsonb('delivery_address').$type<AddressSnapshot>().notNull(),
    billingAddress: jsonb('billing_address').$type<AddressSnapshot>().notNull(),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    paymentData: jsonb('payment_data').$type<PaymentData>().notNull(),
    poReference: text('po_reference'),
    notes: text('notes'),
    goodsNetCents: integer('goods_net_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    placedAt: timestampTz('placed_at').notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    index('orders_user_placed_idx').on(t.userId, t.placedAt),
    check('orders_money_sane', sql`${t.goodsNetCents} >= 0 AND ${t.taxCents} >= 0 AND ${t.shippingCents} >= 0 AND ${t.totalCents} = ${t.goodsNetCents} + ${t.taxCents} + ${t.shippingCents}`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: belongsTo('order_id', () => orders.id),
    ...lineSnapshotColumns(),
    baseUnitPrice: numeric('base_unit_price', { precision: 12, scale: 4 }).notNull(),
    discountPercentage: numeric('discount_percentage', { precision: 5, scale: 2 }).notNull(),
    unitPrice: numeric('unit_price', { precision: 12, scale: 4 }).notNull(),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull(),
    lineNetCents: integer('line_net_cents').notNull(),
    lineTaxCents: integer('line_tax_cents').notNull(),
    lineTotalCents: integer('line_total_cents').notNull(),
  },
  (t) => [uniqueIndex('order_lines_order_position_key').on(t.orderId, t.position)],
);

export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: belongsTo('order_id', () => orders.id),
    ...statusEventColumns(ORDER_STATUSES),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

/** One row per (customer, Idempotency-Key): the submission's body hash and the order it made. */
export const orderIdempotencyKeys = pgTable(
  'order_idempotency_keys',
  {
    userId: ownerUserId(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    orderId: belongsTo('order_id', () => orders.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

export const orderMailKinds = ['confirmation', 'shop_notice'] as const;
export type OrderMailKind = (typeof orderMailKinds)[number];

/**
 * The mails of an order, one row per kind, written with the order: the job that sends one marks
 * it sent in the transaction that completes the job, so a repeated job sends nothing.
 */
export const orderMails = pgTable(
  'order_mails',
  {
    orderId: belongsTo('order_id', () => orders.id),
    kind: text('kind', { enum: orderMailKinds }).notNull(),
    sentAt: timestampTz('sent_at'),
    /** The mail_outbox row of the mail sent (null until sent). */
    outboxId: integer('outbox_id'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.kind] })],
);

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
