import 'server-only';
import { and, eq } from 'drizzle-orm';
import { formatPercent, formatPrice } from '@/lib/format';
import { getDb } from '@/server/db/client';
import { orders, type AddressSnapshot } from '@/server/db/schema';
import { dateTime, pdfLineName, renderBusinessPdf, shopHeader, unitPrice, type ShopHeader } from '@/server/documents/pdf';
import { JOB_QUEUES, registerJobHandler } from '@/server/jobs';
import { isMessageKey, serverTranslator } from '@/server/i18n';
import { getStorage } from '@/server/storage';
import { getOrder, type OrderDetail } from './queries';

/**
 * The order confirmation PDF: shop header with NIF, order number, date and status,
 * customer, billing and delivery, the lines (a table whose header repeats on every page), totals,
 * payment instructions, PO reference and notes, and on every page the words that it is not an
 * invoice (invoices stay with the ERP), laid out by server/documents/pdf.ts.
 *
 * It is made by the `order-pdf` job enqueued with the order (server/orders/place-order.ts) and
 * kept in the storage (`orders/<year>/<number>.pdf`, server/storage). `GET /api/orders/{id}/pdf`
 * serves the stored file, or renders and stores it when the job has not run yet, or when the order
 * changed (status, payment data) after the file was written: the file is a copy, the order is
 * the truth. Rendering twice writes the same document again (atomic replace), so a repeated job is
 * harmless.
 */

const t = serverTranslator('OrderPdf');
const orderText = serverTranslator('Orders');

function label(namespace: 'status' | 'payment' | 'delivery', id: string): string {
  if (isMessageKey(`Orders.${namespace}.${id}`)) return orderText(`${namespace}.${id}`);
  return { multibanco: 'Multibanco', mbway: 'MB WAY' }[id] ?? id;
}

function addressLines(a: AddressSnapshot, withNif: boolean): string[] {
  return [
    a.name,
    withNif && a.nif ? t('nif', { nif: a.nif }) : null,
    a.line1,
    a.line2,
    `${a.postal_code} ${a.locality}`,
    a.country && a.country !== 'PT' ? a.country : null,
    a.phone,
  ].filter((x): x is string => Boolean(x));
}

/** The storage key of an order's PDF: `orders/2026/EN-2026-000123.pdf`. */
export function orderPdfKey(number: string): string {
  const year = /^EN-(\d{4})-/.exec(number)?.[1] ?? 'other';
  return `orders/${year}/${number}.pdf`;
}

export function orderPdfFilename(number: string): string {
  return `${number}.pdf`;
}

/** Payment instructions as label/value rows (or a sentence), by method and state. */
function paymentRows(order: OrderDetail): { sentence: string | null; rows: [string, string][] } {
  const p = order.payment;
  const amount = formatPrice(order.totals.total);
  const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  if (order.status === 'cancelled') return { sentence: t('cancelled'), rows: [] };
  if (order.payment_method === 'pay_at_pickup') return { sentence: t('payAtPickup', { amount }), rows: [] };
  if (order.status !== 'pending_payment') return { sentence: t('paid', { method: label('payment', order.payment_method) }), rows: [] };
  switch (p.method ?? order.payment_method) {
    case 'bank_transfer':
      return {
        sentence: t('bankTransfer'),
        rows: [
          [t('iban'), str(p.iban)],
          [t('beneficiary'), str(p.beneficiary)],
          [t('reference'), str(p.reference)],
          [t('amount'), amount],
        ],
      };
    // Provider methods (server/payments/ifthenpay stores entity/reference/expires_on, or the
    // phone for MB WAY, and the request's status): the same sentences as the confirmation mail.
    case 'multibanco': {
      if (p.status === 'failed') return { sentence: orderText('mail.multibancoFailed', { amount }), rows: [] };
      if (!p.entity || !p.reference) return { sentence: orderText('mail.multibancoPending', { amount }), rows: [] };
      const expires = typeof p.expires_on === 'string' && p.expires_on ? p.expires_on.split('-').reverse().join('/') : null;
      return {
        sentence: t('multibanco'),
        rows: [
          [t('entity'), str(p.entity)],
          [t('reference'), str(p.reference).replace(/(\d{3})(?=\d)/g, '$1 ')],
          [t('amount'), amount],
          ...(expires ? [[t('expiresAt'), expires] as [string, string]] : []),
        ],
      };
    }
    case 'mbway': {
      const phone = str(p.phone) || '—';
      if (p.status === 'failed') return { sentence: orderText('mail.mbwayFailed', { amount, phone }), rows: [] };
      return { sentence: orderText(p.status === 'awaiting_payment' ? 'mail.mbway' : 'mail.mbwayPending', { amount, phone }), rows: [] };
    }
    default:
      return { sentence: t('otherMethod', { method: label('payment', order.payment_method), amount }), rows: [] };
  }
}

