import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { packageLabel, quantityRule, roundDownPackages } from '@/lib/cart/packages';
import type { MergeAdjustment } from '@/lib/cart/types';
import type { MessageKey, MessageValues } from '@/lib/errors';
import { AppError } from '@/server/errors';
import { getDb, type DbOrTx } from '@/server/db/client';
import { cartItems, carts, inventoryProducts } from '@/server/db/schema';
import { serverTranslator } from '@/server/i18n';
import { repriceCart } from './read';

/**
 * Which cart a caller has, and the merge of a guest cart into a customer's. Ownership lives in
 * the queries: a customer's cart answers only to that customer (`user_id = $viewer`); a guest
 * cart is a capability (128 random bits) and answers to whoever holds its id, until it is merged.
 * An id that names nothing and an id that belongs to someone else get the same 404.
 */

const text = serverTranslator('CartApi');

/** Who is calling: a signed-in customer (their id) or a guest (null). */
export type CartCaller = { userId: string } | null;

export function newCartId(): string {
  return randomBytes(16).toString('base64url');
}

/** Well-formed cart and item ids (22 base64url characters); anything else names nothing. */
export const CART_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function notFound(): AppError {
  return new AppError({ code: 'not_found', key: 'CartApi.cartNotFound' });
}

/** The caller's condition on `carts`: their own cart, or a guest cart for a guest. */
export function ownedBy(caller: CartCaller) {
  return caller ? eq(carts.userId, caller.userId) : isNull(carts.userId);
}

/** The active cart `cartId` if it answers to `caller`, else null. */
export async function findCart(cartId: string, caller: CartCaller, db?: DbOrTx): Promise<{ id: string; userId: string | null } | null> {
  if (!CART_ID_PATTERN.test(cartId)) return null;
  const conn = db ?? (await getDb());
  const [row] = await conn
    .select({ id: carts.id, userId: carts.userId })
    .from(carts)
    .where(and(eq(carts.id, cartId), eq(carts.status, 'active'), ownedBy(caller)));
  return row ?? null;
}

export async function requireCart(cartId: string, caller: CartCaller, db?: DbOrTx) {
  const cart = await findCart(cartId, caller, db);
  if (!cart) throw notFound();
  return cart;
}

export async function createGuestCart(db?: DbOrTx): Promise<string> {
  const conn = db ?? (await getDb());
  const id = newCartId();
  await conn.insert(carts).values({ id, userId: null });
  return id;
}

/** The customer's active cart, created when they have none (safe under concurrent calls). */
export async function getOrCreateUserCart(userId: string, db?: DbOrTx): Promise<string> {
  const conn = db ?? (await getDb());
  const active = () => conn.select({ id: carts.id }).from(carts).where(and(eq(carts.userId, userId), eq(carts.status, 'active')));
  // Most calls find the cart; a new one is inserted only when there is none (a concurrent
  // insert of another call is absorbed by the partial unique index).
  const [found] = await active();
  if (found) return found.id;
  await conn.execute(sql`
    insert into carts (id, user_id, status) values (${newCartId()}, ${userId}, 'active')
    on conflict (user_id) where status = 'active' and user_id is not null do nothing`);
  const [row] = await active();
  if (!row) throw new Error('cart not created');
  return row.id;
}

/**
 * `POST /api/cart`: the cart the caller should use. A guest gets their guest cart back while it
 * still answers, else a new one. A customer gets their own cart; a guest cart id they send is
 * merged into it (spec 4: after login the guest cart joins the customer's), and `adjusted` lists
 * the lines whose merged quantity the pack rules changed.
 */
export async function resolveCart(caller: CartCaller, guestCartId: string | undefined): Promise<{ cartId: string } & MergeResult> {
  if (!caller) {
    if (guestCartId) {
      const cart = await findCart(guestCartId, null);
      if (cart) return { cartId: cart.id, merged: false, adjusted: [] };
    }
    return { cartId: await createGuestCart(), merged: false, adjusted: [] };
  }
  const cartId = await getOrCreateUserCart(caller.userId);
  if (guestCartId && guestCartId !== cartId) return { cartId, ...(await mergeGuestCart(caller.userId, guestCartId, cartId)) };
  return { cartId, merged: false, adjusted: [] };
}

export interface MergeResult {
  /** False when the guest cart did not answer (unknown, already merged, or a customer's). */
  merged: boolean;
  /** The lines whose merged quantity is not the plain sum (pack rule or maximum), in the guest cart's order. */
  adjusted: MergeAdjustment[];
}

/**
 * Merges the guest cart into the customer's cart in one transaction: same model and package →
 * quantities add; the guest cart is marked merged and stops answering. A merged line gets an
 * allowed quantity: the largest one, within the maximum of packages, that the model's pack rule
 * (checked today, whatever the model's status) allows at or below the sum. When there is none,
 * the guest's packages are not added and the customer's own line is left as it was. Every line
 * whose result is not the sum is reported in `adjusted`, so the customer is told.
 */
