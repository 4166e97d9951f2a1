import 'server-only';
import { eq, type SQL } from 'drizzle-orm';
import { productPath } from '@/lib/catalogue/urls';
import { sheetPdfPath, type PublicSheetLink, type SheetEditView } from '@/lib/technical-sheets';
import type { DbOrTx } from '@/server/db/client';
import { chapters, families, inventoryProducts, products, technicalSheets } from '@/server/db/schema';

/** The select of a sheet with its product and model, shared by the admin and public reads. */
export const sheetColumns = {
  id: technicalSheets.id,
  version: technicalSheets.version,
  productId: technicalSheets.productId,
  modelId: technicalSheets.modelId,
  title: technicalSheets.title,
  sections: technicalSheets.sections,
  norms: technicalSheets.norms,
  certifications: technicalSheets.certifications,
  drawingKey: technicalSheets.drawingKey,
  manufacturerPdfKey: technicalSheets.manufacturerPdfKey,
  generatedPdfKey: technicalSheets.generatedPdfKey,
  generatedAt: technicalSheets.generatedAt,
  generatedVersion: technicalSheets.generatedVersion,
  published: technicalSheets.published,
  updatedAt: technicalSheets.updatedAt,
  productCode: products.productCode,
  productName: products.name,
  chapterSlug: chapters.slug,
  familySlug: families.slug,
  modelCode: inventoryProducts.code,
  modelName: inventoryProducts.name,
};

export type SheetJoined = Awaited<ReturnType<typeof selectSheets>>[number];

export function selectSheets(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(sheetColumns)
    .from(technicalSheets)
    .innerJoin(products, eq(products.id, technicalSheets.productId))
    .innerJoin(chapters, eq(chapters.code, products.chapterCode))
    .innerJoin(families, eq(families.id, products.familyId))
    .leftJoin(inventoryProducts, eq(inventoryProducts.id, technicalSheets.modelId))
    .where(where);
}

export function toEditView(r: SheetJoined): SheetEditView {
  const ids = { id: r.id, productCode: r.productCode, modelCode: r.modelCode };
  return {
    id: r.id,
    version: r.version,
    productId: r.productId,
    productCode: r.productCode,
    productName: r.productName,
    productPath: productPath(r.chapterSlug, r.familySlug, r.productCode),
    modelCode: r.modelCode,
    modelName: r.modelName,
    title: r.title,
    sections: r.sections,
    norms: r.norms,
    certifications: r.certifications,
    drawingKey: r.drawingKey,
    manufacturerPdfKey: r.manufacturerPdfKey,
    published: r.published,
    pdfState: r.generatedPdfKey && r.generatedVersion === r.version ? 'ready' : 'pending',
    generatedAt: r.generatedAt?.toISOString() ?? null,
    pdfPath: sheetPdfPath('ficha', ids),
    manufacturerPath: r.manufacturerPdfKey ? sheetPdfPath('fabricante', ids) : null,
    updatedAt: r.updatedAt.toISOString(),
  };
}


export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function toPublicLink(r: SheetJoined): PublicSheetLink {
  const view = toEditView(r);
  return { id: r.id, title: r.title, modelCode: r.modelCode, modelName: r.modelName, pdfPath: view.pdfPath, manufacturerPath: view.manufacturerPath };
}
