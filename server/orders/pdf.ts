import 'server-only';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_SHOP_SETTINGS } from '@/lib/catalogue/shop';
import { env } from '@/lib/env';
import { formatPrice } from '@/lib/format';
import { getDb } from '@/server/db/client';
import { orders, shopSettings, type AddressSnapshot } from '@/server/db/schema';
import { JOB_QUEUES, registerJobHandler } from '@/server/jobs';
import { isMessageKey, serverTranslator } from '@/server/mail/i18n';
import { getStorage } from '@/server/storage';
import { getOrder, type OrderDetail } from './queries';

/**
 * The order confirmation PDF (issue 11): shop header with NIF, order number, date and status,
 * customer, billing and delivery, the lines (a table whose header repeats on every page), totals,
 * payment instructions, PO reference and notes, and on every page the words that it is not an
 * invoice (invoices stay with the ERP). Rendered with pdfkit in plain Node (never in a React
 * component), text in DejaVu Sans embedded as a subset, so every character a customer may type
 * (ç, ã, €, ł, ő…) renders.
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

// pdfkit reads the font files itself; resolved from the app's folder (as the migrations are).
const FONT_DIR = path.join(/*turbopackIgnore: true*/ process.cwd(), 'node_modules', 'dejavu-fonts-ttf', 'ttf');
const FONT = path.join(FONT_DIR, 'DejaVuSans.ttf');
const FONT_BOLD = path.join(FONT_DIR, 'DejaVuSans-Bold.ttf');

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
/** Content stops here; below are the footer lines. */
const CONTENT_BOTTOM = PAGE.height - 64;
const FOOTER_Y = PAGE.height - 48;

const INK = '#1f2937';
const MUTED = '#6b7280';
const RULE = '#d1d5db';
const ACCENT = '#0b4f7c';

interface Column {
  key: 'code' | 'name' | 'size' | 'packages' | 'units' | 'unitPrice' | 'discount' | 'tax' | 'total';
  width: number;
  align: 'left' | 'right';
}
const COLUMNS: Column[] = [
  { key: 'code', width: 60, align: 'left' },
  { key: 'name', width: 135, align: 'left' },
  { key: 'size', width: 45, align: 'left' },
  { key: 'packages', width: 62, align: 'left' },
  { key: 'units', width: 34, align: 'right' },
  { key: 'unitPrice', width: 56, align: 'right' },
  { key: 'discount', width: 34, align: 'right' },
  { key: 'tax', width: 28, align: 'right' },
  { key: 'total', width: 61.28, align: 'right' },
];
const CELL_PAD = 3;
const TABLE_FONT = 7.5;

export interface ShopHeader {
  name: string;
  legalName: string;
  nif: string;
  address: string;
  postalCode: string;
  city: string;
  phone: string | null;
  email: string | null;
}

async function shopHeader(): Promise<ShopHeader> {
  const db = await getDb();
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
  const s = row ?? { ...DEFAULT_SHOP_SETTINGS };
  return {
    name: s.name,
    legalName: s.legalName ?? s.name,
    nif: env().SHOP_NIF,
    address: s.address,
    postalCode: s.postalCode,
    city: s.city,
    phone: s.phone,
    email: s.email,
  };
}

