/**
 * Technical sheets as pages and forms see them: view types and the public URLs of
 * their PDFs (`/documentos/fichas-tecnicas/…`, app/documentos/fichas-tecnicas/[file]/route.ts).
 */
import { slugify } from '@/lib/slug';

export type SheetFileKind = 'ficha' | 'fabricante';

/** The public address of a sheet's PDF: the generated one (`ficha-…`) or the manufacturer's (`fabricante-…`). */
export function sheetPdfPath(kind: SheetFileKind, sheet: { id: number; productCode: string; modelCode: string | null }): string {
  const slug = slugify([sheet.productCode, sheet.modelCode].filter(Boolean).join(' ')).slice(0, 100).replace(/-+$/, '');
  return `/documentos/fichas-tecnicas/${kind}-${sheet.id}${slug ? `-${slug}` : ''}.pdf`;
}

export const SHEET_FILE_PATTERN = /^(ficha|fabricante)-(\d{1,9})(?:-[a-z0-9-]{1,120})?\.pdf$/;

/** `{ kind, id }` of a file name of sheetPdfPath, or null. */
export function parseSheetFile(file: string): { kind: SheetFileKind; id: number } | null {
  const m = SHEET_FILE_PATTERN.exec(file);
  if (!m) return null;
  return { kind: m[1] as SheetFileKind, id: Number(m[2]) };
}

export interface SheetSectionView {
  title: string;
  rows: { label: string; value: string }[];
}

/** One sheet as its edit screen loads it. */
export interface SheetEditView {
  id: number;
  version: number;
  productId: number;
  productCode: string;
  productName: string;
  productPath: string;
  modelCode: string | null;
  modelName: string | null;
  title: string;
  sections: SheetSectionView[];
  norms: string[];
  certifications: string[];
  drawingKey: string | null;
  manufacturerPdfKey: string | null;
  published: boolean;
  /** The generated PDF: 'ready' for this version, 'pending' while the job has not rendered it. */
  pdfState: 'ready' | 'pending';
  generatedAt: string | null;
  pdfPath: string;
  manufacturerPath: string | null;
  updatedAt: string;
}

/** The record as the stale refusal and the audit log compare it (the form's field names). */
export function sheetSnapshot(s: Pick<SheetEditView, 'title' | 'sections' | 'norms' | 'certifications' | 'drawingKey' | 'manufacturerPdfKey' | 'published'>): Record<string, unknown> {
  return {
    title: s.title,
    sections: s.sections,
    norms: s.norms,
    certifications: s.certifications,
    drawing_key: s.drawingKey,
    manufacturer_pdf_key: s.manufacturerPdfKey,
    published: s.published,
  };
}

/** A row of the admin list: a sheet, or a product without any. */
export interface AdminSheetListItem {
  productId: number;
  productCode: string;
  productName: string;
  chapterTitle: string;
  brandName: string | null;
  sheetId: number | null;
  modelCode: string | null;
  modelName: string | null;
  title: string | null;
  published: boolean;
  hasManufacturerPdf: boolean;
  updatedAt: string | null;
}

/** A published sheet's links, as the product page and the document centre show them. */
export interface PublicSheetLink {
  id: number;
  title: string;
  modelCode: string | null;
  modelName: string | null;
  pdfPath: string;
  manufacturerPath: string | null;
}

export interface DocumentCentreRow extends PublicSheetLink {
  productCode: string;
  productName: string;
  productPath: string;
  brandName: string | null;
}

export interface DocumentCentreGroup {
  chapterCode: number;
  chapterTitle: string;
  rows: DocumentCentreRow[];
}
