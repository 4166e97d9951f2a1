import 'server-only';
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Snapshot } from '@/lib/admin/stale';
import type { SupplierCatalogueInput } from '@/lib/validation/admin-supplier-catalogue';
import { recordAudit, type AuditActor } from '@/server/admin/audit';
import { assertVersion } from '@/server/admin/versioning';
import { AppError } from '@/server/errors';
import { invalidateCache } from '@/server/cache/invalidate';
import { cachedRead } from '@/server/cache/read';
import { cacheTags } from '@/server/cache/tags';
import { getDb } from '@/server/db/client';
import { brands, supplierCatalogues } from '@/server/db/schema';
import { fileBytes, MAX_IMAGE_BYTES, MAX_PDF_BYTES, storeImageUpload, storePdfUpload, uploadUrl } from '@/server/uploads';
import { produceCover } from './supplier-catalogue-cover';

/**
 * Supplier catalogues: the manufacturers' catalogues staff publish on
 * /catalogos-fabrica, each a PDF upload or a link to the maker's site, with a brand, a title, a
 * year, a cover (the PDF's first page, an uploaded image, or generated) and a place in the order.
 * Every write is audited (entity `supplier_catalogue`), refused over a newer version, and
 * invalidates `SUPPLIER_CATALOGUES_TAG` (the public page and its cached read).
 */

export const SUPPLIER_CATALOGUES_TAG = 'supplier-catalogues';
export const SUPPLIER_CATALOGUE_ENTITY = 'supplier_catalogue';
export const SUPPLIER_CATALOGUE_PAGE_SIZE = 25;

export interface SupplierCatalogueRow {
  id: number;
  brandId: number;
  brandName: string;
  title: string;
  year: number | null;
  pdfUrl: string | null;
  externalUrl: string | null;
  coverUrl: string | null;
  coverSource: 'pdf' | 'upload' | 'generated' | null;
  sortOrder: number;
  active: boolean;
  version: number;
  updatedAt: string;
}

type Row = typeof supplierCatalogues.$inferSelect;

function toRow(r: Row, brandName: string): SupplierCatalogueRow {
  return {
    id: r.id,
    brandId: r.brandId,
    brandName,
    title: r.title,
    year: r.year,
    pdfUrl: r.pdfKey ? uploadUrl(r.pdfKey) : null,
    externalUrl: r.externalUrl,
    coverUrl: r.coverUrl,
    coverSource: r.coverSource,
    sortOrder: r.sortOrder,
    active: r.active,
    version: r.version,
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** What the audit log and the stale refusal compare (the form's field names). */
function snapshot(r: Row): Snapshot {
  return {
    brandId: r.brandId,
    title: r.title,
    year: r.year,
    pdfKey: r.pdfKey,
    externalUrl: r.externalUrl,
    coverUrl: r.coverUrl,
    sortOrder: r.sortOrder,
    active: r.active,
  };
}

export interface SupplierCatalogueFilter {
  q?: string;
  brandId?: number | null;
  active?: boolean | null;
  page?: number;
  pageSize?: number;
}

/** The admin list: search in title and brand, filters by brand and state, in the public order. */
export async function listSupplierCataloguesAdmin(filter: SupplierCatalogueFilter = {}): Promise<{ items: SupplierCatalogueRow[]; total: number }> {
  const db = await getDb();
  const where: SQL[] = [];
  const q = filter.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(supplierCatalogues.title, like), ilike(brands.name, like), sql`cast(${supplierCatalogues.year} as text) = ${q}`)!);
  }
  if (filter.brandId) where.push(eq(supplierCatalogues.brandId, filter.brandId));
  if (filter.active != null) where.push(eq(supplierCatalogues.active, filter.active));
  const cond = where.length ? and(...where) : undefined;
  const pageSize = filter.pageSize ?? SUPPLIER_CATALOGUE_PAGE_SIZE;
  const page = Math.max(1, filter.page ?? 1);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({ c: supplierCatalogues, brandName: brands.name })
      .from(supplierCatalogues)
      .innerJoin(brands, eq(brands.id, supplierCatalogues.brandId))
      .where(cond)
      .orderBy(asc(supplierCatalogues.sortOrder), asc(supplierCatalogues.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(supplierCatalogues).innerJoin(brands, eq(brands.id, supplierCatalogues.brandId)).where(cond),
  ]);
  return { items: rows.map((r) => toRow(r.c, r.brandName)), total: Number(total) };
}