const dateTime = new Intl.DateTimeFormat('pt-PT', { timeZone: 'Europe/Lisbon', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const percent = new Intl.NumberFormat('pt-PT', { maximumFractionDigits: 2 });
const unitPriceFormat = new Intl.NumberFormat('pt-PT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 4 });

/** Unit prices keep the ERP's 4 decimals when they have them; everything else is formatPrice. */
function unitPrice(value: number): string {
  return Number.isInteger(Math.round(value * 10_000) / 100) ? formatPrice(value) : unitPriceFormat.format(value);
}

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

type Doc = InstanceType<typeof PDFDocument>;

/** The order as the PDF shows it: its detail and the customer it was placed by. */
export type PdfOrder = OrderDetail & { customer: { name: string; email: string } };

/** Renders the PDF of an order (every page A4). `compress: false` only for reading it back raw. */
export async function renderOrderPdf(order: PdfOrder, shop: ShopHeader, options: { compress?: boolean } = {}): Promise<Buffer> {
  const doc: Doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 20 },
    bufferPages: true,
    compress: options.compress ?? true,
    font: FONT,
    info: {
      Title: `${t('title')} ${order.number}`,
      Author: shop.legalName,
      Subject: t('notInvoice'),
    },
    lang: 'pt-PT',
  });
  doc.registerFont('regular', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  let y = MARGIN;
  const write = (text: string, x: number, top: number, opts: { width: number; size?: number; bold?: boolean; color?: string; align?: 'left' | 'right' }) => {
    doc
      .font(opts.bold ? 'bold' : 'regular')
      .fontSize(opts.size ?? 9)
      .fillColor(opts.color ?? INK)
      .text(text, x, top, { width: opts.width, align: opts.align ?? 'left', lineGap: 1 });
    return doc.y;
  };
  const heightOf = (text: string, width: number, size: number, bold = false) => {
    doc.font(bold ? 'bold' : 'regular').fontSize(size);
    return doc.heightOfString(text, { width, lineGap: 1 });
  };
  const rule = (top: number, color = RULE) => {
    doc.moveTo(MARGIN, top).lineTo(MARGIN + CONTENT_WIDTH, top).lineWidth(0.6).strokeColor(color).stroke();
  };
  const newPage = () => {
    doc.addPage();
    y = MARGIN;
    write(`${shop.name} — ${t('title')} ${order.number} ${t('continued')}`, MARGIN, y, { width: CONTENT_WIDTH, size: 8, color: MUTED });
    y += 18;
  };
  /** Starts a new page unless `height` still fits above the footer. */
  const room = (height: number) => {
    if (y + height > CONTENT_BOTTOM) newPage();
  };

  // Shop header (left) and the document's identity (right).
  const half = CONTENT_WIDTH / 2;
  let left = write(shop.name, MARGIN, y, { width: half, size: 16, bold: true, color: ACCENT });
  left = write(shop.legalName, MARGIN, left + 2, { width: half, size: 9 });
  left = write(t('nif', { nif: shop.nif }), MARGIN, left, { width: half, size: 9 });
  left = write(`${shop.address}, ${shop.postalCode} ${shop.city}`, MARGIN, left, { width: half, size: 9 });
  const contacts = [shop.phone, shop.email].filter(Boolean).join(' · ');
  if (contacts) left = write(contacts, MARGIN, left, { width: half, size: 9, color: MUTED });

  let right = write(t('title'), MARGIN + half, y, { width: half, size: 14, bold: true, align: 'right' });
  right = write(order.number, MARGIN + half, right + 2, { width: half, size: 12, bold: true, align: 'right', color: ACCENT });
  right = write(`${t('date')}: ${dateTime.format(new Date(order.placed_at))}`, MARGIN + half, right + 2, { width: half, size: 9, align: 'right' });
  right = write(`${t('status')}: ${label('status', order.status)}`, MARGIN + half, right, { width: half, size: 9, align: 'right' });
  y = Math.max(left, right) + 10;
  rule(y, ACCENT);
  y += 10;

  // Customer, billing, delivery or pickup: three columns.
  const third = CONTENT_WIDTH / 3;
  const pickup = order.delivery_method !== 'delivery';
  const blocks: [string, string[]][] = [
    [t('customer'), [order.customer.name, order.customer.email].filter(Boolean)],
    [t('billing'), addressLines(order.billing_address, true)],
    [pickup ? label('delivery', order.delivery_method) : t('delivery'), addressLines(order.delivery_address, false)],
  ];
  let blockBottom = y;
  blocks.forEach(([title, lines], i) => {
    const x = MARGIN + i * third;
    let by = write(title, x, y, { width: third - 10, size: 8, bold: true, color: MUTED });
    by = write(lines.join('\n'), x, by + 1, { width: third - 10, size: 9 });
    blockBottom = Math.max(blockBottom, by);
  });
  y = blockBottom + 14;

  // The lines.
  const headerCells: Record<Column['key'], string> = {
    code: t('col.code'),
    name: t('col.name'),
    size: t('col.size'),
    packages: t('col.packages'),
    units: t('col.units'),
    unitPrice: t('col.unitPrice'),
    discount: t('col.discount'),
    tax: t('col.tax'),
    total: t('col.total'),
  };
  const rowHeight = (cells: Record<Column['key'], string>, bold: boolean) =>
    Math.max(...COLUMNS.map((c) => heightOf(cells[c.key], c.width - 2 * CELL_PAD, TABLE_FONT, bold))) + 2 * CELL_PAD;
  const drawRow = (cells: Record<Column['key'], string>, bold: boolean, height: number, shade: string | null) => {
    if (shade) doc.rect(MARGIN, y, CONTENT_WIDTH, height).fillColor(shade).fill();
    let x = MARGIN;
    for (const c of COLUMNS) {
      write(cells[c.key], x + CELL_PAD, y + CELL_PAD, { width: c.width - 2 * CELL_PAD, size: TABLE_FONT, bold, align: c.align, color: bold ? '#ffffff' : INK });
      x += c.width;
    }
    y += height;
  };
  const headerHeight = rowHeight(headerCells, true);
  const drawHeader = () => drawRow(headerCells, true, headerHeight, ACCENT);

  const rows = order.lines.map((l) => ({
    code: l.model_code,
    name: l.model_name || l.product_name,
    size: l.size ?? '',
    packages: `${l.packages} × ${l.package_type}`,
    units: String(l.units),
    unitPrice: unitPrice(l.unit_price),
    discount: l.discount_percentage > 0 ? `${percent.format(l.discount_percentage)} %` : '—',
    tax: `${percent.format(l.tax_rate)} %`,
    total: formatPrice(l.total_price),
  }));
  room(headerHeight + 20);
  drawHeader();
  rows.forEach((cells, i) => {
    const height = rowHeight(cells, false);
    if (y + height > CONTENT_BOTTOM) {
      newPage();
      drawHeader();
    }
    drawRow(cells, false, height, i % 2 === 1 ? '#f3f4f6' : null);
  });
  rule(y);
  y += 10;

  // Totals, right-aligned.
  const totals: [string, string, boolean][] = [
    [t('goods'), formatPrice(order.totals.subtotal), false],
    [t('tax'), formatPrice(order.totals.tax), false],
    [t('shipping'), formatPrice(order.totals.shipping), false],
    [t('total'), formatPrice(order.totals.total), true],
  ];
  room(totals.length * 14 + 6);
  for (const [name, value, strong] of totals) {
    write(name, MARGIN + CONTENT_WIDTH - 260, y, { width: 160, size: strong ? 10 : 9, bold: strong, align: 'right' });
    write(value, MARGIN + CONTENT_WIDTH - 100, y, { width: 100, size: strong ? 10 : 9, bold: strong, align: 'right' });
    y += strong ? 16 : 13;
  }
  y += 10;

  // Payment, PO reference, notes.
  const section = (title: string, body: string, rowsOf: [string, string][] = []) => {
    const bodyHeight = (body ? heightOf(body, CONTENT_WIDTH, 9) : 0) + rowsOf.length * 13;
    room(14 + Math.min(bodyHeight, CONTENT_BOTTOM - MARGIN - 40));
    y = write(title, MARGIN, y, { width: CONTENT_WIDTH, size: 10, bold: true, color: ACCENT }) + 2;
    if (body) {
      // Long notes may run over pages: pdfkit continues the paragraph on a new page by itself.
      doc.page.margins.bottom = PAGE.height - CONTENT_BOTTOM;
      y = write(body, MARGIN, y, { width: CONTENT_WIDTH, size: 9 }) + 3;
      doc.page.margins.bottom = 20;
    }
    for (const [name, value] of rowsOf) {
      room(13);
      write(`${name}:`, MARGIN, y, { width: 110, size: 9, color: MUTED });
      write(value, MARGIN + 110, y, { width: CONTENT_WIDTH - 110, size: 9, bold: true });
      y += 13;
    }
    y += 8;
  };
  const payment = paymentRows(order);
  section(`${t('payment')}: ${label('payment', order.payment_method)}`, payment.sentence ?? '', payment.rows);
  if (order.po_reference) section(t('poReference'), order.po_reference);
  if (order.notes) section(t('notes'), order.notes);

  // Footer of every page: not an invoice, page numbers.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.page.margins.bottom = 0;
    doc.moveTo(MARGIN, FOOTER_Y - 6).lineTo(MARGIN + CONTENT_WIDTH, FOOTER_Y - 6).lineWidth(0.6).strokeColor(RULE).stroke();
    write(`${t('notInvoice')} ${t('notInvoiceDetail')}`, MARGIN, FOOTER_Y, { width: CONTENT_WIDTH - 90, size: 7.5, bold: true, color: INK });
    write(t('page', { page: i - range.start + 1, pages: range.count }), MARGIN + CONTENT_WIDTH - 90, FOOTER_Y, { width: 90, size: 7.5, align: 'right', color: MUTED });
  }
  doc.end();
  return done;
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
  if (stored && stored.modifiedAt >= changedAt) {
    const body = await storage.get(key);
    if (body) return { filename: orderPdfFilename(order.number), body };
  }
  const body = await renderOrderPdf(order, await shopHeader());
  await storage.put(key, body);
  return { filename: orderPdfFilename(order.number), body };
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
