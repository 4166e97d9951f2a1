import 'server-only';
import { and, count, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import { ORDER_TRANSITIONS, transitionsFor, type OrderStatus, type PaymentMethodId, type DeliveryMethod } from '@/lib/orders/status';
import type { Viewer } from '@/lib/auth/viewer';
import { recordAudit } from '@/server/admin/audit';
import { AppError } from '@/server/errors';
import { getDb, type Tx } from '@/server/db/client';
import { orderEvents, orderStatusMails, orders } from '@/server/db/schema';
import { enqueue, getJobs, JOB_QUEUES, wakeJobWorker } from '@/server/jobs';
import { getOrderById, type OrderDetail } from './queries';
import { transitionOrder } from './status';

/**
 * Orders on the staff side (permission `manage_orders`): the list with its filters and
 * the overdue orders first, one order whatever its customer, and the staff's actions — move to
 * the next allowed state, cancel with a reason, mark a bank transfer paid. Every action goes
 * through `transitionOrder` (row lock, allowed moves only, the history row), enqueues the
 * customer's mail of the change (sent once, server/orders/status-mails.ts) and is audited, all
 * in one transaction.
 */

/** Days after which an order waiting for payment is overdue (placed that long ago). */
export const OVERDUE_PAYMENT_DAYS = 3;
/** Days after which a confirmed or preparing order is overdue (no change for that long). */
export const OVERDUE_FULFILMENT_DAYS = 2;

export const STAFF_ORDER_PAGE_SIZE = 25;

export interface StaffOrderFilters {
  status?: OrderStatus;
  /** Lisbon days, YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
  /** Customer's name, e-mail or NIF (billing address). */
  customer?: string;
  /** Order number, or part of it. */
  number?: string;
  page: number;
}

export interface StaffOrderRow {
  id: number;
  number: string;
  status: OrderStatus;
  placedAt: string;
  updatedAt: string;
  customerName: string;
  customerEmail: string;
  nif: string | null;
  paymentMethod: PaymentMethodId;
  paymentStatus: string | null;
  deliveryMethod: DeliveryMethod;
  total: number;
  overdue: boolean;
}

function likeLiteral(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const overdueSql = sql<boolean>`(
  (${orders.status} = 'pending_payment' and ${orders.placedAt} < now() - make_interval(days => ${OVERDUE_PAYMENT_DAYS}))
  or (${orders.status} in ('confirmed', 'preparing') and ${orders.updatedAt} < now() - make_interval(days => ${OVERDUE_FULFILMENT_DAYS}))
)`;

const lisbonDay = sql`(${orders.placedAt} at time zone 'Europe/Lisbon')::date`;

function whereOf(f: StaffOrderFilters): SQL | undefined {
  const customer = f.customer?.trim();
  const digits = customer?.replace(/^PT/i, '').replace(/\D/g, '') ?? '';
  const number = f.number?.trim();
  return and(
    f.status ? eq(orders.status, f.status) : undefined,
    f.from ? gte(lisbonDay, sql`${f.from}::date`) : undefined,
    f.to ? lte(lisbonDay, sql`${f.to}::date`) : undefined,
    number ? ilike(orders.number, `%${likeLiteral(number)}%`) : undefined,
    customer
      ? or(
          ilike(orders.customerName, `%${likeLiteral(customer)}%`),
          ilike(orders.customerEmail, `%${likeLiteral(customer)}%`),
          digits.length >= 3 ? sql`regexp_replace(coalesce(${orders.billingAddress} ->> 'nif', ''), '\\D', '', 'g') like ${`%${digits}%`}` : undefined,
        )
      : undefined,
  );
}

/** How many orders are overdue (the admin dashboard's figure), without reading a page of them. */
export async function countOverdueStaffOrders(): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(orders).where(overdueSql);
  return Number(row?.n ?? 0);
}

/** The staff list: overdue orders first (oldest first among them), then the newest. */
export async function listStaffOrders(f: StaffOrderFilters): Promise<{ items: StaffOrderRow[]; total: number; overdue: number }> {
  const db = await getDb();
  const where = whereOf(f);
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      placedAt: orders.placedAt,
      updatedAt: orders.updatedAt,
      customerName: orders.customerName,
      customerEmail: orders.customerEmail,
      nif: sql<string | null>`${orders.billingAddress} ->> 'nif'`,
      paymentMethod: orders.paymentMethod,
      paymentStatus: sql<string | null>`coalesce(${orders.paymentData} ->> 'status', case when ${orders.status} = 'pending_payment' then 'pending' end)`,
      deliveryMethod: orders.deliveryMethod,
      totalCents: orders.totalCents,
      overdue: overdueSql,
    })
    .from(orders)
    .where(where)
    .orderBy(desc(overdueSql), sql`case when ${overdueSql} then ${orders.placedAt} end asc`, desc(orders.placedAt), desc(orders.id))
    .limit(STAFF_ORDER_PAGE_SIZE)
    .offset((f.page - 1) * STAFF_ORDER_PAGE_SIZE);
  const [totals] = await db
    .select({ n: count(), overdue: sql<number>`count(*) filter (where ${overdueSql})` })
    .from(orders)
    .where(where);
  return {
    items: rows.map(({ totalCents, placedAt, updatedAt, ...r }) => ({
      ...r,
      placedAt: placedAt.toISOString(),
      updatedAt: updatedAt.toISOString(),
      total: totalCents / 100,
      overdue: Boolean(r.overdue),
    })),
    total: Number(totals?.n ?? 0),
    overdue: Number(totals?.overdue ?? 0),
  };
}

