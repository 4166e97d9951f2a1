import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { allowsQuantity, MAX_PACKAGES, MIN_PACKAGES, packageLabel, packageSizes, quantityRule, roundDownPackages, type QuantityRule } from '@/lib/cart/packages';
import type { CartItem, MergeAdjustment } from '@/lib/cart/types';
import type { MessageKey, MessageValues } from '@/lib/errors';
import { imageUrl } from '@/lib/catalogue/media';
import { productShortPath } from '@/lib/catalogue/urls';
import { AppError } from '@/server/errors';
import { onCacheInvalidation } from '@/server/cache/invalidate';
import { cacheTags } from '@/server/cache/tags';
import { getDb, type Db, type DbOrTx } from '@/server/db/client';
import { cartItems, carts, inventoryProducts, products } from '@/server/db/schema';
import { serverTranslator } from '@/server/i18n';
import { euros2, euros4, lineTotals, toTenThousandths } from '@/server/pricing/money';
import { getPriceFacts, getPricingCustomer, unitPriceOf, type ModelPriceFacts } from '@/server/pricing';

/**
 * Carts (spec 4 "Cart lifecycle", spec 7 "Cart"). Ownership lives in the queries: a
 * customer's cart answers only to that customer (`user_id = $viewer`); a guest cart is a
 * capability (128 random bits) and answers to whoever holds its id, until it is merged. An id
 * that names nothing and an id that belongs to someone else get the same 404.
 *
 * The server prices every line for its customer (never what the client sends) and re-prices
 * the lines whenever it reads them: a line whose price changed keeps the old one as
 * `previous_unit_price` so the cart can say so. Guest carts hold no prices.
 */

const text = serverTranslator('CartApi');

/** Who is calling: a signed-in customer (their id) or a guest (null). */
export type CartCaller = { userId: string } | null;

export function newCartId(): string {
  return randomBytes(16).toString('base64url');
}

/** Well-formed cart and item ids (22 base64url characters); anything else names nothing. */
export const CART_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

function notFound(): AppError {
  return new AppError({ code: 'not_found', key: 'CartApi.cartNotFound' });
}

function itemNotFound(): AppError {
  return new AppError({ code: 'not_found', key: 'CartApi.itemNotFound' });
}

