import 'server-only';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { imageUrl } from '@/lib/catalogue/media';
import { foldAccents } from '@/lib/search/normalize';
import {
  emptyProductForm,
  formatAttributeLines,
  priceForForm,
  type AdminProductFormValues,
  type AdminProductRow,
  type ProductStockStatus,
} from '@/lib/validation/admin-product';
import { getDb, type DbOrTx } from '@/server/db/client';
import { brands, chapters, families, inventoryProducts, modelAttributes, products } from '@/server/db/schema';
import { isSearchTooCostly, searchProducts } from '@/server/search/engine';

/**
 * Reads of the admin product screens: the list of /admin/products (search with the
 * shop's own engine, filters, sorting, 50 a page) and the form's data of /new and /edit/{id}.
 * Staff see inactive products too: the shop's engine ranks active products only, so an inactive
 * one is found by its product code, a model code or a part of its name.
 */

export const ADMIN_PRODUCTS_PAGE_SIZE = 50;
/** How many of the engine's best matches a search of the list considers. */
const SEARCH_WINDOW = 1000;

export const ADMIN_PRODUCT_SORTS = ['relevance', 'name', 'code', 'updated'] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];

export interface AdminProductListQuery {
  q: string | null;
  chapterCode: number | null;
  familyId: number | null;
  /** A brand id, or 'none' for products without a brand. */
  brand: number | 'none' | null;
  stock: ProductStockStatus | null;
  status: 'active' | 'inactive' | null;
  withoutImage: boolean;
  withoutGoogleCategory: boolean;
  sort: AdminProductSort;
  order: 'asc' | 'desc';
  page: number;
}

export type { AdminProductRow };

const int = (v: unknown) => Number(v ?? 0);