export interface StaffOrderDetail extends OrderDetail {
  customer: { name: string; email: string; userId: string | null };
  updated_at: string;
  overdue: boolean;
  /** The states staff may move it to now (cancel is its own action). */
  next: OrderStatus[];
  canCancel: boolean;
  /** A bank transfer still waiting for its money. */
  canMarkPaid: boolean;
  mails: { eventId: number; sentAt: string | null; attempts: number; lastError: string | null }[];
  /** The state history with the event ids (the customer mail of each staff change hangs on it). */
  events: { id: number; from: OrderStatus | null; to: OrderStatus; actor: string; note: string | null; at: string }[];
}

export async function getStaffOrder(orderId: number): Promise<StaffOrderDetail> {
  const order = await getOrderById(orderId);
  const db = await getDb();
  const [row] = await db
    .select({ name: orders.customerName, email: orders.customerEmail, userId: orders.userId, updatedAt: orders.updatedAt, overdue: overdueSql })
    .from(orders)
    .where(eq(orders.id, orderId));
  const mails = await db
    .select({ eventId: orderStatusMails.eventId, sentAt: orderStatusMails.sentAt, attempts: orderStatusMails.attempts, lastError: orderStatusMails.lastError })
    .from(orderStatusMails)
    .where(eq(orderStatusMails.orderId, orderId));
  const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id);
  const transitions = transitionsFor(order.status, order.delivery_method);
  return {
    ...order,
    customer: { name: row?.name ?? '', email: row?.email ?? '', userId: row?.userId ?? null },
    updated_at: (row?.updatedAt ?? new Date()).toISOString(),
    overdue: Boolean(row?.overdue),
    // Confirming an order waiting for a transfer is "mark paid"; a provider's payment confirms itself.
    next: transitions.filter((s) => s !== 'cancelled' && !(order.status === 'pending_payment' && s === 'confirmed')),
    canCancel: transitions.includes('cancelled'),
    canMarkPaid: order.status === 'pending_payment' && order.payment_method === 'bank_transfer' && order.payment.status !== 'paid',
    mails: mails.map((m) => ({ ...m, sentAt: m.sentAt?.toISOString() ?? null })),
    events: events.map((e) => ({ id: e.id, from: e.fromStatus, to: e.toStatus, actor: e.actor, note: e.note, at: e.createdAt.toISOString() })),
  };
}

type Actor = Pick<Viewer, 'id' | 'email' | 'displayName'>;

function actorLabel(actor: Actor): string {
  return `staff:${actor.displayName || actor.email}`;
}

/**
 * One staff move inside `tx`: the transition (history row), the customer's mail row and its job,
 * and the audit entry. Returns the history event's id.
 */
async function moveOrder(tx: Tx, orderId: number, to: OrderStatus, actor: Actor, note: string | null, summary: string): Promise<number> {
  const { from } = await transitionOrder(orderId, to, { actor: actorLabel(actor), note }, tx);
  const [event] = await tx
    .select({ id: orderEvents.id })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(desc(orderEvents.id))
    .limit(1);
  if (!event) throw new Error('order event missing after a transition');
  await tx.insert(orderStatusMails).values({ eventId: event.id, orderId });
  await enqueue(tx, JOB_QUEUES.orderStatusMail, { eventId: event.id }, { singletonKey: `order-status-mail:${event.id}` });
  await recordAudit(tx, { actor, entity: 'order', entityId: orderId, action: 'update', summary, before: { status: from }, after: { status: to } });
  return event.id;
}

