/**
 * Carts and their lines (spec 3 "Cart item", spec 7 "Cart"). A guest cart is a
 * capability: its id is 128 random bits, and it answers to whoever holds the id until it is
 * merged into a customer's cart. A customer's cart answers only to that customer's session.
 * One active cart per customer (partial unique index); one line per model and package size in a
 * cart (unique key), so concurrent adds of one model end in one line (upsert).
 */
import 'server-only';
import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { modelIdColumn } from './catalogue';
import { packageQuantityColumns, timestamps, timestampTz } from './columns';

export const cartStatuses = ['active', 'merged', 'ordered'] as const;
export type CartStatus = (typeof cartStatuses)[number];

export const carts = pgTable(
  'carts',
  {
    /** 22 characters of base64url: 128 random bits. */
    id: text('id').primaryKey(),
    /** The customer; null for a guest cart. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: cartStatuses }).notNull().default('active'),
    /** The cart a merged guest cart went into. */
    mergedInto: text('merged_into'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('carts_one_active_per_user').on(t.userId).where(sql`${t.status} = 'active' AND ${t.userId} IS NOT NULL`),
    index('carts_updated_at_idx').on(t.updatedAt),
  ],
);

export const cartItems = pgTable(
  'cart_items',
  {
    /** 22 characters of base64url: 128 random bits. */
    id: text('id').primaryKey(),
    cartId: text('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    /** The model (`inventory_products.id`, the `product_id` of the cart calls). */
    modelId: modelIdColumn(),
    ...packageQuantityColumns(),
    /**
     * Unit price (net, without IVA, after the customer's discount) when the line was last priced
     * by the server for its customer; null in a guest cart (visitors see no prices).
     */
    unitPriceAtPurchase: numeric('unit_price_at_purchase', { precision: 12, scale: 4 }),
    /** The unit price the line had before the last re-pricing changed it (shown as a notice). */
    previousUnitPrice: numeric('previous_unit_price', { precision: 12, scale: 4 }),
    pricedAt: timestampTz('priced_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('cart_items_cart_model_package_key').on(t.cartId, t.modelId, t.itemsPerPackage),
    check('cart_items_quantity_range', sql`${t.quantityOfPackages} >= 1 AND ${t.quantityOfPackages} <= 9999`),
    check('cart_items_items_per_package_range', sql`${t.itemsPerPackage} >= 1 AND ${t.itemsPerPackage} <= 100000`),
  ],
);

export type Cart = typeof carts.$inferSelect;
export type CartItemRow = typeof cartItems.$inferSelect;