/** The list's query from the page's search parameters (anything unknown is ignored). */
export function parseAdminProductQuery(raw: Record<string, string | string[] | undefined>): AdminProductListQuery {
  const one = (k: string) => {
    const v = raw[k];
    return (Array.isArray(v) ? v[0] : v)?.trim() ?? '';
  };
  const id = (k: string) => {
    const v = one(k);
    return /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null;
  };
  const q = one('q').slice(0, 200);
  const brandText = one('marca');
  const stock = one('stock');
  const status = one('estado');
  const sort = one('ordenar');
  const order = one('ordem');
  const page = Number(one('pagina'));
  return {
    q: q || null,
    chapterCode: id('capitulo'),
    familyId: id('familia'),
    brand: brandText === 'none' ? 'none' : id('marca'),
    stock: (['in_stock', 'out_of_stock', 'on_order'] as const).find((s) => s === stock) ?? null,
    status: status === 'active' || status === 'inactive' ? status : null,
    withoutImage: one('sem_imagem') === '1',
    withoutGoogleCategory: one('sem_categoria') === '1',
    sort: (ADMIN_PRODUCT_SORTS as readonly string[]).includes(sort) ? (sort as AdminProductSort) : q ? 'relevance' : 'name',
    order: order === 'desc' ? 'desc' : order === 'asc' ? 'asc' : sort === 'updated' ? 'desc' : 'asc',
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The ids the shop's search engine ranks for `q` (active products), best first. */
async function searchIds(q: string): Promise<number[]> {
  try {
    const found = await searchProducts({ q, limit: SEARCH_WINDOW, offset: 0, sort: 'relevance', order: 'desc' });
    return found.items.map((p) => p.id);
  } catch (err) {
    if (isSearchTooCostly(err)) return [];
    throw err;
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** One page of the admin product list; `lastPage` lets the page send a request past it to the last one. */
export async function listAdminProducts(query: AdminProductListQuery): Promise<{ rows: AdminProductRow[]; total: number; page: number; lastPage: number }> {
  const db = await getDb();
  const where: SQL[] = [];
  let rankIds: number[] = [];
  if (query.q) {
    rankIds = await searchIds(query.q);
    const like = `${escapeLike(query.q)}%`;
    const folded = `%${escapeLike(foldAccents(query.q).toLowerCase())}%`;
    const ids = sql.raw(`'{${rankIds.join(',')}}'::int[]`);
    where.push(sql`(p.id = ANY(${ids})
      OR p.product_code ILIKE ${like}
      OR EXISTS (SELECT 1 FROM inventory_products m WHERE m.product_id = p.id AND (m.code ILIKE ${like} OR m.ean = ${query.q}))
      OR (NOT p.active AND p.name_folded LIKE ${folded}))`);
  }
  if (query.chapterCode !== null) where.push(sql`p.chapter_code = ${query.chapterCode}`);
  if (query.familyId !== null) where.push(sql`p.family_id = ${query.familyId}`);
  if (query.brand === 'none') where.push(sql`p.brand_id IS NULL`);
  else if (query.brand !== null) where.push(sql`p.brand_id = ${query.brand}`);
  if (query.stock) where.push(sql`p.stock_status = ${query.stock}`);
  if (query.status) where.push(sql`p.active = ${query.status === 'active'}`);
  if (query.withoutImage) where.push(sql`coalesce(p.photo_path, '') = ''`);
  if (query.withoutGoogleCategory) where.push(sql`p.google_category IS NULL AND f.google_category IS NULL`);
  const condition = where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;

  const dir = sql.raw(query.order === 'desc' ? 'DESC' : 'ASC');
  let orderBy: SQL;
  switch (query.sort) {
    case 'code':
      orderBy = sql`p.product_code ${dir}, p.id`;
      break;
    case 'updated':
      orderBy = sql`p.updated_at ${dir}, p.id`;
      break;
    case 'relevance':
      orderBy = query.q
        ? sql`array_position(${sql.raw(`'{${rankIds.join(',')}}'::int[]`)}, p.id) NULLS LAST, p.name_folded, p.id`
        : sql`p.name_folded, p.id`;
      break;
    default:
      orderBy = sql`p.name_folded ${dir}, p.id`;
  }
  const [countResult, rowsResult] = await Promise.all([
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM products p JOIN families f ON f.id = p.family_id ${condition}`),
    db.execute<Record<string, unknown>>(sql`
      SELECT p.id, p.product_code, p.name, p.photo_path, p.chapter_code, c.title AS chapter_title, c.slug AS chapter_slug,
        f.title AS family_title, f.slug AS family_slug, b.name AS brand_name, p.model_count, p.active, p.stock_status,
        p.updated_at, p.min_price, p.max_price,
        (SELECT count(*)::int FROM inventory_products m WHERE m.product_id = p.id AND m.stock_status = 'in_stock') AS in_stock_models
      FROM products p
      JOIN families f ON f.id = p.family_id
      JOIN chapters c ON c.code = p.chapter_code
      LEFT JOIN brands b ON b.id = p.brand_id
      ${condition}
      ORDER BY ${orderBy}
      LIMIT ${ADMIN_PRODUCTS_PAGE_SIZE} OFFSET ${(query.page - 1) * ADMIN_PRODUCTS_PAGE_SIZE}`),
  ]);
  const total = int(countResult.rows[0]?.n);
  const lastPage = Math.max(1, Math.ceil(total / ADMIN_PRODUCTS_PAGE_SIZE));
  const rows = rowsResult.rows.map((r): AdminProductRow => {
    const active = r.active === true;
    const updated = r.updated_at instanceof Date ? r.updated_at : new Date(String(r.updated_at));
    return {
      id: int(r.id),
      productCode: String(r.product_code),
      name: String(r.name),
      thumbUrl: imageUrl(r.photo_path as string | null, 'products', String(r.product_code)),
      chapterCode: int(r.chapter_code),
      chapterTitle: String(r.chapter_title),
      familyTitle: String(r.family_title),
      brandName: (r.brand_name as string | null) ?? null,
      modelCount: int(r.model_count),
      active,
      stockStatus: r.stock_status as ProductStockStatus,
      minPrice: r.min_price === null || r.min_price === undefined ? null : Number(r.min_price),
      maxPrice: r.max_price === null || r.max_price === undefined ? null : Number(r.max_price),
      inStockModels: int(r.in_stock_models),
      updatedAt: updated.toISOString(),
      shopPath: active ? `/produtos/${String(r.chapter_slug)}/${String(r.family_slug)}/${encodeURIComponent(String(r.product_code))}` : null,
    };
  });
  return { rows, total, page: query.page, lastPage };
}

// The form ---------------------------------------------------------------------------------------

export interface ProductFormOptions {
  chapters: { code: number; title: string }[];
  families: { id: number; code: string; title: string; chapterCode: number }[];
  brands: { id: number; name: string }[];
}

/** Chapters, families and brands for the selects (every one, fresh: not the shop's cache). */
export async function getProductFormOptions(): Promise<ProductFormOptions> {
  const db = await getDb();
  const [chapterRows, familyRows, brandRows] = await Promise.all([
    db.select({ code: chapters.code, title: chapters.title }).from(chapters).orderBy(asc(chapters.sortOrder), asc(chapters.code)),
    db.select({ id: families.id, code: families.code, title: families.title, chapterCode: families.chapterCode }).from(families),
    db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.name)),
  ]);
  // Family codes in natural order ("20-010" before "100-010"; text order put 100, 110… before 20).
  const natural = new Intl.Collator('pt-PT', { numeric: true });
  familyRows.sort((a, b) => natural.compare(a.code, b.code) || a.id - b.id);
  return { chapters: chapterRows, families: familyRows, brands: brandRows };
}

export interface AdminProductRecord {
  id: number;
  productCode: string;
  name: string;
  version: number;
  active: boolean;
  chapterCode: number;
  familyId: number;
  familyCode: string;
  brandId: number | null;
  updatedAt: string;
  shopPath: string | null;
  form: AdminProductFormValues;
}

/** The stored alt text of the main image (products.enriched_data.photoAlt). */
function photoAltOf(enriched: Record<string, unknown> | null): string {
  const alt = enriched?.photoAlt;
  return typeof alt === 'string' ? alt : '';
}

/** A product as the form holds it (and as the stale-save notice compares it), or null. */
export async function getAdminProduct(id: number, db?: DbOrTx): Promise<AdminProductRecord | null> {
  const handle = db ?? (await getDb());
  const [p] = await handle
    .select({
      id: products.id,
      productCode: products.productCode,
      name: products.name,
      version: products.version,
      active: products.active,
      seoName: products.seoOptimizedName,
      seoDescription: products.seoOptimizedDescription,
      description: products.description,
      chapterCode: products.chapterCode,
      familyId: products.familyId,
      familyCode: families.code,
      familySlug: families.slug,
      chapterSlug: chapters.slug,
      brandId: products.brandId,
      informacaoAdicional: products.informacaoAdicional,
      informacaoTecnica: products.informacaoTecnica,
      notes: products.productNotes,
      photoPath: products.photoPath,
      images: products.images,
      enrichedData: products.enrichedData,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .innerJoin(families, eq(families.id, products.familyId))
    .innerJoin(chapters, eq(chapters.code, products.chapterCode))
    .where(eq(products.id, id));
  if (!p) return null;
  const models = await handle
    .select({
      id: inventoryProducts.id,
      code: inventoryProducts.code,
      name: inventoryProducts.name,
      size: inventoryProducts.size,
      price: inventoryProducts.price,
      discountGroup: inventoryProducts.discountGroup,
      supplier: inventoryProducts.supplier,
      smallPackage: inventoryProducts.smallPackage,
      mediumPackage: inventoryProducts.mediumPackage,
      largePackage: inventoryProducts.largePackage,
      ean: inventoryProducts.ean,
      status: inventoryProducts.productStatus,
      stockStatus: inventoryProducts.stockStatus,
    })
    .from(inventoryProducts)
    .where(eq(inventoryProducts.productId, id))
    .orderBy(asc(inventoryProducts.code));
  const attributeRows = models.length
    ? await handle
        .select({ modelId: modelAttributes.modelId, name: modelAttributes.name, value: modelAttributes.value, unit: modelAttributes.unit })
        .from(modelAttributes)
        .innerJoin(inventoryProducts, eq(inventoryProducts.id, modelAttributes.modelId))
        .where(eq(inventoryProducts.productId, id))
        .orderBy(asc(modelAttributes.modelId), asc(modelAttributes.position))
    : [];
  const attributes = new Map<number, { name: string; value: string; unit: string | null }[]>();
  for (const a of attributeRows) {
    const list = attributes.get(a.modelId) ?? [];
    list.push({ name: a.name, value: a.value, unit: a.unit });
    attributes.set(a.modelId, list);
  }
  const images = [
    ...(p.photoPath ? [{ url: p.photoPath, alt: photoAltOf(p.enrichedData), main: true }] : []),
    ...(p.images ?? []).map((i) => ({ url: i.url, alt: i.alt ?? '', main: false })),
  ];
  const base = emptyProductForm();
  const form: AdminProductFormValues = {
    ...base,
    id: p.id,
    version: p.version,
    product_code: p.productCode,
    name: p.name,
    seo_name: p.seoName ?? '',
    seo_description: p.seoDescription ?? '',
    description: p.description ?? '',
    chapter_code: String(p.chapterCode),
    family_id: String(p.familyId),
    brand_id: p.brandId === null ? '' : String(p.brandId),
    informacao_adicional: p.informacaoAdicional ?? '',
    informacao_tecnica: p.informacaoTecnica ?? '',
    notes: p.notes ?? '',
    active: p.active,
    images,
    models: models.map((m) => ({
      id: m.id,
      code: m.code,
      name: m.name,
      size: m.size ?? '',
      price: priceForForm(m.price),
      discount_group: m.discountGroup ?? '',
      supplier: m.supplier ?? '',
      small_package: m.smallPackage ?? '',
      medium_package: m.mediumPackage ?? '',
      large_package: m.largePackage ?? '',
      ean: m.ean ?? '',
      status: m.status === 'active' ? 'active' : 'inactive',
      stock_status: m.stockStatus,
      attributes: formatAttributeLines(attributes.get(m.id) ?? []),
    })),
  };
  return {
    id: p.id,
    productCode: p.productCode,
    name: p.name,
    version: p.version,
    active: p.active,
    chapterCode: p.chapterCode,
    familyId: p.familyId,
    familyCode: p.familyCode,
    brandId: p.brandId,
    updatedAt: p.updatedAt.toISOString(),
    shopPath: p.active ? `/produtos/${p.chapterSlug}/${p.familySlug}/${encodeURIComponent(p.productCode)}` : null,
    form,
  };
}