/** Moves an order to one of its next states (not cancel, not the payment's own confirmation). */
export async function advanceStaffOrder(orderId: number, to: OrderStatus, actor: Actor): Promise<{ eventId: number }> {
  if (to === 'cancelled') throw new AppError({ code: 'bad_request', key: 'Admin.Orders.errors.useCancel' });
  await getJobs();
  const db = await getDb();
  const eventId = await db.transaction(async (tx) => {
    const [row] = await tx.select({ status: orders.status, method: orders.paymentMethod, delivery: orders.deliveryMethod }).from(orders).where(eq(orders.id, orderId));
    if (!row) throw new AppError({ code: 'not_found', key: 'Admin.Orders.errors.notFound' });
    if (row.status === 'pending_payment' && to === 'confirmed') throw new AppError({ code: 'conflict', key: 'Admin.Orders.errors.confirmNeedsPayment' });
    if (!transitionsFor(row.status, row.delivery).includes(to)) throw new AppError({ code: 'conflict', key: 'Admin.Orders.errors.transitionRefused' });
    return moveOrder(tx, orderId, to, actor, null, `Estado: ${row.status} → ${to}`);
  });
  wakeJobWorker();
  return { eventId };
}

/** Cancels an order (from the first three states) with the staff's reason, told to the customer. */
export async function cancelStaffOrder(orderId: number, reason: string, actor: Actor): Promise<{ eventId: number }> {
  const text = reason.trim();
  if (text.length < 3) throw new AppError({ code: 'bad_request', key: 'Admin.Orders.errors.reasonRequired', fieldErrors: { reason: ['Admin.Orders.errors.reasonRequired'] } });
  await getJobs();
  const db = await getDb();
  const eventId = await db.transaction(async (tx) => {
    const [row] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    if (!row) throw new AppError({ code: 'not_found', key: 'Admin.Orders.errors.notFound' });
    if (!ORDER_TRANSITIONS[row.status].includes('cancelled')) throw new AppError({ code: 'conflict', key: 'Admin.Orders.errors.transitionRefused' });
    return moveOrder(tx, orderId, 'cancelled', actor, text, `Cancelada: ${text}`);
  });
  wakeJobWorker();
  return { eventId };
}

/**
 * A bank transfer seen on the shop's account: the payment data says paid (time, amount, who), and
 * the order moves pending_payment → confirmed. Once only: a second call finds it confirmed (409).
 */
export async function markTransferPaid(orderId: number, actor: Actor): Promise<{ eventId: number }> {
  await getJobs();
  const db = await getDb();
  const eventId = await db.transaction(async (tx) => {
    const locked = (await tx.execute(sql`select status, payment_method, payment_data, total_cents from orders where id = ${orderId} for update`)) as unknown as {
      rows: { status: OrderStatus; payment_method: PaymentMethodId; payment_data: Record<string, string | number | null>; total_cents: number }[];
    };
    const row = locked.rows[0];
    if (!row) throw new AppError({ code: 'not_found', key: 'Admin.Orders.errors.notFound' });
    if (row.payment_method !== 'bank_transfer') throw new AppError({ code: 'conflict', key: 'Admin.Orders.errors.notTransfer' });
    if (row.status !== 'pending_payment' || row.payment_data.status === 'paid') throw new AppError({ code: 'conflict', key: 'Admin.Orders.errors.alreadyPaid' });
    const paidAt = new Date();
    const paymentData = { ...row.payment_data, status: 'paid', paid_at: paidAt.toISOString(), paid_amount: row.total_cents / 100, confirmed_by: actor.displayName || actor.email };
    await tx.update(orders).set({ paymentData, updatedAt: paidAt }).where(eq(orders.id, orderId));
    const note = `Transferência recebida (${(row.total_cents / 100).toFixed(2).replace('.', ',')} €)`;
    const id = await moveOrder(tx, orderId, 'confirmed', actor, note, note);
    await recordAudit(tx, { actor, entity: 'order', entityId: orderId, action: 'update', summary: 'Pagamento por transferência registado', before: { payment: row.payment_data.status ?? null }, after: { payment: 'paid' } });
    return id;
  });
  wakeJobWorker();
  return { eventId };
}

/** Who printed an order's PDF (staff): audited, the file itself comes from server/orders/pdf.ts. */
export async function auditOrderPdf(orderId: number, actor: Actor): Promise<void> {
  const db = await getDb();
  await recordAudit(db, { actor, entity: 'order', entityId: orderId, action: 'other', summary: 'PDF da encomenda impresso/descarregado' });
}
