/** A customer's favourite products (spec 2.6 favourites control, /dashboard/favorites). */
import 'server-only';
import { index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt } from './columns';
import { ownerUserId } from './auth';
import { products } from './catalogue';

export const favourites = pgTable(
  'favourites',
  {
    userId: ownerUserId(),
    productId: belongsTo('product_id', () => products.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index('favourites_product_idx').on(t.productId)],
);
