import 'server-only';
import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { productPath } from '@/lib/catalogue/urls';
import type { DocumentCentreGroup, DocumentCentreRow, PublicSheetLink } from '@/lib/technical-sheets';
import { cachedRead } from '@/server/cache/read';
import { cacheTags } from '@/server/cache/tags';
import { getDb } from '@/server/db/client';
import { brands, chapters, families, inventoryProducts, products, technicalSheets, type TechnicalSheetRecord } from '@/server/db/schema';
import { escapeLike, selectSheets, sheetColumns, toPublicLink } from './shared';

/**
 * The public side of the technical sheets: only published sheets of active products,
 * for the product page's 'Ficha técnica' links and the document centre (cached reads: a save
 * invalidates the product's tag and `technical-sheets`), and for the public PDF route.
 */


/** The published sheets of a product (the product page's 'Ficha técnica' links): the product's own first, then per model. */
export const getProductSheetLinks = cachedRead(
  'technical-sheets:product',
  async (productCode: string): Promise<PublicSheetLink[]> => {
    const db = await getDb();
    const rows = await selectSheets(db, and(eq(products.productCode, productCode), eq(technicalSheets.published, true))).orderBy(
      sql`${technicalSheets.modelId} is not null`,
      asc(inventoryProducts.code),
    );
    return rows.map(toPublicLink);
  },
  { tags: (productCode) => [cacheTags.catalogue, cacheTags.product(productCode), cacheTags.technicalSheets] },
);

export const DOCUMENT_CENTRE_LIMIT = 1000;

/**
 * The document centre (/fichas-tecnicas): published sheets of active products grouped by chapter,
 * optionally of one brand (slug) and matching a product or model code or name.
 */
export const listDocumentCentre = cachedRead(
  'technical-sheets:centre',
  async (q: string, brandSlug: string): Promise<{ groups: DocumentCentreGroup[]; total: number; brands: { slug: string; name: string }[] }> => {
    const db = await getDb();
    const conditions: SQL[] = [eq(technicalSheets.published, true), eq(products.active, true)];
    if (brandSlug) conditions.push(eq(brands.slug, brandSlug));
    const term = q.trim();
    if (term) {
      const like = `%${escapeLike(term)}%`;
      conditions.push(
        or(
          ilike(products.productCode, like),
          ilike(products.name, like),
          ilike(inventoryProducts.code, like),
          ilike(technicalSheets.title, like),
          sql`(${technicalSheets.modelId} is null and exists (select 1 from inventory_products m where m.product_id = ${products.id} and m.code ilike ${like}))`,
        )!,
      );
    }
    const rows = await db
      .select({ ...sheetColumns, chapterCode: chapters.code, chapterTitle: chapters.title, chapterOrder: chapters.sortOrder, brandName: brands.name })
      .from(technicalSheets)
      .innerJoin(products, eq(products.id, technicalSheets.productId))
      .innerJoin(chapters, eq(chapters.code, products.chapterCode))
      .innerJoin(families, eq(families.id, products.familyId))
      .leftJoin(brands, eq(brands.id, products.brandId))
      .leftJoin(inventoryProducts, eq(inventoryProducts.id, technicalSheets.modelId))
      .where(and(...conditions))
      .orderBy(asc(chapters.sortOrder), asc(products.name), asc(products.productCode), sql`${technicalSheets.modelId} is not null`, asc(inventoryProducts.code))
      .limit(DOCUMENT_CENTRE_LIMIT);
    const brandRows = await db
      .selectDistinct({ slug: brands.slug, name: brands.name })
      .from(technicalSheets)
      .innerJoin(products, eq(products.id, technicalSheets.productId))
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(and(eq(technicalSheets.published, true), eq(products.active, true)))
      .orderBy(asc(brands.name));
    const groups = new Map<number, DocumentCentreGroup>();
    for (const r of rows) {
      const group = groups.get(r.chapterCode) ?? { chapterCode: r.chapterCode, chapterTitle: r.chapterTitle, rows: [] };
      groups.set(r.chapterCode, group);
      const row: DocumentCentreRow = {
        ...toPublicLink(r),
        productCode: r.productCode,
        productName: r.productName,
        productPath: productPath(r.chapterSlug, r.familySlug, r.productCode),
        brandName: r.brandName,
      };
      group.rows.push(row);
    }
    return { groups: [...groups.values()], total: rows.length, brands: brandRows };
  },
  { tags: [cacheTags.catalogue, cacheTags.brands, cacheTags.technicalSheets] },
);

/** A published sheet's record for the public PDF route (null: none, or not published). */
export async function getPublishedSheet(id: number): Promise<TechnicalSheetRecord | null> {
  const db = await getDb();
  const [row] = await db
    .select({ sheet: technicalSheets })
    .from(technicalSheets)
    .innerJoin(products, eq(products.id, technicalSheets.productId))
    .where(and(eq(technicalSheets.id, id), eq(technicalSheets.published, true), eq(products.active, true)));
  return row?.sheet ?? null;
}

