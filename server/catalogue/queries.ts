import 'server-only';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { imageUrl } from '@/lib/catalogue/media';
import { getDb } from '@/server/db/client';
import { brands, inventoryProducts, modelAttributes, products } from '@/server/db/schema';
import { getProductSummariesByIds } from './products';
import { findChapter, findFamily, getCatalogueReference } from './resolve';
import type { BrandFacet, BrandInfo, ChapterInfo, FamilyInfo, ProductSummary, StockStatus } from '@/lib/catalogue/types';

export type { BrandFacet, BrandInfo, ChapterInfo, FamilyInfo };


/** The 16 chapters in catalogue order (from the reference data of server/catalogue/resolve.ts). */
export async function listChapters(): Promise<ChapterInfo[]> {
  return (await getCatalogueReference()).chapters;
}

/** A chapter by its slug, or by its code written as digits (the one resolver: server/catalogue/resolve.ts). */
export async function getChapter(slugOrCode: string): Promise<ChapterInfo | null> {
  return findChapter(await getCatalogueReference(), slugOrCode);
}

/** Families with their product counts, of one chapter or of the whole catalogue, by code. */
export async function listFamilies(chapterCode?: number): Promise<FamilyInfo[]> {
  const { families } = await getCatalogueReference();
  return chapterCode === undefined ? families : families.filter((f) => f.chapterCode === chapterCode);
}

/** A family of a chapter by its code or slug (the one resolver: server/catalogue/resolve.ts). */
export async function getFamily(chapterCode: number, slugOrCode: string): Promise<FamilyInfo | null> {
  const family = findFamily(await getCatalogueReference(), slugOrCode, chapterCode);
  return family === 'ambiguous' ? null : family;
}

/** Every brand with its product count, by name. */
export async function listBrands(): Promise<BrandInfo[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: brands.id,
      name: brands.name,
      slug: brands.slug,
      logoPath: brands.logoPath,
      officialSite: brands.officialSite,
      productCount: sql<number>`(SELECT count(*)::int FROM products p WHERE p.brand_id = "brands"."id" AND p.active)`,
    })
    .from(brands)
    .orderBy(asc(brands.name));
  return rows.map((b) => ({
    id: b.id,
    name: b.name,
    slug: b.slug,
    logoUrl: imageUrl(b.logoPath, 'brands', b.slug),
    officialSite: b.officialSite,
    productCount: Number(b.productCount),
  }));
}

export async function countProductsWithoutBrand(): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(products).where(and(sql`${products.brandId} IS NULL`, eq(products.active, true)));
  return Number(row?.n ?? 0);
}

export interface ModelRow {
  id: number;
  code: string;
  name: string;
  size: string | null;
  smallPackage: string | null;
  mediumPackage: string | null;
  largePackage: string | null;
  stockStatus: StockStatus;
  ean: string | null;
  attributes: { name: string; value: string; unit: string | null }[];
}

export interface ProductDetail extends ProductSummary {
  seoDescription: string | null;
  informacaoTecnica: string | null;
  informacaoAdicional: string | null;
  productNotes: string | null;
  ean: string | null;
  weight: string | null;
  weightUnit: string | null;
  images: string[];
  /** The alt text of each of `images` (staff write them in the admin form; null: none given). */
  imageAlts: (string | null)[];
  models: ModelRow[];
}