/** The order as the PDF shows it: its detail and the customer it was placed by. */
export type PdfOrder = OrderDetail & { customer: { name: string; email: string } };

/** Renders the PDF of an order (every page A4). `compress: false` only for reading it back raw. */
export async function renderOrderPdf(order: PdfOrder, shop: ShopHeader, options: { compress?: boolean } = {}): Promise<Buffer> {
  const pickup = order.delivery_method !== 'delivery';
  const payment = paymentRows(order);
  return renderBusinessPdf(
    {
      title: t('title'),
      number: order.number,
      meta: [`${t('date')}: ${dateTime.format(new Date(order.placed_at))}`, `${t('status')}: ${label('status', order.status)}`],
      parties: [
        [t('customer'), [order.customer.name, order.customer.email].filter(Boolean)],
        [t('billing'), addressLines(order.billing_address, true)],
        [pickup ? label('delivery', order.delivery_method) : t('delivery'), addressLines(order.delivery_address, false)],
      ],
      lines: order.lines.map((l) => ({
        code: l.model_code,
        ...pdfLineName(l),
        packages: `${l.packages} × ${l.package_type}`,
        units: String(l.units),
        unitPrice: unitPrice(l.unit_price),
        discount: l.discount_percentage > 0 ? formatPercent(l.discount_percentage) : '—',
        tax: formatPercent(l.tax_rate),
        total: formatPrice(l.total_price),
      })),
      totals: [
        [t('goods'), formatPrice(order.totals.subtotal), false],
        [t('tax'), formatPrice(order.totals.tax), false],
        [t('shipping'), formatPrice(order.totals.shipping), false],
        [t('total'), formatPrice(order.totals.total), true],
      ],
      sections: [
        { title: `${t('payment')}: ${label('payment', order.payment_method)}`, body: payment.sentence ?? '', rows: payment.rows },
        ...(order.po_reference ? [{ title: t('poReference'), body: order.po_reference }] : []),
        ...(order.notes ? [{ title: t('notes'), body: order.notes }] : []),
      ],
      footer: `${t('notInvoice')} ${t('notInvoiceDetail')}`,
      subject: t('notInvoice'),
    },
    shop,
    options,
  );
}

/** The order with what the PDF shows besides it: the customer, and when it last changed. */
async function orderForPdf(userId: string, orderId: number): Promise<{ order: PdfOrder; changedAt: Date }> {
  const order = await getOrder(userId, orderId); // 404 for anyone else's order
  const db = await getDb();
  const [row] = await db
    .select({ name: orders.customerName, email: orders.customerEmail, updatedAt: orders.updatedAt })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return { order: { ...order, customer: { name: row?.name ?? '', email: row?.email ?? '' } }, changedAt: row?.updatedAt ?? new Date(0) };
}

/**
 * The stored PDF of one of the customer's orders, rendered and stored first when there is none
 * yet or the order changed after it was written. Another customer's order throws 404.
 */
export async function getOrderPdf(userId: string, orderId: number): Promise<{ filename: string; body: Buffer }> {
  const { order, changedAt } = await orderForPdf(userId, orderId);
  const storage = getStorage();
  const key = orderPdfKey(order.number);
  const stored = await storage.stat(key);
  const counters = orderPdfCounters();
  if (stored && stored.modifiedAt >= changedAt) {
    const body = await storage.get(key);
    if (body) {
      counters.hits += 1;
      return { filename: orderPdfFilename(order.number), body };
    }
  }
  counters.misses += 1;
  const body = await renderOrderPdf(order, await shopHeader());
  await storage.put(key, body);
  return { filename: orderPdfFilename(order.number), body };
}

const PDF_COUNTERS = Symbol.for('cag.orders.pdfCounters');

/**
 * Requests for an order's PDF answered from the stored file (hits) or rendered (misses), in this
 * process; /admin/cache-performance shows them.
 */
export function orderPdfCounters(): { hits: number; misses: number } {
  const g = globalThis as { [PDF_COUNTERS]?: { hits: number; misses: number } };
  return (g[PDF_COUNTERS] ??= { hits: 0, misses: 0 });
}

/** The job's work: render and store the PDF of an order (nothing for an order whose customer is gone). */
export async function storeOrderPdf(orderId: number): Promise<'stored' | 'fresh' | 'gone'> {
  const db = await getDb();
  const [row] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  if (!row?.userId) return 'gone';
  const { order, changedAt } = await orderForPdf(row.userId, orderId);
  const storage = getStorage();
  const key = orderPdfKey(order.number);
  const stored = await storage.stat(key);
  if (stored && stored.modifiedAt >= changedAt) return 'fresh';
  await storage.put(key, await renderOrderPdf(order, await shopHeader()));
  return 'stored';
}

registerJobHandler(JOB_QUEUES.orderPdf, async (data) => {
  await storeOrderPdf(data.orderId);
});
