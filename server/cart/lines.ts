import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { MAX_PACKAGES, type QuantityRule } from '@/lib/cart/packages';
import { AppError } from '@/server/errors';
import { getDb, type DbOrTx } from '@/server/db/client';
import { cartItems, carts } from '@/server/db/schema';
import { getPriceFacts, getPricingCustomer, unitPriceOf } from '@/server/pricing';
import { type CartCaller, newCartId, CART_ID_PATTERN, notFound, ownedBy } from './identity';
import { type LineInput, activeModel, quantityRangeError, lineMaximumError, lineRuleError, type AddItemInput, checkedLine } from './rules';

/** The writes of a cart's lines: add (same model and package → the quantities add), change, remove, empty; each only in a cart the caller owns. */

function itemNotFound(): AppError {
  return new AppError({ code: 'not_found', key: 'CartApi.itemNotFound' });
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
