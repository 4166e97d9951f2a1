import 'server-only';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { familyPath } from '@/lib/catalogue/urls';
import { listModelsOfProducts } from '@/server/catalogue/models';
import { getProductSummariesByIds } from '@/server/catalogue/products';
import type { ModelRow } from '@/server/catalogue/queries';
import { getDb, type DbOrTx } from '@/server/db/client';
import { favourites, products } from '@/server/db/schema';

/**
 * A customer's favourite products (spec 2.6 favourites control, 2.3 /dashboard/favorites).
 *
 * Every query names its owner: `where user_id = $viewer`, with the viewer's id from the session,
 * never from the client. Another customer's favourites are not one query away: there is no call
 * that takes someone else's id, and a code another customer keeps is, for this viewer, simply
 * not a favourite. Only active products count (an inactive product has no page to go back to);
 * its row stays, and shows again if the product comes back.
 */

/**
 * A model of a favourite product, as /dashboard/favorites shows it (no price: prices are personal and come from the pricing API).
 * `id` is `inventory_products.id`: what the cart calls take as `product_id` (the model picker's rows).
 */
export type FavouriteModel = Omit<ModelRow, 'ean' | 'attributes'>;

/** A favourite product with its active models, for /dashboard/favorites. */
export interface FavouriteProduct {
  productCode: string;
  name: string;
  imageUrl: string;
  path: string;
  brandName: string | null;
  familyTitle: string;
  familyPath: string;
  addedAt: string;
  models: FavouriteModel[];
}

/** The ids of the viewer's favourite active products, newest first. */
async function favouriteRows(db: DbOrTx, viewerId: string) {
  return db
    .select({ productId: favourites.productId, productCode: products.productCode, createdAt: favourites.createdAt })
    .from(favourites)
    .innerJoin(products, eq(products.id, favourites.productId))
    .where(and(eq(favourites.userId, viewerId), eq(products.active, true)))
    .orderBy(desc(favourites.createdAt), asc(products.productCode));
}

/** The product codes the viewer keeps as favourites, newest first (`GET /api/favourites`). */
export async function listFavouriteCodes(viewerId: string): Promise<string[]> {
  const rows = await favouriteRows(await getDb(), viewerId);
  return rows.map((r) => r.productCode);
}

/** The viewer's favourite products with their active models (ordered by code), newest first. */
export async function listFavouriteProducts(viewerId: string): Promise<FavouriteProduct[]> {
  const db = await getDb();
  const rows = await favouriteRows(db, viewerId);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.productId);
  // The models as the model picker has them (the catalogue's cached read), by product code.
  const [summaries, models] = await Promise.all([getProductSummariesByIds(ids), listModelsOfProducts(rows.map((r) => r.productCode))]);
  const modelsOf = (productCode: string): FavouriteModel[] =>
    (models[productCode] ?? []).map((m) => ({
      id: m.id,
      code: m.code,
      name: m.name,
      size: m.size,
      smallPackage: m.small_package,
      mediumPackage: m.medium_package,
      largePackage: m.large_package,
      stockStatus: m.stock_status,
    }));
  const addedAt = new Map(rows.map((r) => [r.productId, r.createdAt.toISOString()]));
  return summaries.map((p) => ({
    productCode: p.productCode,
    name: p.seoName || p.name,
    imageUrl: p.imageUrl,
    path: p.path,
    brandName: p.brandName,
    familyTitle: p.familyTitle,
    familyPath: familyPath(p.chapterSlug, p.familySlug),
    addedAt: addedAt.get(p.id) ?? '',
    models: modelsOf(p.productCode),
  }));
}

/**
 * Keeps a product as the viewer's favourite. Idempotent (the primary key and `on conflict do
 * nothing`, so two concurrent adds leave one row). Null when no active product has that code.
 * `tx`: a transaction to join (a use case that spans more writes); by default its own statements.
 */
export async function addFavourite(viewerId: string, productCode: string, tx?: DbOrTx): Promise<{ changed: boolean } | null> {
  const db = tx ?? (await getDb());
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.productCode, productCode), eq(products.active, true)))
    .limit(1);
  if (!product) return null;
  const inserted = await db
    .insert(favourites)
    .values({ userId: viewerId, productId: product.id })
    .onConflictDoNothing()
    .returning({ productId: favourites.productId });
  return { changed: inserted.length > 0 };
}

/** Removes a product from the viewer's favourites (and only the viewer's). Idempotent. */
export async function removeFavourite(viewerId: string, productCode: string, tx?: DbOrTx): Promise<{ changed: boolean }> {
  const db = tx ?? (await getDb());
  const removed = await db
    .delete(favourites)
    .where(
      and(
        eq(favourites.userId, viewerId),
        inArray(favourites.productId, db.select({ id: products.id }).from(products).where(eq(products.productCode, productCode))),
      ),
    )
    .returning({ productId: favourites.productId });
  return { changed: removed.length > 0 };
}
