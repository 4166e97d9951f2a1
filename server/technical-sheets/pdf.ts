import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { SheetEditView } from '@/lib/technical-sheets';
import {
  dateTime,
  drawPageFooters,
  openPdf,
  PDF_COLOURS,
  PDF_CONTENT_BOTTOM,
  PDF_CONTENT_WIDTH,
  PDF_MARGIN,
  pdfPen,
  shopHeader,
  writeShopBlock,
  type ShopHeader,
} from '@/server/documents/pdf';
import { getDb } from '@/server/db/client';
import { technicalSheets } from '@/server/db/schema';
import { JOB_QUEUES, registerJobHandler } from '@/server/jobs';
import { serverTranslator } from '@/server/i18n';
import { sharp, withSharp } from '@/server/media/sharp';
import { getStorage } from '@/server/storage';
import { getSheetForPdf } from './index';

/**
 * A technical sheet as PDF, rendered by the `technical-sheet-pdf` job that every save
 * enqueues (and by the public route when a published sheet's file is not there yet): the shop's
 * document header (server/documents/pdf.ts: DejaVu Sans, the same colours), the product's name
 * and code, the model, the brand, each section as a two-column table, the norms, the
 * certifications and the dimensions drawing. Stored per version as
 * `technical-sheets/<id>/v<version>.pdf`; a sheet saved again gets a new file.
 */

const t = serverTranslator('TechnicalSheets');

const MARGIN = PDF_MARGIN;
const WIDTH = PDF_CONTENT_WIDTH;
const BOTTOM = PDF_CONTENT_BOTTOM;
const LABEL_WIDTH = 190;
const PAD = 4;
const { muted: MUTED, accent: ACCENT } = PDF_COLOURS;

export type SheetForPdf = Pick<
  SheetEditView,
  'id' | 'version' | 'title' | 'productCode' | 'productName' | 'modelCode' | 'modelName' | 'sections' | 'norms' | 'certifications' | 'drawingKey'
> & { brandName: string | null; chapterTitle: string };

export function sheetPdfKey(sheet: { id: number; version: number }): string {
  return `technical-sheets/${sheet.id}/v${sheet.version}.pdf`;
}

/** The drawing as PNG for pdfkit (which reads JPEG and PNG only), fitted for an A4 page; null when missing or unreadable. */
async function drawingPng(key: string | null): Promise<Buffer | null> {
  if (!key) return null;
  const bytes = await getStorage().get(key);
  if (!bytes) return null;
  try {
    return await withSharp(() => sharp(bytes).resize(1400, 1400, { fit: 'inside', withoutEnlargement: true }).flatten({ background: '#ffffff' }).png().toBuffer());
  } catch {
    return null;
  }
}

