import 'server-only';
import { and, asc, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ChangeKind, ChangeLogFilters, ChangeSource } from '@/lib/validation/catalogue-management';
import { productPath } from '@/lib/catalogue/urls';
import { getDb } from '@/server/db/client';
import { brands, catalogueChanges, chapters, families, products } from '@/server/db/schema';

/**
 * The reads of /admin/catalogue-management/change-logs: the catalogue change log,
 * newest first, filtered by Lisbon days, chapter, family, brand, kind, source and product or
 * model code; and the options of its filters.
 */

export const CHANGE_LOG_PAGE_SIZE = 50;
/** Lines of one CSV export of the change log. */
export const CHANGE_LOG_EXPORT_LIMIT = 50_000;

export interface ChangeLogEntry {
  id: number;
  at: string;
  source: ChangeSource;
  actor: string | null;
  kind: ChangeKind;
  chapterCode: number | null;
  chapterTitle: string | null;
  familyCode: string | null;
  familyTitle: string | null;
  brand: string | null;
  productId: number | null;
  productCode: string | null;
  productName: string | null;
  /** The product's page in the shop, when it still exists. */
  shopPath: string | null;
  modelCode: string | null;
  field: string | null;
  before: string | null;
  after: string | null;
}

export interface ChangeLogOptions {
  chapters: { code: number; title: string }[];
  families: { id: number; code: string; title: string; chapterCode: number }[];
  brands: { id: number; name: string }[];
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function whereOf(filters: ChangeLogFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  // Days are Lisbon's: from the start of `desde` to the end of `ate`.
  if (filters.desde) conditions.push(gte(catalogueChanges.at, sql`(${filters.desde}::date)::timestamp AT TIME ZONE 'Europe/Lisbon'`));
  if (filters.ate) conditions.push(lt(catalogueChanges.at, sql`(${filters.ate}::date + 1)::timestamp AT TIME ZONE 'Europe/Lisbon'`));
  if (filters.capitulo !== undefined) conditions.push(eq(catalogueChanges.chapterCode, filters.capitulo));
  if (filters.familia !== undefined) conditions.push(eq(catalogueChanges.familyId, filters.familia));
  if (filters.marca !== undefined) conditions.push(eq(catalogueChanges.brandId, filters.marca));
  if (filters.tipo) conditions.push(eq(catalogueChanges.kind, filters.tipo));
  if (filters.origem) conditions.push(eq(catalogueChanges.source, filters.origem));
  if (filters.codigo) {
    const pattern = likeContains(filters.codigo);
    conditions.push(or(ilike(catalogueChanges.productCode, pattern), ilike(catalogueChanges.modelCode, pattern)));
  }
  return conditions.length ? and(...conditions) : undefined;
}

const productChapter = alias(chapters, 'product_chapter');
const productFamily = alias(families, 'product_family');

async function selectEntries(filters: ChangeLogFilters, limit: number, offset: number): Promise<ChangeLogEntry[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: catalogueChanges.id,
      at: catalogueChanges.at,
      source: catalogueChanges.source,
      actor: catalogueChanges.actorName,
      kind: catalogueChanges.kind,
      chapterCode: catalogueChanges.chapterCode,
      chapterTitle: chapters.title,
      chapterSlug: chapters.slug,
      familyCode: families.code,
      familyTitle: families.title,
      brand: brands.name,
      productId: catalogueChanges.productId,
      productCode: catalogueChanges.productCode,
      productName: catalogueChanges.productName,
      currentCode: products.productCode,
      productChapterSlug: productChapter.slug,
      productFamilySlug: productFamily.slug,
      modelCode: catalogueChanges.modelCode,
      field: catalogueChanges.field,
      before: catalogueChanges.before,
      after: catalogueChanges.after,
    })
    .from(catalogueChanges)
    .leftJoin(chapters, eq(chapters.code, catalogueChanges.chapterCode))
    .leftJoin(families, eq(families.id, catalogueChanges.familyId))
    .leftJoin(brands, eq(brands.id, catalogueChanges.brandId))
    .leftJoin(products, eq(products.id, catalogueChanges.productId))
    .leftJoin(productChapter, eq(productChapter.code, products.chapterCode))
    .leftJoin(productFamily, eq(productFamily.id, products.familyId))
    .where(whereOf(filters))
    .orderBy(desc(catalogueChanges.at), desc(catalogueChanges.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    source: r.source,
    actor: r.actor,
    kind: r.kind,
    chapterCode: r.chapterCode,
    chapterTitle: r.chapterTitle,
    familyCode: r.familyCode,
    familyTitle: r.familyTitle,
    brand: r.brand,
    productId: r.currentCode ? r.productId : null,
    productCode: r.productCode,
    productName: r.productName,
    shopPath: r.currentCode && r.productChapterSlug && r.productFamilySlug ? productPath(r.productChapterSlug, r.productFamilySlug, r.currentCode) : null,
    modelCode: r.modelCode,
    field: r.field,
    before: r.before,
    after: r.after,
  }));
}

/** One page of the change log (1-based), newest first, and the total of the filtered view. */
export async function listCatalogueChanges(filters: ChangeLogFilters, page = 1, pageSize = CHANGE_LOG_PAGE_SIZE): Promise<{ items: ChangeLogEntry[]; total: number }> {
  const db = await getDb();
  const [items, [count]] = await Promise.all([
    selectEntries(filters, pageSize, (page - 1) * pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(catalogueChanges).where(whereOf(filters)),
  ]);
  return { items, total: Number(count?.n ?? 0) };
}

/** The filtered change log for the CSV export (newest first, at most `CHANGE_LOG_EXPORT_LIMIT` lines). */
export async function exportCatalogueChanges(filters: ChangeLogFilters): Promise<ChangeLogEntry[]> {
  return selectEntries(filters, CHANGE_LOG_EXPORT_LIMIT, 0);
}

/** The choices of the filters: chapters, families (with their chapter), brands. */
export async function getChangeLogOptions(): Promise<ChangeLogOptions> {
  const db = await getDb();
  const [chapterRows, familyRows, brandRows] = await Promise.all([
    db.select({ code: chapters.code, title: chapters.title }).from(chapters).orderBy(asc(chapters.sortOrder)),
    db.select({ id: families.id, code: families.code, title: families.title, chapterCode: families.chapterCode }).from(families).orderBy(asc(families.code)),
    db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.name)),
  ]);
  return { chapters: chapterRows, families: familyRows, brands: brandRows };
}
