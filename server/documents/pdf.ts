import 'server-only';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { eq } from 'drizzle-orm';
import { DEFAULT_SHOP_SETTINGS } from '@/lib/catalogue/shop';
import { env } from '@/lib/env';
import { formatUnitPrice } from '@/lib/format';
import { lineParts } from '@/lib/orders/line-label';
import { getDb } from '@/server/db/client';
import { shopSettings } from '@/server/db/schema';
import { serverTranslator } from '@/server/i18n';

/**
 * The shop's business documents as PDF (the order confirmation, the quote): one
 * layout — shop header with NIF, the document's number and dates, three party blocks, a table of
 * lines whose header repeats on every page, totals, sections, and a footer line with page numbers
 * on every page. Rendered with pdfkit in plain Node (never in a React component), text in DejaVu
 * Sans embedded as a subset, so every character a customer may type (ç, ã, €, ł, ő…) renders.
 * The documents themselves are built by server/orders/pdf.ts and server/quotes/pdf.ts.
 */

const t = serverTranslator('OrderPdf');

// pdfkit reads the font files itself; resolved from the app's folder (as the migrations are).
const FONT_DIR = path.join(/*turbopackIgnore: true*/ process.cwd(), 'node_modules', 'dejavu-fonts-ttf', 'ttf');
export const FONT = path.join(FONT_DIR, 'DejaVuSans.ttf');
export const FONT_BOLD = path.join(FONT_DIR, 'DejaVuSans-Bold.ttf');

/** The A4 page of the shop's documents (also the technical sheets, server/technical-sheets/pdf.ts). */
export const PDF_PAGE = { width: 595.28, height: 841.89 };
export const PDF_MARGIN = 40;
export const PDF_CONTENT_WIDTH = PDF_PAGE.width - 2 * PDF_MARGIN;
/** Content stops here; below are the footer lines. */
export const PDF_CONTENT_BOTTOM = PDF_PAGE.height - 64;
export const PDF_FOOTER_Y = PDF_PAGE.height - 48;
const PAGE = PDF_PAGE;
const MARGIN = PDF_MARGIN;
const CONTENT_WIDTH = PDF_CONTENT_WIDTH;
const CONTENT_BOTTOM = PDF_CONTENT_BOTTOM;
const FOOTER_Y = PDF_FOOTER_Y;

/** The colours of the shop's documents (also the technical sheets, server/technical-sheets/pdf.ts). */
export const PDF_COLOURS: Readonly<Record<'ink' | 'muted' | 'rule' | 'accent', string>> = { ink: '#1f2937', muted: '#6b7280', rule: '#d1d5db', accent: '#0b4f7c' };
const INK = PDF_COLOURS.ink;
const MUTED = PDF_COLOURS.muted;
const RULE = PDF_COLOURS.rule;
const ACCENT = PDF_COLOURS.accent;

export type ColumnKey = 'code' | 'name' | 'size' | 'packages' | 'units' | 'unitPrice' | 'discount' | 'tax' | 'total';

