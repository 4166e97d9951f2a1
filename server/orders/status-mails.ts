import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_SHOP_SETTINGS } from '@/lib/catalogue/shop';
import type { OpeningHours } from '@/lib/catalogue/types';
import { formatPrice } from '@/lib/format';
import { env } from '@/lib/env';
import type { AddressSnapshot } from '@/lib/orders/types';
import type { DeliveryMethod, OrderStatus } from '@/lib/orders/status';
import { getDb } from '@/server/db/client';
import { orderEvents, orderStatusMails, orders, shopSettings } from '@/server/db/schema';
import { JOB_QUEUES, registerJobHandler, type JobContext } from '@/server/jobs';
import { renderMail, type MailBlock } from '@/server/mail/html';
import { serverTranslator } from '@/server/i18n';
import { type OutgoingMail } from '@/server/mail/send';
import { sendOnce, type SendOnceResult } from '@/server/mail/send-once';

/**
 * The customer's mail of an order status change made by staff: one `order_status_mails`
 * row per change (the order_events row), written with the change, and an `order-status-mail` job
 * enqueued in the same transaction. The job sends it once, as the order mails do
 * (server/orders/mails.ts): it locks the row, sends only when it is not marked sent, and marks it
 * sent and completes the job in the same transaction. Every copy carries the same Message-ID.
 */

const t = serverTranslator('Admin.Orders.mail');
const status = serverTranslator('Orders.status');

interface StatusMailFacts {
  number: string;
  name: string;
  email: string;
  to: OrderStatus;
  note: string | null;
  total: number;
  userId: string | null;
  delivery: DeliveryMethod;
  /** The place of a pickup order (the showroom or the warehouse, as the order recorded it). */
  place: AddressSnapshot;
  /** The shop's opening hours (shop settings). */
  hours: OpeningHours[];
}

async function factsOf(eventId: number): Promise<StatusMailFacts | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      number: orders.number,
      name: orders.customerName,
      email: orders.customerEmail,
      userId: orders.userId,
      total: orders.totalCents,
      to: orderEvents.toStatus,
      note: orderEvents.note,
      delivery: orders.deliveryMethod,
      place: orders.deliveryAddress,
    })
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .where(eq(orderEvents.id, eventId));
  if (!row) return null;
  const [shop] = await db.select({ hours: shopSettings.hours }).from(shopSettings).where(eq(shopSettings.id, 1));
  return { ...row, total: row.total / 100, hours: shop?.hours ?? DEFAULT_SHOP_SETTINGS.hours };
}

/** "Segunda a Sexta: 08:30–12:30 e 14:30–19:00", one line a group of days. */
export function hoursLines(hours: OpeningHours[]): string {
  return hours.map((h) => `${h.days}: ${h.periods.map((p) => p.replace(/\s*-\s*/, '–')).join(' e ')}`).join('\n');
}

/** Where and when a pickup order waits: the place's address and phone, the opening hours. */
function pickupBlocks(f: StatusMailFacts): MailBlock[] {
  if (f.to !== 'ready_for_pickup' || f.delivery === 'delivery') return [];
  const address = [f.place.line1, f.place.line2, `${f.place.postal_code} ${f.place.locality}`].filter(Boolean).join(', ');
  return [
    { kind: 'p', text: t('pickupWhere', { place: f.place.label }) },
    {
      kind: 'fields',
      rows: [
        { label: t('pickupAddress'), value: address },
        ...(f.hours.length ? [{ label: t('pickupHours'), value: hoursLines(f.hours) }] : []),
        ...(f.place.phone ? [{ label: t('pickupPhone'), value: f.place.phone }] : []),
      ],
    },
  ];
}

export function orderStatusMailMessageId(number: string, eventId: number): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(env().MAIL_FROM)?.[1] ?? 'localhost';
  return `<encomenda-${number}-estado-${eventId}@${domain}>`;
}

/** The mail telling the customer their order moved to `to` (with the staff's note for a cancellation). */
export function orderStatusMail(f: StatusMailFacts, eventId: number): OutgoingMail {
  const state = status(f.to);
  const site = env().SITE_URL?.replace(/\/$/, '');
  const { html, text } = renderMail({
    title: t('title', { number: f.number, status: state }),
    blocks: [
      { kind: 'p', text: t('greeting', { name: f.name }) },
      { kind: 'p', text: t(`body.${f.to}`, { number: f.number, total: formatPrice(f.total) }) },
      ...pickupBlocks(f),
      ...(f.note && f.to === 'cancelled' ? [{ kind: 'quote' as const, text: f.note }] : []),
      ...(site ? [{ kind: 'button' as const, label: t('button'), url: `${site}/dashboard/orders` }] : []),
    ],
    footer: [{ text: t('footer', { number: f.number }) }],
  });
  return {
    to: f.email,
    subject: t('subject', { number: f.number, status: state }),
    text,
    html,
    headers: { 'Message-ID': orderStatusMailMessageId(f.number, eventId) },
  };
}

/** Sends the mail of one status change unless it was sent (server/mail/send-once.ts); 'gone' when the order or its customer is gone. */
export async function sendOrderStatusMail(eventId: number, complete?: JobContext['complete']): Promise<SendOnceResult> {
  const facts = await factsOf(eventId);
  return sendOnce(
    {
      label: `mudança de estado ${eventId}`,
      async lock(tx) {
        const locked = (await tx.execute(sql`select sent_at from order_status_mails where event_id = ${eventId} for update`)) as unknown as { rows: { sent_at: unknown }[] };
        return locked.rows[0] ? { sent: locked.rows[0].sent_at !== null } : null;
      },
      async markSent(tx, outboxId) {
        await tx
          .update(orderStatusMails)
          .set({ sentAt: new Date(), ...(outboxId !== null ? { outboxId } : {}), attempts: sql`${orderStatusMails.attempts} + 1`, lastError: null })
          .where(eq(orderStatusMails.eventId, eventId));
      },
      async markFailed(db, error) {
        await db.update(orderStatusMails).set({ attempts: sql`${orderStatusMails.attempts} + 1`, lastError: error }).where(eq(orderStatusMails.eventId, eventId));
      },
    },
    facts?.userId ? orderStatusMail(facts, eventId) : null,
    complete,
  );
}

registerJobHandler(JOB_QUEUES.orderStatusMail, async (data, job) => {
  await sendOrderStatusMail(data.eventId, job.complete);
});
