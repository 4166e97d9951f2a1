import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { quantityRule } from '@/lib/cart/packages';
import type { ModelRow } from '@/lib/cart/types';
import { cachedRead } from '@/server/cache/read';
import { cacheTags } from '@/server/cache/tags';
import { getDb } from '@/server/db/client';
import { inventoryProducts, products } from '@/server/db/schema';

/** The columns of a model picker row (and the pack rule they carry). */
const modelColumns = {
  id: inventoryProducts.id,
  code: inventoryProducts.code,
  name: inventoryProducts.name,
  size: inventoryProducts.size,
  small_package: inventoryProducts.smallPackage,
  medium_package: inventoryProducts.mediumPackage,
  large_package: inventoryProducts.largePackage,
  stock_status: inventoryProducts.stockStatus,
  ean: inventoryProducts.ean,
  salesMinimum: inventoryProducts.salesMinimum,
  salesIncrement: inventoryProducts.salesIncrement,
};

function toModelRow({ salesMinimum, salesIncrement, ...row }: { salesMinimum: number | null; salesIncrement: number | null } & Omit<ModelRow, 'sales_minimum' | 'sales_increment'>): ModelRow {
  const rule = quantityRule({ sales_minimum: salesMinimum, sales_increment: salesIncrement });
  return { ...row, sales_minimum: rule.minimum, sales_increment: rule.increment };
}

/**
 * The model picker's rows of a product (spec 7: the active `inventory_products` of a product,
 * ordered by code): the `id` is what the cart calls take as `product_id`. No prices (they are
 * personal and come from the pricing endpoint). Null when the product is unknown or inactive.
 */
async function readProductModels(productCode: string): Promise<ModelRow[] | null> {
  const db = await getDb();
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.productCode, productCode), eq(products.active, true)));
  if (!product) return null;
  const rows = await db
    .select(modelColumns)
    .from(inventoryProducts)
    .where(and(eq(inventoryProducts.productId, product.id), eq(inventoryProducts.productStatus, 'active')))
    .orderBy(asc(inventoryProducts.code));
  return rows.map(toModelRow);
}

export const listProductModels = cachedRead('product-models', readProductModels, {
  tags: (productCode: string) => [cacheTags.catalogue, cacheTags.product(productCode)],
});

/** At most this many products per batch call (a listing page shows 50). */
export const MAX_MODEL_BATCH = 60;

/**
 * The models of several products at once (the price blocks of a listing's cards ask one call for
 * the whole page, then one pricing call for all their codes): product code → rows, for the
 * active products among `productCodes`.
 */
async function readModelsOfProducts(productCodes: string[]): Promise<Record<string, ModelRow[]>> {
  if (productCodes.length === 0) return {};
  const db = await getDb();
  const rows = await db
    .select({ productCode: products.productCode, ...modelColumns })
    .from(inventoryProducts)
    .innerJoin(products, eq(products.id, inventoryProducts.productId))
    .where(and(inArray(products.productCode, productCodes), eq(products.active, true), eq(inventoryProducts.productStatus, 'active')))
    .orderBy(asc(products.productCode), asc(inventoryProducts.code));
  const out: Record<string, ModelRow[]> = {};
  for (const { productCode, ...row } of rows) (out[productCode] ??= []).push(toModelRow(row));
  return out;
}

const cachedModelsOfProducts = cachedRead('product-models-batch', readModelsOfProducts, {
  tags: (productCodes: string[]) => [cacheTags.catalogue, ...productCodes.map((c) => cacheTags.product(c))],
  revalidate: 300,
});

/** Sorted, de-duplicated codes: one cache entry per set of products, whatever the order asked. */
export function listModelsOfProducts(productCodes: readonly string[]): Promise<Record<string, ModelRow[]>> {
  return cachedModelsOfProducts([...new Set(productCodes)].sort());
}