/** A product with its models (no prices: those are personal and come from the pricing API). */
export async function getProductDetail(productCode: string): Promise<ProductDetail | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: products.id,
      seoDescription: products.seoOptimizedDescription,
      informacaoTecnica: products.informacaoTecnica,
      informacaoAdicional: products.informacaoAdicional,
      productNotes: products.productNotes,
      ean: products.ean,
      weight: products.weight,
      weightUnit: products.weightUnit,
      images: products.images,
      enrichedData: products.enrichedData,
    })
    .from(products)
    .where(and(eq(products.productCode, productCode), eq(products.active, true)));
  if (!row) return null;
  const [summary] = await getProductSummariesByIds([row.id]);
  if (!summary) return null;
  const [modelRows, attributeRows] = await Promise.all([
    db
      .select({
        id: inventoryProducts.id,
        code: inventoryProducts.code,
        name: inventoryProducts.name,
        size: inventoryProducts.size,
        smallPackage: inventoryProducts.smallPackage,
        mediumPackage: inventoryProducts.mediumPackage,
        largePackage: inventoryProducts.largePackage,
        stockStatus: inventoryProducts.stockStatus,
        ean: inventoryProducts.ean,
      })
      .from(inventoryProducts)
      .where(and(eq(inventoryProducts.productId, row.id), eq(inventoryProducts.productStatus, 'active')))
      .orderBy(asc(inventoryProducts.price), asc(inventoryProducts.code)),
    db
      .select({ modelId: modelAttributes.modelId, name: modelAttributes.name, value: modelAttributes.value, unit: modelAttributes.unit })
      .from(modelAttributes)
      .innerJoin(inventoryProducts, eq(inventoryProducts.id, modelAttributes.modelId))
      .where(eq(inventoryProducts.productId, row.id))
      .orderBy(asc(modelAttributes.modelId), asc(modelAttributes.position)),
  ]);
  const attributesByModel = new Map<number, ModelRow['attributes']>();
  for (const a of attributeRows) {
    const list = attributesByModel.get(a.modelId) ?? [];
    list.push({ name: a.name, value: a.value, unit: a.unit });
    attributesByModel.set(a.modelId, list);
  }
  return {
    ...summary,
    seoDescription: row.seoDescription,
    informacaoTecnica: row.informacaoTecnica,
    informacaoAdicional: row.informacaoAdicional,
    productNotes: row.productNotes,
    ean: row.ean,
    weight: row.weight,
    weightUnit: row.weightUnit,
    images: [summary.imageUrl, ...row.images.map((i) => i.url)],
    imageAlts: [typeof row.enrichedData?.photoAlt === 'string' ? row.enrichedData.photoAlt : null, ...row.images.map((i) => i.alt ?? null)],
    models: modelRows.map((m) => ({ ...m, stockStatus: m.stockStatus as StockStatus, attributes: attributesByModel.get(m.id) ?? [] })),
  };
}

/** Other products of the same family (then chapter), for "Produtos relacionados". */
export async function listRelatedProducts(product: ProductSummary, limit = 8): Promise<ProductSummary[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.chapterCode, product.chapterCode), ne(products.id, product.id), eq(products.active, true)))
    .orderBy(sql`(${products.familyId} = ${product.familyId}) DESC`, sql`(${products.brandId} IS NOT DISTINCT FROM ${product.brandId}) DESC`, asc(products.name))
    .limit(limit);
  return getProductSummariesByIds(rows.map((r) => r.id));
}


/** Brands present in a chapter/family scope with their product counts, plus the products without brand. */
export async function listBrandFacets(scope: { chapterCode?: number; familyId?: number }): Promise<{ brands: BrandFacet[]; noBrand: number }> {
  const db = await getDb();
  const where = and(
    eq(products.active, true),
    scope.chapterCode !== undefined ? eq(products.chapterCode, scope.chapterCode) : undefined,
    scope.familyId !== undefined ? eq(products.familyId, scope.familyId) : undefined,
  );
  const rows = await db
    .select({ id: brands.id, name: brands.name, slug: brands.slug, count: sql<number>`count(${products.id})::int` })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(where)
    .groupBy(brands.id, brands.name, brands.slug)
    .orderBy(asc(brands.name));
  let noBrand = 0;
  const list: BrandFacet[] = [];
  for (const r of rows) {
    if (r.id === null) noBrand = Number(r.count);
    else list.push({ id: r.id, name: r.name!, slug: r.slug!, count: Number(r.count) });
  }
  return { brands: list, noBrand };
}
