import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { formatPrice } from '@/lib/format';
import { env, siteUrl } from '@/lib/env';
import { lineTitle } from '@/lib/orders/line-label';
import { getDb, type Tx } from '@/server/db/client';
import { orderMails, orders, shopSettings, type AddressSnapshot, type OrderMailKind } from '@/server/db/schema';
import { registerJobHandler, JOB_QUEUES } from '@/server/jobs';
import { renderMail, type MailBlock } from '@/server/mail/html';
import { serverTranslator } from '@/server/i18n';
import { headerText, noticeToShop, type OutgoingMail } from '@/server/mail/send';
import { sendOnce, type SendOnceResult } from '@/server/mail/send-once';
import { paymentInstructionsPending } from '@/server/payments';
import { pricedLineFigures } from './line-view';
import { getOrder, type OrderDetail } from './queries';

/**
 * The mails of an order: the confirmation to the customer and the notice to the shop, each sent
 * exactly once by a job enqueued with the order (its row in `order_mails`; server/mail/send-once.ts
 * says how, and what the one window left is). Every copy carries the same Message-ID
 * (`<encomenda-EN-…-confirmation@domain>`).
 */

const t = serverTranslator('Orders');

function addressLines(a: AddressSnapshot): string {
  return [a.name, a.nif ? `NIF ${a.nif}` : null, a.line1, a.line2, `${a.postal_code} ${a.locality}`, a.phone].filter(Boolean).join(', ');
}

function paymentText(order: OrderDetail): string {
  const p = order.payment;
  const amount = formatPrice(order.totals.total);
  if (p.method === 'bank_transfer') {
    return t('mail.bankTransfer', { iban: String(p.iban), beneficiary: String(p.beneficiary), amount, reference: String(p.reference) });
  }
  if (p.method === 'multibanco' || p.method === 'mbway') return providerPaymentText(p, amount);
  return t('mail.payAtPickup', { amount });
}

/** Multibanco: entity, reference, amount (and the last day); MB WAY: the request sent to the phone. */
function providerPaymentText(p: OrderDetail['payment'], amount: string): string {
  if (p.status === 'paid') return t('mail.paid', { amount });
  if (p.method === 'multibanco') {
    if (p.status === 'failed') return t('mail.multibancoFailed', { amount });
    if (!p.entity || !p.reference) return t('mail.multibancoPending', { amount });
    const values = { entity: String(p.entity), reference: String(p.reference).replace(/(\d{3})(?=\d)/g, '$1 '), amount };
    return typeof p.expires_on === 'string' && p.expires_on
      ? t('mail.multibancoWithExpiry', { ...values, date: p.expires_on.split('-').reverse().join('/') })
      : t('mail.multibanco', values);
  }
  const phone = String(p.phone ?? '');
  if (p.status === 'failed') return t('mail.mbwayFailed', { amount, phone });
  return t(p.status === 'awaiting_payment' ? 'mail.mbway' : 'mail.mbwayPending', { amount, phone });
}

function orderBlocks(order: OrderDetail): MailBlock[] {
  return [
    { kind: 'p', text: t('mail.lines') },
    {
      kind: 'fields',
      rows: order.lines.map((l) => ({
        label: `${l.model_code} — ${lineTitle(l)}`,
        value: t('mail.lineValue', pricedLineFigures(l)),
      })),
    },
    {
      kind: 'fields',
      rows: [
        { label: t('mail.goods'), value: formatPrice(order.totals.subtotal) },
        { label: t('mail.tax'), value: formatPrice(order.totals.tax) },
        { label: t('mail.shipping'), value: formatPrice(order.totals.shipping) },
        { label: t('mail.total'), value: formatPrice(order.totals.total) },
        { label: t('mail.delivery'), value: `${t(`delivery.${order.delivery_method}`)}: ${addressLines(order.delivery_address)}` },
        { label: t('mail.billing'), value: addressLines(order.billing_address) },
        { label: t('mail.payment'), value: t(`payment.${order.payment_method}`) },
        ...(order.po_reference ? [{ label: t('mail.poReference'), value: order.po_reference }] : []),
      ],
    },
    ...(order.notes ? [{ kind: 'p', text: t('mail.notes') } as MailBlock, { kind: 'quote', text: order.notes } as MailBlock] : []),
  ];
}

/** The order's page in the customer's account (absolute, from SITE_URL): orders are always an account's. */
export function orderLink(order: Pick<OrderDetail, 'id'>): string {
  return `${siteUrl()}/dashboard/orders/${order.id}`;
}

