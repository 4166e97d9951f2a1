import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { packageLabel, quantityRule } from '@/lib/cart/packages';
import type { CartItem } from '@/lib/cart/types';
import { imageUrl } from '@/lib/catalogue/media';
import { productShortPath } from '@/lib/catalogue/urls';
import { getDb, type Db, type DbOrTx } from '@/server/db/client';
import { cartItems, inventoryProducts, products } from '@/server/db/schema';
import { euros2, euros4, lineTotals, toTenThousandths } from '@/server/pricing/money';
import { getPriceFacts, getPricingCustomer, unitPriceOf, type ModelPriceFacts } from '@/server/pricing';
import { type CartCaller, requireCart } from './identity';

/**
 * The cart as its owner reads it. The server prices every line for its customer (never what the
 * client sends) and re-prices the lines whenever it reads them: a line whose price changed keeps
 * the old one as `previous_unit_price` so the cart can say so. Guest carts hold no prices.
 */

/**
 * Prices `lines` at today's price for their customer; a line whose unit price changed keeps the
 * old one in `previous_unit_price` (shown in the cart). Returns the facts and, per line id, the
 * previous price of the lines it changed (ten-thousandths; null when the line had none).
 */
async function repriceLines(
  conn: Db,
  caller: { userId: string },
  lines: readonly { id: string; code: string; unit: string | null }[],
): Promise<{ facts: Map<string, ModelPriceFacts>; changed: Map<string, number | null> }> {
  const changed = new Map<string, number | null>();
  if (lines.length === 0) return { facts: new Map(), changed };
  const customer = await getPricingCustomer(caller.userId, conn);
  const { facts } = await getPriceFacts(customer, lines.map((l) => l.code));
  for (const line of lines) {
    const f = facts.get(line.code);
    const current = f ? unitPriceOf(f) : null;
    const stored = line.unit === null ? null : toTenThousandths(line.unit);
    if (current === stored) continue;
    changed.set(line.id, stored);
    await conn
      .update(cartItems)
      .set({
        unitPriceAtPurchase: current === null ? null : (current / 10_000).toFixed(4),
        previousUnitPrice: stored === null ? null : (stored / 10_000).toFixed(4),
        pricedAt: new Date(),
      })
      .where(eq(cartItems.id, line.id));
  }
  return { facts, changed };
}

/** Prices every line of a customer's cart at today's price for that customer (after a merge, a quick order, a reorder). */
export async function repriceCart(cartId: string, caller: { userId: string }): Promise<void> {
  const conn = await getDb();
  const lines = await conn
    .select({ id: cartItems.id, code: inventoryProducts.code, unit: cartItems.unitPriceAtPurchase })
    .from(cartItems)
    .innerJoin(inventoryProducts, eq(inventoryProducts.id, cartItems.modelId))
    .where(eq(cartItems.cartId, cartId));
  await repriceLines(conn, caller, lines);
}

/**
 * A cart's lines with their model and product, in the order they were added: what the cart shows
 * and what an order is placed from.
 */
export function readCartLines(db: DbOrTx, cartId: string) {
  return db
    .select({
      id: cartItems.id,
      modelId: cartItems.modelId,
      per: cartItems.itemsPerPackage,
      packages: cartItems.quantityOfPackages,
      unit: cartItems.unitPriceAtPurchase,
      previous: cartItems.previousUnitPrice,
      code: inventoryProducts.code,
      modelName: inventoryProducts.name,
      size: inventoryProducts.size,
      modelStatus: inventoryProducts.productStatus,
      stock: inventoryProducts.stockStatus,
      salesMinimum: inventoryProducts.salesMinimum,
      salesIncrement: inventoryProducts.salesIncrement,
      productId: products.id,
      productCode: products.productCode,
      productName: products.name,
      seoName: products.seoOptimizedName,
      photoPath: products.photoPath,
      modelPhotoPath: inventoryProducts.photoPath,
      productActive: products.active,
    })
    .from(cartItems)
    .innerJoin(inventoryProducts, eq(inventoryProducts.id, cartItems.modelId))
    .innerJoin(products, eq(products.id, inventoryProducts.productId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

/** `GET /api/cart/{cartId}/items`: the lines, priced for a customer, without prices for a guest. */
export async function listCartItems(cartId: string, caller: CartCaller): Promise<CartItem[]> {
  const db = await getDb();
  const cart = await requireCart(cartId, caller, db);
  const rows = await readCartLines(db, cart.id);
  // The lines are read once, then priced for the customer (a guest's carry no prices).
  const { facts, changed } = caller ? await repriceLines(db, caller, rows) : { facts: new Map<string, ModelPriceFacts>(), changed: new Map<string, number | null>() };
  return rows.map((r) => {
    const rule = quantityRule({ sales_minimum: r.salesMinimum, sales_increment: r.salesIncrement });
    const f = caller ? facts.get(r.code) : undefined;
    const active = r.productActive && r.modelStatus === 'active';
    let priced: Pick<CartItem, 'unit_price_at_purchase' | 'total_price' | 'base_unit_price' | 'discount_percentage' | 'tax_rate' | 'total_price_with_tax' | 'previous_unit_price'> = {
      unit_price_at_purchase: null,
      total_price: null,
      base_unit_price: null,
      discount_percentage: null,
      tax_rate: null,
      total_price_with_tax: null,
      previous_unit_price: null,
    };
    if (f) {
      const unit = unitPriceOf(f);
      const { netCents, grossCents } = lineTotals(unit, r.packages * r.per, f.taxRate);
      const previous = changed.has(r.id) ? (changed.get(r.id) ?? null) : r.previous === null ? null : toTenThousandths(r.previous);
      priced = {
        unit_price_at_purchase: euros4(unit),
        total_price: euros2(netCents),
        base_unit_price: euros4(f.base),
        discount_percentage: f.discount / 100,
        tax_rate: f.taxRate / 100,
        total_price_with_tax: euros2(grossCents),
        previous_unit_price: previous !== null && previous !== unit ? euros4(previous) : null,
      };
    }
    return {
      id: r.id,
      product_id: r.modelId,
      // The shop's name of the package (a line stored before the server named packages may hold a client's).
      selected_package_type: packageLabel(r.per),
      items_per_package: r.per,
      quantity_of_packages: r.packages,
      ...priced,
      sales_minimum: rule.minimum,
      sales_increment: rule.increment,
      product: {
        code: r.code,
        name: r.modelName,
        seo_optimized_name: r.seoName,
        size: r.size,
        product_category_id: r.productId,
        product_code: r.productCode,
        url: productShortPath(r.productCode),
        stock_status: r.stock,
        active,
        product_category_details: { main_photo_url: imageUrl(r.photoPath, 'products', r.productCode), name: r.productName },
        // The model's own photo when it has one (two finishes of one tap look different), else the product's.
        image_url: r.modelPhotoPath || imageUrl(r.photoPath, 'products', r.productCode),
      },
    };
  });
}
