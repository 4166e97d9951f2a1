import 'server-only';
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Viewer } from '@/lib/auth/viewer';
import { sheetSnapshot, type AdminSheetListItem, type SheetEditView } from '@/lib/technical-sheets';
import type { SaveSheetOutput } from '@/lib/validation/admin-technical-sheet';
import { recordAudit } from '@/server/admin/audit';
import { assertVersion } from '@/server/admin/versioning';
import { AppError } from '@/server/errors';
import { invalidateCache } from '@/server/cache/invalidate';
import { cacheTags } from '@/server/cache/tags';
import { getDb, type DbOrTx } from '@/server/db/client';
import { brands, chapters, inventoryProducts, products, technicalSheets, type TechnicalSheetRecord } from '@/server/db/schema';
import { enqueue, getJobs, JOB_QUEUES, wakeJobWorker } from '@/server/jobs';
import { escapeLike, selectSheets, toEditView } from './shared';

/**
 * Technical sheets (fichas técnicas): the admin list and edit screen's reads and writes
 * (`manage_products`, checked by the actions in ./actions.ts), the published sheets of a product
 * page and of the public document centre (cached reads with the product's tag and
 * `technical-sheets`), and the files the public PDF route serves. Every write runs in one
 * transaction with the row lock, the version check, the audit entry, the PDF job and the cache
 * invalidation.
 */

export const AUDIT_ENTITY = 'technical_sheet';
export const ADMIN_PAGE_SIZE = 25;

// ---------------------------------------------------------------------------------------------
// Admin reads

export interface AdminSheetFilters {
  chapter?: number | null;
  brand?: number | null;
  /** 'sem': products without any sheet; 'com': sheets only. */
  state?: 'sem' | 'com' | 'publicadas' | 'rascunho' | null;
  q?: string | null;
  /** 'alterada' (default: sheets first, last changed first), 'produto' (name), 'codigo' (product code). */
  sort?: 'alterada' | 'produto' | 'codigo' | null;
  page: number;
}


/** The admin list: one row per sheet, and one per product without a sheet (filters, search, paging). */
export async function listAdminSheets(filters: AdminSheetFilters): Promise<{ items: AdminSheetListItem[]; total: number }> {
  const db = await getDb();
  const conditions: SQL[] = [];
  if (filters.chapter) conditions.push(eq(products.chapterCode, filters.chapter));
  if (filters.brand) conditions.push(eq(products.brandId, filters.brand));
  if (filters.state === 'sem') conditions.push(isNull(technicalSheets.id), sql`not exists (select 1 from technical_sheets t where t.product_id = ${products.id})`);
  else if (filters.state === 'com') conditions.push(isNotNull(technicalSheets.id));
  else if (filters.state === 'publicadas') conditions.push(eq(technicalSheets.published, true));
  else if (filters.state === 'rascunho') conditions.push(eq(technicalSheets.published, false));
  else conditions.push(or(isNotNull(technicalSheets.id), eq(products.active, true))!);
  const q = filters.q?.trim();
  if (q) {
    const like = `%${escapeLike(q)}%`;
    conditions.push(
      or(
        ilike(products.productCode, like),
        ilike(products.name, like),
        ilike(inventoryProducts.code, like),
        ilike(inventoryProducts.name, like),
        sql`(${technicalSheets.id} is null and exists (select 1 from inventory_products m where m.product_id = ${products.id} and (m.code ilike ${like} or m.name ilike ${like})))`,
      )!,
    );
  }
  const where = and(...conditions);
  const order =
    filters.sort === 'produto'
      ? [asc(products.name), asc(products.productCode), sql`${inventoryProducts.code} asc nulls first`]
      : filters.sort === 'codigo'
        ? [asc(products.productCode), sql`${inventoryProducts.code} asc nulls first`]
        : [sql`${technicalSheets.id} is null`, desc(technicalSheets.updatedAt), asc(products.name), asc(products.productCode), asc(inventoryProducts.code)];
  const base = () =>
    db
      .select({
        productId: products.id,
        productCode: products.productCode,
        productName: products.name,
        chapterTitle: chapters.title,
        brandName: brands.name,
        sheetId: technicalSheets.id,
        modelCode: inventoryProducts.code,
        modelName: inventoryProducts.name,
        title: technicalSheets.title,
        published: technicalSheets.published,
        manufacturerPdfKey: technicalSheets.manufacturerPdfKey,
        updatedAt: technicalSheets.updatedAt,
      })
      .from(products)
      .innerJoin(chapters, eq(chapters.code, products.chapterCode))
      .leftJoin(brands, eq(brands.id, products.brandId))
      .leftJoin(technicalSheets, eq(technicalSheets.productId, products.id))
      .leftJoin(inventoryProducts, eq(inventoryProducts.id, technicalSheets.modelId));
  const [totalRow] = await db
    .select({ n: count() })
    .from(products)
    .innerJoin(chapters, eq(chapters.code, products.chapterCode))
    .leftJoin(technicalSheets, eq(technicalSheets.productId, products.id))
    .leftJoin(inventoryProducts, eq(inventoryProducts.id, technicalSheets.modelId))
    .where(where);
  const rows = await base()
    .where(where)
    .orderBy(...order)
    .limit(ADMIN_PAGE_SIZE)
    .offset((filters.page - 1) * ADMIN_PAGE_SIZE);
  return {
    total: Number(totalRow?.n ?? 0),
    items: rows.map((r) => ({
      productId: r.productId,
      productCode: r.productCode,
      productName: r.productName,
      chapterTitle: r.chapterTitle,
      brandName: r.brandName,
      sheetId: r.sheetId,
      modelCode: r.modelCode,
      modelName: r.modelName,
      title: r.title,
      published: r.published ?? false,
      hasManufacturerPdf: Boolean(r.manufacturerPdfKey),
      updatedAt: r.updatedAt?.toISOString() ?? null,
    })),
  };
}