/** The caller's condition on `carts`: their own cart, or a guest cart for a guest. */
function ownedBy(caller: CartCaller) {
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

async function requireCart(cartId: string, caller: CartCaller, db?: DbOrTx) {
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

interface LineInput {
  modelId: number;
  packageType: string;
  itemsPerPackage: number;
  packages: number;
}

/**
 * Adds packages to the cart's line of that model and package size, creating it when new, as one
 * statement (unique key + upsert), so two concurrent adds end in one line with the sum. A sum
 * beyond the maximum, or one the model's pack rule does not allow (a line added before staff
 * changed the rule), changes nothing (no row). The cart is checked to answer to the caller and
 * touched in the same statement (a CTE): `cartFound` tells a 404 from a refused sum. `price` is
 * the customer's unit price (numeric text) to store; undefined leaves the price columns alone.
 */
async function upsertStatement(
  db: DbOrTx,
  cartId: string,
  line: LineInput,
  rule: QuantityRule,
  price: string | null | undefined,
  caller: CartCaller,
): Promise<{ cartFound: boolean; rows: { id: string; packages: number }[] }> {
  const id = newCartId();
  const sum = sql`(cart_items.quantity_of_packages + excluded.quantity_of_packages)`;
  const priced = price !== undefined;
  const columns = sql`id, cart_id, model_id, selected_package_type, items_per_package, quantity_of_packages${priced ? sql`, unit_price_at_purchase, priced_at` : sql``}`;
  const values = sql`${id}, c.id, ${line.modelId}, ${line.packageType}, ${line.itemsPerPackage}, ${line.packages}${priced ? sql`, ${price}::numeric, now()` : sql``}`;
  const ownerSql = caller ? sql`user_id = ${caller.userId}` : sql`user_id is null`;
  const units = sql`${sum} * ${line.itemsPerPackage}`;
  const upsert = sql`
    insert into cart_items (${columns})
    select ${values} from c
    on conflict (cart_id, model_id, items_per_package) do update
      set quantity_of_packages = ${sum}, selected_package_type = excluded.selected_package_type, updated_at = now()
      ${
        priced
          ? sql`, unit_price_at_purchase = excluded.unit_price_at_purchase, priced_at = now(),
               previous_unit_price = case
                 when cart_items.unit_price_at_purchase is not null and cart_items.unit_price_at_purchase is distinct from excluded.unit_price_at_purchase
                 then cart_items.unit_price_at_purchase else cart_items.previous_unit_price end`
          : sql``
      }
      where ${sum} <= ${MAX_PACKAGES} and ${units} >= ${rule.minimum} and mod(${units}, ${rule.increment}) = 0
    returning id, quantity_of_packages`;
  const statement = sql`
    with c as (
      update carts set updated_at = now()
      where id = ${cartId} and status = 'active' and ${ownerSql}
      returning id
    ), ins as (${upsert})
    select (select count(*) from c)::int as cart_found, ins.id, ins.quantity_of_packages
    from (select 1) as one left join ins on true`;
  const result = await db.execute(statement);
  const raw = (result as unknown as { rows: { id: string | null; quantity_of_packages: number | null; cart_found: number }[] }).rows;
  const rows = raw.filter((r) => r.id !== null).map((r) => ({ id: r.id!, packages: Number(r.quantity_of_packages) }));
  return { cartFound: Number(raw[0]?.cart_found ?? 0) > 0, rows };
}

/** The facts of a model the cart needs before adding it (active model of an active product). */
interface ModelFacts {
  id: number;
  code: string;
  packages: number[];
  rule: QuantityRule;
}

const MODEL_MEMO = Symbol.for('cag.cart.models');

interface ModelMemo {
  facts: Map<number, ModelFacts | null>;
  /** Bumped by every invalidation: a read that straddles one does not keep its result. */
  generation: number;
}

/** Model facts by id, kept until the catalogue changes (catalogue data, the same for everyone). */
function modelMemo(): ModelMemo {
  const g = globalThis as { [MODEL_MEMO]?: ModelMemo };
  if (!g[MODEL_MEMO]) {
    const memo: ModelMemo = { facts: new Map(), generation: 0 };
    g[MODEL_MEMO] = memo;
    onCacheInvalidation((tags) => {
      if (tags.includes(cacheTags.catalogue) || tags.some((t) => t.startsWith('product:'))) {
        memo.facts.clear();
        memo.generation++;
      }
    });
  }
  return g[MODEL_MEMO];
}

async function activeModel(db: DbOrTx, modelId: number): Promise<ModelFacts | null> {
  const memo = modelMemo();
  if (memo.facts.has(modelId)) return memo.facts.get(modelId) ?? null;
  const generation = memo.generation;
  const facts = await readActiveModel(db, modelId);
  if (memo.generation === generation) {
    if (memo.facts.size > 100_000) memo.facts.clear();
    memo.facts.set(modelId, facts);
  }
  return facts;
}

/** A model's code, package sizes and pack rule: what adds, updates and orders check. */
const MODEL_RULE_COLUMNS = {
  id: inventoryProducts.id,
  code: inventoryProducts.code,
  small: inventoryProducts.smallPackage,
  medium: inventoryProducts.mediumPackage,
  large: inventoryProducts.largePackage,
  salesMinimum: inventoryProducts.salesMinimum,
  salesIncrement: inventoryProducts.salesIncrement,
};

async function readActiveModel(db: DbOrTx, modelId: number): Promise<ModelFacts | null> {
  const [row] = await db
    .select(MODEL_RULE_COLUMNS)
    .from(inventoryProducts)
    .innerJoin(products, eq(products.id, inventoryProducts.productId))
    .where(and(eq(inventoryProducts.id, modelId), eq(inventoryProducts.productStatus, 'active'), eq(products.active, true)));
  if (!row) return null;
  return {
    id: row.id,
    code: row.code,
    packages: packageSizes({ small_package: row.small, medium_package: row.medium, large_package: row.large }),
    rule: quantityRule({ sales_minimum: row.salesMinimum, sales_increment: row.salesIncrement }),
  };
}

/** The 400 of a quantity the model does not allow, with the allowed values. */
export function quantityError(rule: QuantityRule, itemsPerPackage: number): AppError {
  const packs = rule.increment > 1 || rule.minimum > 1;
  const key = packs ? 'CartApi.packMultiple' : 'CartApi.quantityRange';
  return new AppError({
    code: 'bad_request',
    key,
    ...(packs ? { values: { increment: rule.increment, minimum: rule.minimum } } : {}),
    fieldErrors: { quantity_of_packages: [key] },
    details: {
      allowed: [`minimum=${rule.minimum}`, `increment=${rule.increment}`, `items_per_package=${itemsPerPackage}`],
    },
  });
}

/** The 400 of a count of packages outside 1 to the maximum. */
function quantityRangeError(): AppError {
  return new AppError({ code: 'bad_request', key: 'CartApi.quantityRange', fieldErrors: { quantity_of_packages: ['CartApi.quantityRange'] } });
}

/** `9999` → `9 999` (the pt-PT grouping the shop's texts use for quantities). */
export function groupedQuantity(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

/**
 * The 400 of an add that would take a line past the maximum of packages: how many the line has,
 * and how many can still be added (the largest count the pack rule allows within the maximum),
 * also in `details.allowed` (`max_add=N`).
 */
export function lineMaximumError(rule: QuantityRule, itemsPerPackage: number, current: number, requested: number): AppError {
  let remaining = MAX_PACKAGES - current;
  while (remaining > 0 && !allowsQuantity(rule, current + remaining, itemsPerPackage)) remaining--;
  const key = remaining > 0 ? 'CartApi.lineMaximum' : 'CartApi.lineMaximumFull';
  const values: MessageValues =
    remaining > 0
      ? { current: groupedQuantity(current), max: groupedQuantity(MAX_PACKAGES), requested: groupedQuantity(requested), remaining: groupedQuantity(remaining) }
      : { max: groupedQuantity(MAX_PACKAGES) };
  return new AppError({
    code: 'bad_request',
    key,
    values,
    fieldErrors: { quantity_of_packages: [key] },
    details: { allowed: [`max_add=${remaining}`, `in_cart=${current}`, `maximum=${MAX_PACKAGES}`] },
  });
}

/** The 400 of a package size the model does not have, with the sizes it has. */
function packageError(packages: readonly number[]): AppError {
  return new AppError({
    code: 'bad_request',
    key: 'CartApi.packageUnknown',
    fieldErrors: { items_per_package: ['CartApi.packageUnknown'] },
    details: { allowed: ['1', ...packages.map(String)] },
  });
}

/** What a line check needs of a model: its package sizes and its pack rule. */
export interface LineRuleFacts {
  packages: readonly number[];
  rule: QuantityRule;
}

/**
 * Why `packages` packages of `itemsPerPackage` units break the model's rules today (the 400 the
 * cart answers), or null when the line keeps them: a package size the model has (the unit always),
 * a whole count of packages from 1 to the maximum, and units its pack rule allows.
 */
export function lineRuleError(model: LineRuleFacts, itemsPerPackage: number, packages: number): AppError | null {
  if (itemsPerPackage !== 1 && !model.packages.includes(itemsPerPackage)) return packageError(model.packages);
  if (!Number.isInteger(packages) || packages < MIN_PACKAGES || packages > MAX_PACKAGES) return quantityRangeError();
  if (!allowsQuantity(model.rule, packages, itemsPerPackage)) return quantityError(model.rule, itemsPerPackage);
  return null;
}

/** The package sizes and pack rules of models by id, read now (whatever their status). */
export async function modelRules(db: DbOrTx, modelIds: readonly number[]): Promise<Map<number, LineRuleFacts & { code: string }>> {
  const ids = [...new Set(modelIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(MODEL_RULE_COLUMNS)
    .from(inventoryProducts)
    .where(inArray(inventoryProducts.id, ids));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        code: r.code,
        packages: packageSizes({ small_package: r.small, medium_package: r.medium, large_package: r.large }),
        rule: quantityRule({ sales_minimum: r.salesMinimum, sales_increment: r.salesIncrement }),
      },
    ]),
  );
}

/**
 * A line as a client asks for it: the model, which of its packages (`itemsPerPackage`, one of
 * the model's sizes; the unit when absent) and how many. The package's label is not part of it:
 * the server names the package from the model's data (`packageLabel`), whatever label a client
 * sends.
 */
export interface AddItemInput {
  modelId: number;
  itemsPerPackage?: number;
  packages: number;
}

/** Checks a line's model, package and quantity; the normalised line (with the server's package label) and the model's rule, or an AppError. */
export async function checkedLine(db: DbOrTx, input: AddItemInput): Promise<LineInput & { code: string; rule: QuantityRule }> {
  const model = await activeModel(db, input.modelId);
  if (!model) throw new AppError({ code: 'not_found', key: 'CartApi.modelNotFound' });
  const per = input.itemsPerPackage ?? 1;
  const refused = lineRuleError(model, per, input.packages);
  if (refused) throw refused;
  return { modelId: model.id, code: model.code, packageType: packageLabel(per), itemsPerPackage: per, packages: input.packages, rule: model.rule };
}

/** `POST /api/cart/{cartId}/items`: adds a line (or packages to an existing one) and prices it. */
export async function addCartItem(
  cartId: string,
  caller: CartCaller,
  input: AddItemInput,
  options: { reprice?: boolean } = {},
): Promise<{ itemId: string; packages: number }> {
  const db = await getDb();
  if (!CART_ID_PATTERN.test(cartId)) throw notFound();
  const line = await checkedLine(db, input);
  // The line is priced for its customer now (the rest of the cart is re-priced when it is read).
  let price: string | null | undefined;
  if (caller && options.reprice !== false) {
    const { facts } = await getPriceFacts(await getPricingCustomer(caller.userId), [line.code]);
    const f = facts.get(line.code);
    price = f ? (unitPriceOf(f) / 10_000).toFixed(4) : null;
  }
  // One statement: the cart answers to the caller (and is touched), then the line is upserted.
  const { cartFound, rows } = await upsertStatement(db, cartId, line, line.rule, price, caller);
  if (!cartFound) throw notFound();
  const row = rows[0];
  if (!row) {
    // The sum with the line already there: past the maximum, or not allowed by the rule (the
    // line was added before staff changed it).
    const [existing] = await db
      .select({ packages: cartItems.quantityOfPackages })
      .from(cartItems)
      .where(and(eq(cartItems.cartId, cartId), eq(cartItems.modelId, line.modelId), eq(cartItems.itemsPerPackage, line.itemsPerPackage)));
    const current = existing?.packages ?? 0;
    const sum = current + line.packages;
    if (sum > MAX_PACKAGES) throw lineMaximumError(line.rule, line.itemsPerPackage, current, line.packages);
    throw lineRuleError({ packages: [line.itemsPerPackage], rule: line.rule }, line.itemsPerPackage, sum) ?? quantityRangeError();
  }
  return { itemId: row.id, packages: row.packages };
}

/** The item `itemId` if its cart answers to `caller`. */
async function findItem(db: DbOrTx, itemId: string, caller: CartCaller) {
  if (!CART_ID_PATTERN.test(itemId)) return null;
  const [row] = await db
    .select({ id: cartItems.id, cartId: cartItems.cartId, modelId: cartItems.modelId, per: cartItems.itemsPerPackage })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(and(eq(cartItems.id, itemId), eq(carts.status, 'active'), ownedBy(caller)));
  return row ?? null;
}

/** The caller's condition on `carts` as SQL (for the one-statement writes below). */
function ownerSql(caller: CartCaller) {
  return caller ? sql`carts.user_id = ${caller.userId}` : sql`carts.user_id is null`;
}

/**
 * A write to the lines of a cart in one statement that first takes the cart's row (an UPDATE of
 * the active cart that answers to the caller): a placement or a merge holding that row makes the
 * write wait, and once the cart is ordered or merged the write finds nothing (404) instead of
 * being confirmed and lost.
 */
async function writeInOwnedCart(db: DbOrTx, cartCondition: ReturnType<typeof sql>, caller: CartCaller, write: ReturnType<typeof sql>): Promise<number> {
  const result = await db.execute(sql`
    with c as (
      update carts set updated_at = now()
      where ${cartCondition} and carts.status = 'active' and ${ownerSql(caller)}
      returning carts.id
    ), w as (${write})
    select (select count(*) from c)::int as carts, (select count(*) from w)::int as lines`);
  const row = (result as unknown as { rows: { carts: number; lines: number }[] }).rows[0];
  return Number(row?.carts ?? 0) > 0 ? Number(row?.lines ?? 0) : -1;
}

/**
 * `PUT /api/cart/items/{itemId}`: a new package count (below 1 the client removes the line),
 * checked like an add: the model's package and pack rule. A line of a model no longer sold
 * (inactive model or product) cannot be given a new quantity at all (409): it can only stay as
 * it is (checkout names it) or be removed.
 */
export async function updateCartItem(itemId: string, caller: CartCaller, packages: number): Promise<void> {
  const db = await getDb();
  const item = await findItem(db, itemId, caller);
  if (!item) throw itemNotFound();
  const model = await activeModel(db, item.modelId);
  if (!model) throw new AppError({ code: 'conflict', key: 'CartApi.lineUnavailable', fieldErrors: { quantity_of_packages: ['CartApi.lineUnavailable'] } });
  const refused = lineRuleError(model, item.per, packages);
  if (refused) throw refused;
  const changed = await writeInOwnedCart(
    db,
    sql`carts.id = ${item.cartId}`,
    caller,
    sql`update cart_items set quantity_of_packages = ${packages}, updated_at = now() from c where cart_items.id = ${item.id} and cart_items.cart_id = c.id returning cart_items.id`,
  );
  if (changed < 1) throw itemNotFound();
}

/** `DELETE /api/cart/items/{itemId}`. */
export async function removeCartItem(itemId: string, caller: CartCaller): Promise<void> {
  const db = await getDb();
  const item = await findItem(db, itemId, caller);
  if (!item) throw itemNotFound();
  const removed = await writeInOwnedCart(
    db,
    sql`carts.id = ${item.cartId}`,
    caller,
    sql`delete from cart_items using c where cart_items.id = ${item.id} and cart_items.cart_id = c.id returning cart_items.id`,
  );
  if (removed < 1) throw itemNotFound();
}

/** `DELETE /api/cart/{cartId}/empty`. */
export async function emptyCart(cartId: string, caller: CartCaller): Promise<void> {
  if (!CART_ID_PATTERN.test(cartId)) throw notFound();
  const db = await getDb();
  const result = await writeInOwnedCart(
    db,
    sql`carts.id = ${cartId}`,
    caller,
    sql`delete from cart_items using c where cart_items.cart_id = c.id returning cart_items.id`,
  );
  if (result < 0) throw notFound();
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

/** `GET /api/cart/{cartId}/items`: the lines, priced for a customer, without prices for a guest. */
export async function listCartItems(cartId: string, caller: CartCaller): Promise<CartItem[]> {
  const db = await getDb();
  const cart = await requireCart(cartId, caller, db);
  const rows = await db
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
    .where(eq(cartItems.cartId, cart.id))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
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

/** Lines a caller may add at once (quick order). */
export const QUICK_ORDER_MAX_LINES = 500;