interface Column {
  key: ColumnKey;
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

export async function shopHeader(): Promise<ShopHeader> {
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

export const dateTime = new Intl.DateTimeFormat('pt-PT', { timeZone: 'Europe/Lisbon', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
/** Unit prices as the site shows them (lib/format's formatUnitPrice: 2 to 4 decimals). */
export function unitPrice(value: number): string {
  return formatUnitPrice(value);
}

/** A line's name column (the product and the model's own text) and size column, each said once. */
export function pdfLineName(l: { product_name: string; model_name: string | null; size: string | null }): { name: string; size: string } {
  const p = lineParts(l);
  return { name: p.variant ? `${p.name} — ${p.variant}` : p.name, size: p.size ?? '' };
}

export type PdfDoc = InstanceType<typeof PDFDocument>;

export interface PdfTextOptions {
  width: number;
  size?: number;
  bold?: boolean;
  color?: string;
  align?: 'left' | 'right';
}

/**
 * A new A4 document in the shop's layout (DejaVu Sans as 'regular' and 'bold', pages buffered for
 * the footers) and the promise of its bytes once `doc.end()` is called.
 */
export function openPdf(info: { Title: string; Author: string; Subject: string }, compress = true): { doc: PdfDoc; done: Promise<Buffer> } {
  const doc: PdfDoc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 20 },
    bufferPages: true,
    compress,
    font: FONT,
    info,
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
  return { doc, done };
}

/** The drawing primitives of the layout: text (returns the y below it), its height, a full-width rule. */
export function pdfPen(doc: PdfDoc) {
  const write = (text: string, x: number, top: number, opts: PdfTextOptions) => {
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
  return { write, heightOf, rule };
}

type Write = ReturnType<typeof pdfPen>['write'];

/** The shop's block at the top left (name, legal name, the NIF line when given, address, contacts); returns the y below it. */
export function writeShopBlock(write: Write, shop: ShopHeader, top: number, width: number, nifLine?: string): number {
  let left = write(shop.name, MARGIN, top, { width, size: 16, bold: true, color: ACCENT });
  left = write(shop.legalName, MARGIN, left + 2, { width, size: 9 });
  if (nifLine !== undefined) left = write(nifLine, MARGIN, left, { width, size: 9 });
  left = write(`${shop.address}, ${shop.postalCode} ${shop.city}`, MARGIN, left, { width, size: 9 });
  const contacts = [shop.phone, shop.email].filter(Boolean).join(' · ');
  if (contacts) left = write(contacts, MARGIN, left, { width, size: 9, color: MUTED });
  return left;
}

/** The footer of every page: a rule, a line of text on the left and the page number on the right. */
export function drawPageFooters(doc: PdfDoc, write: Write, footer: { text: string; bold?: boolean; color: string }, pageLabel: (page: number, pages: number) => string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.page.margins.bottom = 0;
    doc.moveTo(MARGIN, FOOTER_Y - 6).lineTo(MARGIN + CONTENT_WIDTH, FOOTER_Y - 6).lineWidth(0.6).strokeColor(RULE).stroke();
    write(footer.text, MARGIN, FOOTER_Y, { width: CONTENT_WIDTH - 90, size: 7.5, ...(footer.bold ? { bold: true } : {}), color: footer.color });
    write(pageLabel(i - range.start + 1, range.count), MARGIN + CONTENT_WIDTH - 90, FOOTER_Y, { width: 90, size: 7.5, align: 'right', color: MUTED });
  }
}

/**
 * A business document of the shop (an order confirmation, a quote) as the PDF shows it: its
 * identity, the parties, the lines, the totals, sections of text and label/value rows, and the
 * line every page's footer carries.
 */
export interface BusinessDocument {
  /** 'Confirmação de encomenda', 'Orçamento'. */
  title: string;
  number: string;
  /** Right-hand rows under the number (date, status, validity). */
  meta: string[];
  /** Up to three blocks side by side (customer, billing, delivery). */
  parties: [title: string, lines: string[]][];
  lines: Record<ColumnKey, string>[];
  totals: [label: string, value: string, strong: boolean][];
  sections: { title: string; body: string; rows?: [string, string][] }[];
  /** Bold small print on every page (e.g. that it is not an invoice). */
  footer: string;
  /** The PDF's Subject. */
  subject: string;
}

/** Renders a business document (every page A4). `compress: false` only for reading it back raw. */
export async function renderBusinessPdf(document: BusinessDocument, shop: ShopHeader, options: { compress?: boolean } = {}): Promise<Buffer> {
  const { doc, done } = openPdf({ Title: `${document.title} ${document.number}`, Author: shop.legalName, Subject: document.subject }, options.compress ?? true);

  let y = MARGIN;
  const { write, heightOf, rule } = pdfPen(doc);
  const newPage = () => {
    doc.addPage();
    y = MARGIN;
    write(`${shop.name} — ${document.title} ${document.number} ${t('continued')}`, MARGIN, y, { width: CONTENT_WIDTH, size: 8, color: MUTED });
    y += 18;
  };
  /** Starts a new page unless `height` still fits above the footer. */
  const room = (height: number) => {
    if (y + height > CONTENT_BOTTOM) newPage();
  };

  // Shop header (left) and the document's identity (right).
  const half = CONTENT_WIDTH / 2;
  const left = writeShopBlock(write, shop, y, half, t('nif', { nif: shop.nif }));

  let right = write(document.title, MARGIN + half, y, { width: half, size: 14, bold: true, align: 'right' });
  right = write(document.number, MARGIN + half, right + 2, { width: half, size: 12, bold: true, align: 'right', color: ACCENT });
  document.meta.forEach((row, i) => {
    right = write(row, MARGIN + half, right + (i === 0 ? 2 : 0), { width: half, size: 9, align: 'right' });
  });
  y = Math.max(left, right) + 10;
  rule(y, ACCENT);
  y += 10;

  // Customer, billing, delivery or pickup: three columns.
  const third = CONTENT_WIDTH / 3;
  const blocks = document.parties;
  let blockBottom = y;
  blocks.forEach(([title, lines], i) => {
    const x = MARGIN + i * third;
    let by = write(title, x, y, { width: third - 10, size: 8, bold: true, color: MUTED });
    by = write(lines.join('\n'), x, by + 1, { width: third - 10, size: 9 });
    blockBottom = Math.max(blockBottom, by);
  });
  y = blockBottom + 14;

  // The lines.
  const headerCells: Record<ColumnKey, string> = {
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
  const rowHeight = (cells: Record<ColumnKey, string>, bold: boolean) =>
    Math.max(...COLUMNS.map((c) => heightOf(cells[c.key], c.width - 2 * CELL_PAD, TABLE_FONT, bold))) + 2 * CELL_PAD;
  const drawRow = (cells: Record<ColumnKey, string>, bold: boolean, height: number, shade: string | null) => {
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

  const rows = document.lines;
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
  const totals = document.totals;
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
  for (const s of document.sections) section(s.title, s.body, s.rows);

  // Footer of every page: not an invoice, page numbers.
  drawPageFooters(doc, write, { text: document.footer, bold: true, color: INK }, (page, pages) => t('page', { page, pages }));
  doc.end();
  return done;
}

