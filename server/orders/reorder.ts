import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '@/server/errors';
import { addCartItem } from '@/server/cart/lines';
import { getOrCreateUserCart } from '@/server/cart/identity';
import { repriceCart } from '@/server/cart/read';
import { getDb } from '@/server/db/client';
import { inventoryProducts, orderLines, orders, products } from '@/server/db/schema';
import { serverTranslator } from '@/server/i18n';

const text = serverTranslator('Orders');

export interface ReorderResult {
  cart_id: string;
  added: { model_code: string; item_id: string; quantity_of_packages: number }[];
  /** Lines that could not be added (model gone or inactive, package or quantity no longer allowed). */
  unavailable: { model_code: string; model_name: string; reason: string }[];
}

/**
 * `POST /api/orders/{id}/reorder`: the order's lines into the customer's cart, at today's prices
 * (the cart prices every line itself). A model looked up by its code; one that is gone, inactive
 * or no longer sold in that package or quantity is listed back, not added.
 */
export async function reorder(userId: string, orderId: number): Promise<ReorderResult> {
  const db = await getDb();
  const [order] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw new AppError({ code: 'not_found', key: 'Orders.orderNotFound' });
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.position));
  return linesToCart(userId, lines);
}

/** A line copied into the cart: the model by its code, its package size and packages (the cart names the package). */
export interface CopiedLine {
  modelCode: string;
  modelName: string;
  itemsPerPackage: number;
  packages: number;
}

/**
 * Lines of an earlier document (an order, a quote) into the customer's cart at today's prices
 * (the cart prices every line itself); models gone, inactive or no longer sold that way are
 * listed back, not added.
 */
export async function linesToCart(userId: string, lines: readonly CopiedLine[]): Promise<ReorderResult> {
  const db = await getDb();
  const cartId = await getOrCreateUserCart(userId, db);
  const result: ReorderResult = { cart_id: cartId, added: [], unavailable: [] };
  for (const line of lines) {
    const [model] = await db
      .select({ id: inventoryProducts.id })
      .from(inventoryProducts)
      .innerJoin(products, eq(products.id, inventoryProducts.productId))
      .where(and(eq(inventoryProducts.code, line.modelCode), eq(inventoryProducts.productStatus, 'active'), eq(products.active, true)));
    if (!model) {
      result.unavailable.push({ model_code: line.modelCode, model_name: line.modelName, reason: text('modelUnavailable') });
      continue;
    }
    try {
      const added = await addCartItem(
        cartId,
        { userId },
        { modelId: model.id, itemsPerPackage: line.itemsPerPackage, packages: line.packages },
        { reprice: false },
      );
      result.added.push({ model_code: line.modelCode, item_id: added.itemId, quantity_of_packages: added.packages });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      result.unavailable.push({ model_code: line.modelCode, model_name: line.modelName, reason: err.message });
    }
  }
  if (result.added.length > 0) await repriceCart(cartId, { userId });
  return result;
}