/** Chapters and brands of the list's filters. */
export async function listSheetFilterOptions(): Promise<{ chapters: { code: number; title: string }[]; brands: { id: number; name: string }[] }> {
  const db = await getDb();
  const [chapterRows, brandRows] = await Promise.all([
    db.select({ code: chapters.code, title: chapters.title }).from(chapters).orderBy(asc(chapters.sortOrder)),
    db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.name)),
  ]);
  return { chapters: chapterRows, brands: brandRows };
}

/** One sheet for its edit screen (null: no such sheet). */
export async function getSheetForEdit(id: number): Promise<SheetEditView | null> {
  const db = await getDb();
  const [row] = await selectSheets(db, eq(technicalSheets.id, id));
  return row ? toEditView(row) : null;
}

// ---------------------------------------------------------------------------------------------
// Writes

const notFound = () => new AppError({ code: 'not_found', key: 'Admin.Sheets.notFound' });

/** "Nova ficha": a sheet of a product (optionally of one of its models), unpublished and empty. */
export async function createSheet(viewer: Viewer, input: { product_code: string; model_code: string | null }): Promise<{ id: number }> {
  const db = await getDb();
  const [product] = await db
    .select({ id: products.id, code: products.productCode, name: products.name })
    .from(products)
    .where(eq(products.productCode, input.product_code));
  if (!product) throw new AppError({ code: 'not_found', key: 'Admin.Sheets.v.productUnknown', fieldErrors: { product_code: ['Admin.Sheets.v.productUnknown'] } });
  let model: { id: number; code: string; name: string } | null = null;
  if (input.model_code) {
    const [m] = await db
      .select({ id: inventoryProducts.id, code: inventoryProducts.code, name: inventoryProducts.name })
      .from(inventoryProducts)
      .where(and(eq(inventoryProducts.code, input.model_code), eq(inventoryProducts.productId, product.id)));
    if (!m) throw new AppError({ code: 'not_found', key: 'Admin.Sheets.v.modelUnknown', fieldErrors: { model_code: ['Admin.Sheets.v.modelUnknown'] } });
    model = m;
  }
  const title = model ? `${product.name} — ${model.code}` : product.name;
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: technicalSheets.id })
      .from(technicalSheets)
      .where(and(eq(technicalSheets.productId, product.id), model ? eq(technicalSheets.modelId, model.id) : isNull(technicalSheets.modelId)));
    if (existing) throw new AppError({ code: 'conflict', key: 'Admin.Sheets.exists', data: { id: existing.id } });
    const [row] = await tx
      .insert(technicalSheets)
      .values({ productId: product.id, modelId: model?.id ?? null, title: title.slice(0, 160) })
      .onConflictDoNothing()
      .returning({ id: technicalSheets.id });
    if (!row) throw new AppError({ code: 'conflict', key: 'Admin.Sheets.exists' });
    await recordAudit(tx, {
      actor: viewer,
      entity: AUDIT_ENTITY,
      entityId: row.id,
      action: 'create',
      summary: `Ficha técnica de ${product.code}${model ? ` (${model.code})` : ''} criada`,
      after: { product_code: product.code, model_code: model?.code ?? null, title, published: false },
    });
    return { id: row.id };
  });
}

