import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { quantityRule } from '@/lib/cart/packages';
import type { ModelRow } from '@/lib/cart/types';
import { cachedRead } from '@/server/cache/read';
import { cacheTags } from '@/server/cache/tags';
import { getDb } from '@/server/db/client';
import { inventoryProducts, products } from '@/server/db/schema';

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
    .select({
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
    })
    .from(inventoryProducts)
    .where(and(eq(inventoryProducts.productId, product.id), eq(inventoryProducts.productStatus, 'active')))
    .orderBy(asc(inventoryProducts.code));
  return rows.map(({ salesMinimum, salesIncrement, ...row }) => {
    const rule = quantityRule({ sales_minimum: salesMinimum, sales_increment: salesIncrement });
    return { ...row, sales_minimum: rule.minimum, sales_increment: rule.increment };
  });
}

export const listProductModels = cachedRead('product-models', readProductModels, {
  tags: (productCode: string) => [cacheTags.catalogue, cacheTags.product(productCode)],
});