export async function getSupplierCatalogue(id: number): Promise<SupplierCatalogueRow | null> {
  const db = await getDb();
  const [r] = await db
    .select({ c: supplierCatalogues, brandName: brands.name })
    .from(supplierCatalogues)
    .innerJoin(brands, eq(brands.id, supplierCatalogues.brandId))
    .where(eq(supplierCatalogues.id, id));
  return r ? toRow(r.c, r.brandName) : null;
}

/** Brands for the form's select and the list's filter. */
export async function listBrandOptions(): Promise<{ id: number; name: string }[]> {
  const db = await getDb();
  return db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.name));
}

export interface SupplierCatalogueFiles {
  pdf?: File | null;
  cover?: File | null;
}

function notFound(): AppError {
  return new AppError({ code: 'not_found', key: 'Admin.SupplierCatalogues.notFound' });
}

async function brandName(brandId: number): Promise<string> {
  const db = await getDb();
  const [b] = await db.select({ name: brands.name }).from(brands).where(eq(brands.id, brandId));
  if (!b) throw new AppError({ code: 'bad_request', key: 'Admin.SupplierCatalogues.validation.brandRequired', fieldErrors: { brandId: ['Admin.SupplierCatalogues.validation.brandRequired'] } });
  return b.name;
}

/** Stores the files of a save: the PDF (sniffed, size-limited) and a cover (uploaded, or produced). */
async function storeFiles(
  input: SupplierCatalogueInput,
  files: SupplierCatalogueFiles,
  facts: { brand: string },
  current: Row | null,
): Promise<{ pdfKey: string | null; externalUrl: string | null; coverUrl: string | null; coverSource: Row['coverSource'] }> {
  let pdfKey: string | null = current?.pdfKey ?? null;
  let pdfBytes: Uint8Array | null = null;
  if (input.source === 'upload') {
    if (files.pdf && files.pdf.size > 0) {
      pdfBytes = await fileBytes(files.pdf, MAX_PDF_BYTES);
      pdfKey = (await storePdfUpload(pdfBytes, 'documents')).key;
    } else if (!pdfKey) {
      throw new AppError({ code: 'bad_request', key: 'Admin.SupplierCatalogues.validation.pdfRequired', fieldErrors: { pdf: ['Admin.SupplierCatalogues.validation.pdfRequired'] } });
    }
  } else pdfKey = null;
  const externalUrl = input.source === 'link' ? input.externalUrl : null;

  let coverUrl = current?.coverUrl ?? null;
  let coverSource = current?.coverSource ?? null;
  if (files.cover && files.cover.size > 0) {
    coverUrl = (await storeImageUpload(await fileBytes(files.cover, MAX_IMAGE_BYTES), 'covers')).url;
    coverSource = 'upload';
  } else {
    // A new PDF gets a new cover from its first page, unless staff uploaded their own cover;
    // a generated cover follows the brand, title and year.
    const facts2 = { brand: facts.brand, title: input.title, year: input.year };
    const regenerate =
      !coverUrl ||
      (pdfBytes !== null && coverSource !== 'upload') ||
      (coverSource === 'generated' && current !== null && (current.title !== input.title || current.year !== input.year || current.brandId !== input.brandId)) ||
      (coverSource === 'pdf' && pdfKey === null);
    if (regenerate) {
      const made = await produceCover(pdfBytes, facts2);
      coverUrl = made.stored.url;
      coverSource = made.source;
    }
  }
  return { pdfKey, externalUrl, coverUrl, coverSource };
}

function invalidate(): Promise<void> {
  return invalidateCache([SUPPLIER_CATALOGUES_TAG]);
}

export async function createSupplierCatalogue(actor: AuditActor, input: SupplierCatalogueInput, files: SupplierCatalogueFiles): Promise<SupplierCatalogueRow> {
  const brand = await brandName(input.brandId);
  const stored = await storeFiles(input, files, { brand }, null);
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const [{ next } = { next: 0 }] = await tx.select({ next: sql<number>`coalesce(max(${supplierCatalogues.sortOrder}), 0) + 10` }).from(supplierCatalogues);
    const [created] = await tx
      .insert(supplierCatalogues)
      .values({ brandId: input.brandId, title: input.title, year: input.year, active: input.active, sortOrder: Number(next), ...stored })
      .returning();
    await recordAudit(tx, { actor, entity: SUPPLIER_CATALOGUE_ENTITY, entityId: created!.id, action: 'create', summary: `Catálogo «${input.title}» (${brand}) criado`, after: snapshot(created!) });
    return created!;
  });
  await invalidate();
  return toRow(row, brand);
}