async function lockSheet(tx: DbOrTx, id: number): Promise<TechnicalSheetRecord> {
  const [row] = await tx.select().from(technicalSheets).where(eq(technicalSheets.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

async function productCodeOf(tx: DbOrTx, productId: number): Promise<string> {
  const [p] = await tx.select({ code: products.productCode }).from(products).where(eq(products.id, productId));
  return p?.code ?? '';
}

/**
 * Saves the edit form: row lock, version check (a save over a newer version is refused with the
 * record as it is now), the update with the version bumped, the audit entry, the PDF job and the
 * invalidation of the product page and the document centre, all in one transaction.
 */
export async function saveSheet(viewer: Viewer, input: SaveSheetOutput): Promise<{ version: number }> {
  const db = await getDb();
  await getJobs();
  const saved = await db.transaction(async (tx) => {
    const row = await lockSheet(tx, input.id);
    const before = sheetSnapshot(row);
    assertVersion(input.version, row.version, () => before);
    const version = row.version + 1;
    const [updated] = await tx
      .update(technicalSheets)
      .set({
        title: input.title,
        sections: input.sections,
        norms: input.norms,
        certifications: input.certifications,
        drawingKey: input.drawing_key,
        manufacturerPdfKey: input.manufacturer_pdf_key,
        published: input.published,
        version,
        updatedAt: new Date(),
      })
      .where(and(eq(technicalSheets.id, row.id), eq(technicalSheets.version, row.version)))
      .returning();
    if (!updated) throw notFound();
    await recordAudit(tx, { actor: viewer, entity: AUDIT_ENTITY, entityId: row.id, action: 'update', before, after: sheetSnapshot(updated) });
    await enqueue(tx, JOB_QUEUES.technicalSheetPdf, { sheetId: row.id }, { singletonKey: `technical-sheet-${row.id}-v${version}` });
    const code = await productCodeOf(tx, row.productId);
    await invalidateCache([cacheTags.product(code), cacheTags.technicalSheets], { db: tx, reason: `ficha técnica ${row.id}` });
    return { version };
  });
  wakeJobWorker();
  return saved;
}

/** Deletes a sheet (its version checked like a save); the product page and the document centre drop it. */
export async function deleteSheet(viewer: Viewer, input: { id: number; version: number }): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const row = await lockSheet(tx, input.id);
    const before = sheetSnapshot(row);
    assertVersion(input.version, row.version, () => before);
    const code = await productCodeOf(tx, row.productId);
    await tx.delete(technicalSheets).where(eq(technicalSheets.id, row.id));
    await recordAudit(tx, { actor: viewer, entity: AUDIT_ENTITY, entityId: row.id, action: 'delete', summary: `Ficha técnica de ${code} eliminada`, before });
    await invalidateCache([cacheTags.product(code), cacheTags.technicalSheets], { db: tx, reason: `ficha técnica ${row.id}` });
  });
}

/** A sheet with its product and model, for the PDF renderer. */
export async function getSheetForPdf(id: number): Promise<(SheetEditView & { brandName: string | null; chapterTitle: string }) | null> {
  const db = await getDb();
  const [row] = await selectSheets(db, eq(technicalSheets.id, id));
  if (!row) return null;
  const [extra] = await db
    .select({ brandName: brands.name, chapterTitle: chapters.title })
    .from(products)
    .innerJoin(chapters, eq(chapters.code, products.chapterCode))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(eq(products.id, row.productId));
  return { ...toEditView(row), brandName: extra?.brandName ?? null, chapterTitle: extra?.chapterTitle ?? '' };
}