interface Recipient {
  name: string;
  email: string;
}

export function orderConfirmationMail(order: OrderDetail, customer: Recipient): OutgoingMail {
  const { html, text } = renderMail({
    title: t('mail.confirmationTitle', { number: order.number }),
    blocks: [
      { kind: 'p', text: t('mail.confirmationIntro', { name: customer.name }) },
      { kind: 'p', text: paymentText(order) },
      ...orderBlocks(order),
      { kind: 'p', text: t('mail.followText') },
      { kind: 'button', label: t('mail.follow'), url: orderLink(order) },
    ],
    footer: [{ text: t('mail.footer', { number: order.number }) }],
  });
  return { to: customer.email, subject: t('mail.confirmationSubject', { number: order.number }), text, html };
}

export function orderShopNoticeMail(order: OrderDetail, customer: Recipient, to: string): OutgoingMail {
  const { html, text } = renderMail({
    title: t('mail.shopTitle', { number: order.number }),
    blocks: [
      { kind: 'p', text: t('mail.shopIntro', { customer: customer.name, email: customer.email, total: formatPrice(order.totals.total) }) },
      ...orderBlocks(order),
      { kind: 'button', label: t('mail.open'), url: `${siteUrl()}/admin/orders/${order.id}` },
    ],
    footer: [{ text: t('mail.footer', { number: order.number }) }],
  });
  return noticeToShop(to, t('mail.shopSubject', { number: order.number, customer: headerText(customer.name) }), { html, text }, customer);
}

/** The mail of that kind for that order, built before any transaction (it reads several tables). */
async function buildMail(orderId: number, kind: OrderMailKind): Promise<OutgoingMail | null> {
  const db = await getDb();
  const [owner] = await db
    .select({ userId: orders.userId, name: orders.customerName, email: orders.customerEmail })
    .from(orders)
    .where(eq(orders.id, orderId));
  // An order whose customer deleted their account gets no mail any more.
  if (!owner?.userId) return null;
  const order = await getOrder(owner.userId, orderId);
  const customer = { name: owner.name, email: owner.email };
  const headers = { 'Message-ID': orderMailMessageId(order.number, kind) };
  if (kind === 'confirmation') return { ...orderConfirmationMail(order, customer), headers };
  const [shop] = await db.select({ email: shopSettings.email }).from(shopSettings).where(eq(shopSettings.id, 1));
  const to = env().SHOP_NOTIFY_EMAIL ?? shop?.email;
  return to ? { ...orderShopNoticeMail(order, customer, to), headers } : null;
}

/** The same Message-ID for every copy of one order mail: a resend after a crash is recognisably the same message. */
export function orderMailMessageId(number: string, kind: OrderMailKind): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(env().MAIL_FROM)?.[1] ?? 'localhost';
  return `<encomenda-${number}-${kind}@${domain}>`;
}

/** Sends one order mail unless it was sent (server/mail/send-once.ts). */
export async function sendOrderMail(orderId: number, kind: OrderMailKind, complete?: (tx: Tx) => Promise<void>): Promise<SendOnceResult> {
  const row = sql`${orderMails.orderId} = ${orderId} and ${orderMails.kind} = ${kind}`;
  return sendOnce(
    {
      label: `encomenda ${orderId} (${kind})`,
      async lock(tx) {
        const locked = (await tx.execute(sql`select sent_at from order_mails where order_id = ${orderId} and kind = ${kind} for update`)) as unknown as { rows: { sent_at: unknown }[] };
        return locked.rows[0] ? { sent: locked.rows[0].sent_at !== null } : null;
      },
      async markSent(tx, outboxId) {
        await tx
          .update(orderMails)
          .set({ sentAt: new Date(), ...(outboxId !== null ? { outboxId } : {}), attempts: sql`${orderMails.attempts} + 1`, lastError: null })
          .where(row);
      },
      async markFailed(db, error) {
        await db.update(orderMails).set({ attempts: sql`${orderMails.attempts} + 1`, lastError: error }).where(row);
      },
    },
    await buildMail(orderId, kind),
    complete,
  );
}

registerJobHandler(JOB_QUEUES.orderMail, async (data, job) => {
  // A Multibanco confirmation waits (the job is retried) until its reference is there.
  if (data.kind === 'confirmation' && (await paymentInstructionsPending(data.orderId))) throw new Error('referência Multibanco ainda por pedir');
  await sendOrderMail(data.orderId, data.kind, job.complete);
});
