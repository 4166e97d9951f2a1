import 'server-only';
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { imageUrl } from '@/lib/catalogue/media';
import { productPath } from '@/lib/catalogue/urls';
import { getDb } from '@/server/db/client';
import { brands, chapters, families, products } from '@/server/db/schema';
import type { Page, ProductListFilters, ProductSummary, StockStatus } from '@/lib/catalogue/types';

const summaryColumns = {
  id: products.id,
  productCode: products.productCode,
  name: products.name,
  seoName: products.seoOptimizedName,
  description: products.description,
  slug: products.slug,
  photoPath: products.photoPath,
  chapterCode: products.chapterCode,
  chapterTitle: chapters.title,
  chapterSlug: chapters.slug,
  familyId: families.id,
  familyCode: families.code,
  familyTitle: families.title,
  familySlug: families.slug,
  brandId: brands.id,
  brandName: brands.name,
  brandSlug: brands.slug,
  brandLogoPath: brands.logoPath,
  officialSite: brands.officialSite,
  availableSizes: products.availableSizes,
  modelCount: products.modelCount,
  stockStatus: products.stockStatus,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

type SummaryRow = {
  [K in keyof typeof summaryColumns]: (typeof summaryColumns)[K]['_']['notNull'] extends true
    ? (typeof summaryColumns)[K]['_']['data']
    : (typeof summaryColumns)[K]['_']['data'] | null;
};

function toSummary(r: SummaryRow): ProductSummary {
  return {
    id: r.id,
    productCode: r.productCode,
    name: r.name,
    seoName: r.seoName,
    description: r.description,
    slug: r.slug,
    chapterCode: r.chapterCode,
    chapterTitle: r.chapterTitle!,
    chapterSlug: r.chapterSlug!,
    familyId: r.familyId!,
    familyCode: r.familyCode!,
    familyTitle: r.familyTitle!,
    familySlug: r.familySlug!,
    brandId: r.brandId,
    brandName: r.brandName,
    brandSlug: r.brandSlug,
    brandLogoUrl: r.brandSlug ? imageUrl(r.brandLogoPath, 'brands', r.brandSlug) : null,
    officialSite: r.officialSite,
    imageUrl: imageUrl(r.photoPath, 'products', r.productCode),
    availableSizes: r.availableSizes,
    modelCount: r.modelCount,
    stockStatus: r.stockStatus as StockStatus,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    path: productPath(r.chapterSlug!, r.familySlug!, r.productCode),
  };
}

function summaryQuery(db: Awaited<ReturnType<typeof getDb>>) {
  return db
    .select(summaryColumns)
    .from(products)
    .innerJoin(chapters, eq(chapters.code, products.chapterCode))
    .innerJoin(families, eq(families.id, products.familyId))
    .leftJoin(brands, eq(brands.id, products.brandId));
}

/**
 * The summary columns as an SQL select list (`"products"."name" AS "name", …`) over the tables
 * `products`, `chapters`, `families` and `brands` joined as in `summaryJoinsSql`: for queries that
 * rank and read the summaries in one statement (the search). Rows back through `summaryFromRow`.
 */
export const summarySelectSql: SQL = sql.join(
  Object.entries(summaryColumns).map(([key, column]) => sql`${column} AS ${sql.identifier(key)}`),
  sql`, `,
);

/** The joins of `summarySelectSql`, after `FROM <something> JOIN products ON …`. */
export const summaryJoinsSql: SQL = sql`
  JOIN chapters ON chapters.code = products.chapter_code
  JOIN families ON families.id = products.family_id
  LEFT JOIN brands ON brands.id = products.brand_id`;

/** A row of `summarySelectSql` read with `db.execute` (driver values, mapped as a Drizzle select maps them). */
export function summaryFromRow(row: Record<string, unknown>): ProductSummary {
  const mapped: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(summaryColumns)) {
    const value = row[key];
    mapped[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value as never);
  }
  return toSummary(mapped as SummaryRow);
}

/** Product summaries for the given ids, in the order of the ids (search results keep their rank). */
export async function getProductSummariesByIds(ids: readonly number[]): Promise<ProductSummary[]> {
  if (ids.length === 0) return [];
  const db = await getDb();
  const rows = await summaryQuery(db).where(inArray(products.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.id, toSummary(r as SummaryRow)]));
  return ids.map((id) => byId.get(id)).filter((p): p is ProductSummary => p !== undefined);
}

export function productFilterConditions(filters: ProductListFilters): SQL[] {
  const conditions: SQL[] = [eq(products.active, true)];
  if (filters.chapterCode !== undefined) conditions.push(eq(products.chapterCode, filters.chapterCode));
  if (filters.familyCode) conditions.push(eq(families.code, filters.familyCode));
  if (filters.brand === 'no-brand') conditions.push(isNull(products.brandId));
  else if (filters.brand !== undefined) conditions.push(eq(products.brandId, filters.brand));
  if (filters.productIds) conditions.push(filters.productIds.length ? inArray(products.id, [...filters.productIds]) : sql`false`);
  return conditions;
}

/** A page of products by chapter, family and brand, ordered by name (no free text). */
export async function listProducts(
  filters: ProductListFilters,
  { limit = 50, offset = 0 }: { limit?: number; offset?: number } = {},
): Promise<Page<ProductSummary>> {
  const db = await getDb();
  const where = and(...productFilterConditions(filters));
  const [rows, [total]] = await Promise.all([
    summaryQuery(db)
      .where(where)
      .orderBy(asc(sql`coalesce(${products.seoOptimizedName}, ${products.name})`), asc(products.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .innerJoin(families, eq(families.id, products.familyId))
      .where(where),
  ]);
  return { items: rows.map((r) => toSummary(r as SummaryRow)), total: Number(total?.n ?? 0), limit, offset };
}