export async function renderTechnicalSheetPdf(sheet: SheetForPdf, shop: ShopHeader, options: { compress?: boolean; generatedAt?: Date } = {}): Promise<Buffer> {
  const drawing = await drawingPng(sheet.drawingKey);
  const { doc, done } = openPdf(
    { Title: `${t('pdf.title')} ${sheet.productCode}${sheet.modelCode ? ` ${sheet.modelCode}` : ''}`, Author: shop.legalName, Subject: sheet.title },
    options.compress ?? true,
  );

  let y = MARGIN;
  const { write, heightOf, rule } = pdfPen(doc);
  const newPage = () => {
    doc.addPage();
    y = MARGIN;
    write(`${shop.name} — ${t('pdf.title')} ${sheet.productCode} ${t('pdf.continued')}`, MARGIN, y, { width: WIDTH, size: 8, color: MUTED });
    y += 18;
  };
  const room = (height: number) => {
    if (y + height > BOTTOM) newPage();
  };

  // Shop header (left), the document and the product code (right).
  const half = WIDTH / 2;
  const left = writeShopBlock(write, shop, y, half);
  let right = write(t('pdf.title'), MARGIN + half, y, { width: half, size: 14, bold: true, align: 'right' });
  right = write(`${t('pdf.reference')} ${sheet.productCode}`, MARGIN + half, right + 2, { width: half, size: 12, bold: true, align: 'right', color: ACCENT });
  if (sheet.modelCode) right = write(`${t('pdf.model')} ${sheet.modelCode}`, MARGIN + half, right, { width: half, size: 10, bold: true, align: 'right' });
  y = Math.max(left, right) + 10;
  rule(y, ACCENT);
  y += 12;

  // The product.
  y = write(sheet.title, MARGIN, y, { width: WIDTH, size: 15, bold: true }) + 4;
  const facts: [string, string][] = [
    [t('pdf.product'), `${sheet.productName} (${sheet.productCode})`],
    ...(sheet.modelCode ? [[t('pdf.model'), [sheet.modelCode, sheet.modelName].filter(Boolean).join(' — ')] as [string, string]] : []),
    ...(sheet.brandName ? [[t('pdf.brand'), sheet.brandName] as [string, string]] : []),
    ...(sheet.chapterTitle ? [[t('pdf.chapter'), sheet.chapterTitle] as [string, string]] : []),
  ];
  for (const [name, value] of facts) {
    const h = Math.max(heightOf(value, WIDTH - 110, 9, true), 12);
    write(`${name}:`, MARGIN, y, { width: 110, size: 9, color: MUTED });
    write(value, MARGIN + 110, y, { width: WIDTH - 110, size: 9, bold: true });
    y += h + 1;
  }
  y += 10;

  // Sections: a two-column table each, its title repeated when a table runs over a page.
  const sectionTitle = (title: string, continued = false) => {
    y = write(continued ? `${title} ${t('pdf.continued')}` : title, MARGIN, y, { width: WIDTH, size: 11, bold: true, color: ACCENT }) + 3;
  };
  for (const section of sheet.sections) {
    room(40);
    sectionTitle(section.title);
    section.rows.forEach((row, i) => {
      const h = Math.max(heightOf(row.label, LABEL_WIDTH - 2 * PAD, 9), heightOf(row.value, WIDTH - LABEL_WIDTH - 2 * PAD, 9, true)) + 2 * PAD;
      if (y + h > BOTTOM) {
        newPage();
        sectionTitle(section.title, true);
      }
      if (i % 2 === 0) doc.rect(MARGIN, y, WIDTH, h).fillColor('#f3f4f6').fill();
      write(row.label, MARGIN + PAD, y + PAD, { width: LABEL_WIDTH - 2 * PAD, size: 9, color: MUTED });
      write(row.value, MARGIN + LABEL_WIDTH + PAD, y + PAD, { width: WIDTH - LABEL_WIDTH - 2 * PAD, size: 9, bold: true });
      y += h;
    });
    rule(y);
    y += 14;
  }

  // Norms and certifications: lists.
  const list = (title: string, items: string[]) => {
    if (items.length === 0) return;
    room(34);
    sectionTitle(title);
    for (const item of items) {
      const h = heightOf(item, WIDTH - 14, 9) + 2;
      room(h);
      write('•', MARGIN, y, { width: 10, size: 9, color: ACCENT });
      write(item, MARGIN + 14, y, { width: WIDTH - 14, size: 9 });
      y += h;
    }
    y += 12;
  };
  list(t('pdf.norms'), sheet.norms);
  list(t('pdf.certifications'), sheet.certifications);

  // The dimensions drawing, fitted to the room left (a page of its own when too little is left).
  if (drawing) {
    const meta = await withSharp(() => sharp(drawing).metadata());
    const w = meta.width ?? 1;
    const h = meta.height ?? 1;
    const maxHeight = BOTTOM - MARGIN - 40;
    let scale = Math.min(WIDTH / w, maxHeight / h, 1.5);
    if (y + 20 + h * scale > BOTTOM) {
      if (BOTTOM - y - 20 >= Math.min(220, h * scale)) scale = Math.min(scale, (BOTTOM - y - 20) / h);
      else newPage();
    }
    sectionTitle(t('pdf.drawing'));
    doc.image(drawing, MARGIN, y, { width: w * scale, height: h * scale });
    y += h * scale + 10;
  }

  const generated = t('pdf.generated', { date: dateTime.format(options.generatedAt ?? new Date()) });
  drawPageFooters(doc, write, { text: `${shop.name} · ${generated}`, color: MUTED }, (page, pages) => t('pdf.page', { page, pages }));
  doc.end();
  return done;
}

/**
 * The job's work (and the route's when the file is missing): the PDF of the sheet's current
 * version, unless it is stored already. A sheet saved again meanwhile is left to its own job.
 */
export async function storeTechnicalSheetPdf(sheetId: number): Promise<{ state: 'stored' | 'fresh' | 'gone'; key?: string }> {
  const sheet = await getSheetForPdf(sheetId);
  if (!sheet) return { state: 'gone' };
  const key = sheetPdfKey(sheet);
  const storage = getStorage();
  const db = await getDb();
  if (sheet.pdfState === 'ready' && (await storage.exists(key))) return { state: 'fresh', key };
  const now = new Date();
  await storage.put(key, await renderTechnicalSheetPdf(sheet, await shopHeader(), { generatedAt: now }));
  await db
    .update(technicalSheets)
    .set({ generatedPdfKey: key, generatedAt: now, generatedVersion: sheet.version })
    .where(and(eq(technicalSheets.id, sheet.id), eq(technicalSheets.version, sheet.version)));
  return { state: 'stored', key };
}

registerJobHandler(JOB_QUEUES.technicalSheetPdf, async (data) => {
  await storeTechnicalSheetPdf(data.sheetId);
});