export async function mergeGuestCart(userId: string, guestCartId: string, userCartId: string): Promise<MergeResult> {
  if (!CART_ID_PATTERN.test(guestCartId) || !CART_ID_PATTERN.test(userCartId)) return { merged: false, adjusted: [] };
  const db = await getDb();
  const result = await db.transaction(async (tx): Promise<MergeResult> => {
    // Both carts' rows: a concurrent write to either cart (they all touch the cart row first) waits.
    const locked = await tx.execute(sql`
      select id, user_id, status from carts where id in (${guestCartId}, ${userCartId}) order by id for update`);
    const rows = (locked as unknown as { rows: { id: string; user_id: string | null; status: string }[] }).rows;
    const guest = rows.find((r) => r.id === guestCartId);
    const mine = rows.find((r) => r.id === userCartId);
    if (!guest || guest.user_id !== null || guest.status !== 'active') return { merged: false, adjusted: [] };
    if (!mine || mine.user_id !== userId || mine.status !== 'active') throw notFound();
    const lines = await tx
      .select({
        modelId: cartItems.modelId,
        per: cartItems.itemsPerPackage,
        qty: cartItems.quantityOfPackages,
        code: inventoryProducts.code,
        salesMinimum: inventoryProducts.salesMinimum,
        salesIncrement: inventoryProducts.salesIncrement,
      })
      .from(cartItems)
      .innerJoin(inventoryProducts, eq(inventoryProducts.id, cartItems.modelId))
      .where(eq(cartItems.cartId, guestCartId))
      .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
    const own = await tx
      .select({ id: cartItems.id, modelId: cartItems.modelId, per: cartItems.itemsPerPackage, qty: cartItems.quantityOfPackages })
      .from(cartItems)
      .where(eq(cartItems.cartId, userCartId));
    const ownByKey = new Map(own.map((l) => [`${l.modelId}:${l.per}`, l]));
    const adjusted: MergeAdjustment[] = [];
    for (const line of lines) {
      const current = ownByKey.get(`${line.modelId}:${line.per}`);
      const requested = (current?.qty ?? 0) + line.qty;
      const rule = quantityRule({ sales_minimum: line.salesMinimum, sales_increment: line.salesIncrement });
      const allowed = roundDownPackages(rule, requested, line.per);
      if (allowed !== requested) {
        adjusted.push({ model_code: line.code, items_per_package: line.per, requested, quantity_of_packages: allowed ?? current?.qty ?? 0 });
      }
      if (allowed === null) continue;
      if (current) {
        await tx
          .update(cartItems)
          .set({ quantityOfPackages: allowed, selectedPackageType: packageLabel(line.per), updatedAt: new Date() })
          .where(eq(cartItems.id, current.id));
      } else {
        await tx.insert(cartItems).values({
          id: newCartId(),
          cartId: userCartId,
          modelId: line.modelId,
          selectedPackageType: packageLabel(line.per),
          itemsPerPackage: line.per,
          quantityOfPackages: allowed,
        });
      }
    }
    await tx.update(carts).set({ status: 'merged', mergedInto: userCartId, updatedAt: new Date() }).where(eq(carts.id, guestCartId));
    await tx.delete(cartItems).where(eq(cartItems.cartId, guestCartId));
    return { merged: true, adjusted };
  });
  if (result.merged) await repriceCart(userCartId, { userId });
  return result;
}

/** `POST /api/cart/merge`: the guest cart into the caller's own cart (with the lines the pack rules adjusted). */
export async function mergeCarts(userId: string, guestCartId: string, userCartId: string): Promise<MergeResult> {
  const mine = await findCart(userCartId, { userId });
  if (!mine) throw notFound();
  const result = await mergeGuestCart(userId, guestCartId, userCartId);
  if (!result.merged) throw new AppError({ code: 'not_found', key: 'CartApi.guestCartNotFound' });
  return result;
}

/** The API's message of a merge: what joined the cart, and which lines the pack rules adjusted. */
export function mergeMessage(adjusted: readonly MergeAdjustment[]): { key: MessageKey; values?: MessageValues } {
  if (adjusted.length === 0) return { key: 'CartApi.mergedMessage' };
  const lines = adjusted
    .map((a) =>
      a.quantity_of_packages === 0
        ? text('mergedLineLeftOut', { code: a.model_code, package: packageLabel(a.items_per_package), requested: a.requested })
        : text('mergedLineAdjusted', { code: a.model_code, package: packageLabel(a.items_per_package), requested: a.requested, packages: a.quantity_of_packages }),
    )
    .join('; ');
  return { key: 'CartApi.mergedAdjusted', values: { lines } };
}
