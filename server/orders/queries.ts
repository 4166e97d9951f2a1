import 'server-only';
import { and, asc, count, desc, eq, ilike } from 'drizzle-orm';
import type { DeliveryMethod, OrderStatus, PaymentMethodId } from '@/lib/orders/status';
import type { OrderLineView } from '@/lib/orders/types';
import { AppError } from '@/server/errors';
import { getDb } from '@/server/db/client';
import { orderEvents, orderLines, orders, type AddressSnapshot, type PaymentData } from '@/server/db/schema';
import { lineSnapshotView, statusHistoryView } from './line-view';
import { totalsOf, type OrderTotals } from './place-order';

/**
 * Reading orders: a customer reads only their own (`user_id = $viewer` in the query);
 * another customer's id answers 404 like an unknown one.
 */

export interface OrderSummary {
  id: number;
  number: string;
  status: OrderStatus;
  placed_at: string;
  delivery_method: DeliveryMethod;
  payment_method: PaymentMethodId;
  po_reference: string | null;
  totals: OrderTotals;
}

export interface OrderDetail extends OrderSummary {
  notes: string | null;
  delivery_address: AddressSnapshot;
  billing_address: AddressSnapshot;
  payment: PaymentData;
  lines: OrderLineView[];
  history: { from: OrderStatus | null; to: OrderStatus; actor: string; note: string | null; at: string }[];
}

type OrderRow = typeof orders.$inferSelect;

function summary(row: OrderRow): OrderSummary {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    placed_at: row.placedAt.toISOString(),
    delivery_method: row.deliveryMethod,
    payment_method: row.paymentMethod,
    po_reference: row.poReference,
    totals: totalsOf(row),
  };
}

/** `%` and `_` of a LIKE pattern (and its escape character) taken literally. */
function likeLiteral(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The customer's orders, newest first; `status` keeps one state, `q` the orders whose number
 * contains it (case-insensitive: `2026-0001`, `en-2026`).
 */
export async function listOrders(
  userId: string,
  options: { limit: number; offset: number; status?: OrderStatus; q?: string },
): Promise<{ items: OrderSummary[]; total: number }> {
  const db = await getDb();
  const q = options.q?.trim();
  const where = and(
    eq(orders.userId, userId),
    options.status ? eq(orders.status, options.status) : undefined,
    q ? ilike(orders.number, `%${likeLiteral(q)}%`) : undefined,
  );
  const rows = await db.select().from(orders).where(where).orderBy(desc(orders.placedAt), desc(orders.id)).limit(options.limit).offset(options.offset);
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  return { items: rows.map(summary), total: Number(total?.n ?? 0) };
}

export async function getOrder(userId: string, orderId: number): Promise<OrderDetail> {
  const db = await getDb();
  const [row] = await db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!row) throw new AppError({ code: 'not_found', key: 'Orders.orderNotFound' });
  return detailOf(row);
}

/** Staff (`manage_orders`): any order by id, whoever placed it (deleted customers included). */
export async function getOrderById(orderId: number): Promise<OrderDetail> {
  const db = await getDb();
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw new AppError({ code: 'not_found', key: 'Orders.orderNotFound' });
  return detailOf(row);
}

async function detailOf(row: OrderRow): Promise<OrderDetail> {
  const db = await getDb();
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, row.id)).orderBy(asc(orderLines.position));
  const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, row.id)).orderBy(asc(orderEvents.id));
  return {
    ...summary(row),
    notes: row.notes,
    delivery_address: row.deliveryAddress,
    billing_address: row.billingAddress,
    payment: row.paymentData,
    lines: lines.map((l) => ({
      ...lineSnapshotView(l),
      base_unit_price: Number(l.baseUnitPrice),
      discount_percentage: Number(l.discountPercentage),
      unit_price: Number(l.unitPrice),
      tax_rate: Number(l.taxRate),
      total_price: l.lineNetCents / 100,
      tax: l.lineTaxCents / 100,
      total_price_with_tax: l.lineTotalCents / 100,
    })),
    history: events.map(statusHistoryView),
  };
}