export async function updateSupplierCatalogue(actor: AuditActor, id: number, version: number, input: SupplierCatalogueInput, files: SupplierCatalogueFiles): Promise<SupplierCatalogueRow> {
  const db = await getDb();
  const [current] = await db.select().from(supplierCatalogues).where(eq(supplierCatalogues.id, id));
  if (!current) throw notFound();
  // Refuse a stale save before storing any file.
  assertVersion(version, current.version, () => snapshot(current));
  const brand = await brandName(input.brandId);
  const stored = await storeFiles(input, files, { brand }, current);
  const row = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(supplierCatalogues).where(eq(supplierCatalogues.id, id)).for('update');
    if (!locked) throw notFound();
    assertVersion(version, locked.version, () => snapshot(locked));
    const [updated] = await tx
      .update(supplierCatalogues)
      .set({ brandId: input.brandId, title: input.title, year: input.year, active: input.active, ...stored, version: locked.version + 1, updatedAt: new Date() })
      .where(eq(supplierCatalogues.id, id))
      .returning();
    await recordAudit(tx, { actor, entity: SUPPLIER_CATALOGUE_ENTITY, entityId: id, action: 'update', summary: `Catálogo «${input.title}» alterado`, before: snapshot(locked), after: snapshot(updated!) });
    return updated!;
  });
  await invalidate();
  return toRow(row, brand);
}

export async function deleteSupplierCatalogue(actor: AuditActor, id: number, version: number): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(supplierCatalogues).where(eq(supplierCatalogues.id, id)).for('update');
    if (!locked) throw notFound();
    assertVersion(version, locked.version, () => snapshot(locked));
    await tx.delete(supplierCatalogues).where(eq(supplierCatalogues.id, id));
    await recordAudit(tx, { actor, entity: SUPPLIER_CATALOGUE_ENTITY, entityId: id, action: 'delete', summary: `Catálogo «${locked.title}» eliminado`, before: snapshot(locked) });
  });
  await invalidate();
}

/** The given catalogues take these places (10, 20, 30…), the others keep theirs after them. */
export async function reorderSupplierCatalogues(actor: AuditActor, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  const db = await getDb();
  await db.transaction(async (tx) => {
    const rows = await tx.select().from(supplierCatalogues).where(inArray(supplierCatalogues.id, unique)).for('update');
    if (rows.length !== unique.length) throw notFound();
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const [i, id] of unique.entries()) {
      const r = byId.get(id)!;
      const sortOrder = (i + 1) * 10;
      if (r.sortOrder === sortOrder) continue;
      // Not a new version: the order is not part of the edit form, so an open form stays valid.
      await tx.update(supplierCatalogues).set({ sortOrder, updatedAt: new Date() }).where(eq(supplierCatalogues.id, id));
      await recordAudit(tx, { actor, entity: SUPPLIER_CATALOGUE_ENTITY, entityId: id, action: 'update', summary: 'Ordem alterada', before: { sortOrder: r.sortOrder }, after: { sortOrder } });
    }
  });
  await invalidate();
}

export interface PublicSupplierCatalogue {
  id: number;
  brandName: string;
  brandSlug: string;
  title: string;
  year: number | null;
  href: string;
  external: boolean;
  coverUrl: string | null;
}

async function readPublicSupplierCatalogues(): Promise<PublicSupplierCatalogue[]> {
  const db = await getDb();
  const rows = await db
    .select({ c: supplierCatalogues, brandName: brands.name, brandSlug: brands.slug })
    .from(supplierCatalogues)
    .innerJoin(brands, eq(brands.id, supplierCatalogues.brandId))
    .where(and(eq(supplierCatalogues.active, true), or(sql`${supplierCatalogues.pdfKey} is not null`, sql`${supplierCatalogues.externalUrl} is not null`)))
    .orderBy(asc(supplierCatalogues.sortOrder), asc(supplierCatalogues.id));
  return rows.map(({ c, brandName, brandSlug }) => ({
    id: c.id,
    brandName,
    brandSlug,
    title: c.title,
    year: c.year,
    href: c.pdfKey ? uploadUrl(c.pdfKey) : (c.externalUrl ?? ''),
    external: !c.pdfKey,
    coverUrl: c.coverUrl,
  }));
}

/** The active supplier catalogues in their order (cached; refreshed by every write here and by brand edits). */
export const listPublicSupplierCatalogues = cachedRead('supplier-catalogues', readPublicSupplierCatalogues, { tags: [SUPPLIER_CATALOGUES_TAG, cacheTags.brands] });
