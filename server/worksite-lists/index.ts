import 'server-only';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { MAX_PACKAGES, packageLabel, quantityRule } from '@/lib/cart/packages';
import type { StockStatus } from '@/lib/catalogue/types';
import { productShortPath } from '@/lib/catalogue/urls';
import { isDbId } from '@/lib/validation/ids';
import type { AddJobListLinesBody, JobListLineInput } from '@/lib/validation/job-lists';
import { AppError } from '@/server/errors';
import { addCartItem } from '@/server/cart/lines';
import { checkedLine, type AddItemInput } from '@/server/cart/rules';
import { findCart, getOrCreateUserCart } from '@/server/cart/identity';
import { repriceCart } from '@/server/cart/read';
import { getDb, type DbOrTx } from '@/server/db/client';
import { cartItems, inventoryProducts, jobListLines, jobLists, products } from '@/server/db/schema';
import { serverTranslator } from '@/server/i18n';
import { addTax, lineTotals } from '@/server/pricing/money';
import { getPriceFacts, getPricingCustomer, unitPriceOf, type ModelPriceFacts } from '@/server/pricing';

/**
 * Job lists ("obras"): a customer's named lists of models per job site. Every signed-in
 * customer may keep them (a private customer renovating a house plans by room as an installer
 * plans by site); the prices shown and exported are the owner's own.
 *
 * Ownership lives in the query (server/favourites' style): every read and write names
 * `job_lists.user_id = $viewer`, so another customer's list — or a line of it — is "not found",
 * exactly like an id that does not exist. Lines follow the cart's rules (server/cart
 * `checkedLine`: an active model, a package it is sold in, whole packages within the model's
 * sales minimum and increment); one line per model and package size, adding again sums.
 */

const text = serverTranslator('JobLists');

export const MAX_LISTS_PER_USER = 100;
export const MAX_LINES_PER_LIST = 500;

export interface JobListSummary {
  id: number;
  name: string;
  line_count: number;
  created_at: string;
  updated_at: string;
}

export interface JobListLine {
  id: number;
  /** The model (`inventory_products.id`): what the cart calls take as `product_id`. */
  product_id: number;
  code: string;
  name: string;
  product_name: string;
  product_code: string;
  url: string;
  size: string | null;
  selected_package_type: string;
  items_per_package: number;
  quantity_of_packages: number;
  units: number;
  sales_minimum: number;
  sales_increment: number;
  stock_status: StockStatus;
  /** False when the model or its product is no longer sold. */
  available: boolean;
}

export interface JobList extends JobListSummary {
  lines: JobListLine[];
}

export interface ToCartResult {
  cart_id: string;
  added: { line_id: number; model_code: string; item_id: string; quantity_of_packages: number }[];
  unavailable: { line_id: number; model_code: string; model_name: string; reason: string }[];
}

export function listNotFound(): AppError {
  return new AppError({ code: 'not_found', key: 'JobLists.listNotFound' });
}

function lineNotFound(): AppError {
  return new AppError({ code: 'not_found', key: 'JobLists.lineNotFound' });
}

/** The list `listId` if it belongs to `userId` (locked when `forUpdate`), else null. */
async function ownedList(db: DbOrTx, userId: string, listId: number, forUpdate = false): Promise<{ id: number; name: string } | null> {
  const query = db
    .select({ id: jobLists.id, name: jobLists.name })
    .from(jobLists)
    .where(and(eq(jobLists.id, listId), eq(jobLists.userId, userId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

async function requireList(db: DbOrTx, userId: string, listId: number, forUpdate = false) {
  const list = await ownedList(db, userId, listId, forUpdate);
  if (!list) throw listNotFound();
  return list;
}

/** The caller's lists, most recently changed first, with their line counts. */
export async function listJobLists(userId: string): Promise<JobListSummary[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: jobLists.id,
      name: jobLists.name,
      createdAt: jobLists.createdAt,
      updatedAt: jobLists.updatedAt,
      // Qualified by hand: in a one-table select Drizzle writes `"id"`, which inside the subquery
      // would name the line's own id.
      lineCount: sql<number>`(select count(*) from job_list_lines l where l.list_id = "job_lists"."id")::int`,
    })
    .from(jobLists)
    .where(eq(jobLists.userId, userId))
    .orderBy(desc(jobLists.updatedAt), desc(jobLists.id));
  return rows.map((r) => ({ id: r.id, name: r.name, line_count: Number(r.lineCount), created_at: r.createdAt.toISOString(), updated_at: r.updatedAt.toISOString() }));
}

/** Creates a list (at most MAX_LISTS_PER_USER per customer); with `cartId`, the caller's cart lines are copied into it. */
export async function createJobList(userId: string, name: string, options: { cartId?: string | null } = {}): Promise<JobListSummary & { lines_added: number }> {
  const db = await getDb();
  const created = await db.transaction(async (tx) => {
    // Counting under the user's row lock keeps two concurrent creations within the limit.
    await tx.execute(sql`select 1 from users where id = ${userId} for update`);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(jobLists).where(eq(jobLists.userId, userId));
    if (Number(n) >= MAX_LISTS_PER_USER) throw new AppError({ code: 'conflict', key: 'JobLists.tooManyLists', values: { max: MAX_LISTS_PER_USER } });
    const [row] = await tx.insert(jobLists).values({ userId, name }).returning();
    return row!;
  });
  let added = 0;
  if (options.cartId) {
    try {
      added = (await addCartToJobList(userId, created.id, options.cartId)).added;
    } catch (err) {
      // Nothing half-done: a list made only to hold the cart goes when the cart cannot fill it.
      await db.delete(jobLists).where(and(eq(jobLists.id, created.id), eq(jobLists.userId, userId)));
      throw err;
    }
  }
  return {
    id: created.id,
    name: created.name,
    line_count: added,
    lines_added: added,
    created_at: created.createdAt.toISOString(),
    updated_at: created.updatedAt.toISOString(),
  };
}

export async function renameJobList(userId: string, listId: number, name: string): Promise<JobListSummary> {
  const db = await getDb();
  const [row] = await db
    .update(jobLists)
    .set({ name, updatedAt: new Date() })
    .where(and(eq(jobLists.id, listId), eq(jobLists.userId, userId)))
    .returning();
  if (!row) throw listNotFound();
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(jobListLines).where(eq(jobListLines.listId, row.id));
  return { id: row.id, name: row.name, line_count: Number(n), created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString() };
}

export async function deleteJobList(userId: string, listId: number): Promise<void> {
  const db = await getDb();
  const removed = await db
    .delete(jobLists)
    .where(and(eq(jobLists.id, listId), eq(jobLists.userId, userId)))
    .returning({ id: jobLists.id });
  if (removed.length === 0) throw listNotFound();
}

/** One of the caller's lists with its lines (in the order they were added). */
export async function getJobList(userId: string, listId: number): Promise<JobList> {
  const db = await getDb();
  const [list] = await db
    .select({ id: jobLists.id, name: jobLists.name, createdAt: jobLists.createdAt, updatedAt: jobLists.updatedAt })
    .from(jobLists)
    .where(and(eq(jobLists.id, listId), eq(jobLists.userId, userId)));
  if (!list) throw listNotFound();
  const rows = await db
    .select({
      id: jobListLines.id,
      modelId: jobListLines.modelId,
      per: jobListLines.itemsPerPackage,
      packages: jobListLines.quantityOfPackages,
      code: inventoryProducts.code,
      name: inventoryProducts.name,
      size: inventoryProducts.size,
      status: inventoryProducts.productStatus,
      stock: inventoryProducts.stockStatus,
      salesMinimum: inventoryProducts.salesMinimum,
      salesIncrement: inventoryProducts.salesIncrement,
      productName: products.name,
      productCode: products.productCode,
      productActive: products.active,
    })
    .from(jobListLines)
    .innerJoin(inventoryProducts, eq(inventoryProducts.id, jobListLines.modelId))
    .innerJoin(products, eq(products.id, inventoryProducts.productId))
    .where(eq(jobListLines.listId, list.id))
    .orderBy(asc(jobListLines.createdAt), asc(jobListLines.id));
  return {
    id: list.id,
    name: list.name,
    line_count: rows.length,
    created_at: list.createdAt.toISOString(),
    updated_at: list.updatedAt.toISOString(),
    lines: rows.map((r) => {
      const rule = quantityRule({ sales_minimum: r.salesMinimum, sales_increment: r.salesIncrement });
      return {
        id: r.id,
        product_id: r.modelId,
        code: r.code,
        name: r.name,
        product_name: r.productName,
        product_code: r.productCode,
        url: productShortPath(r.productCode),
        size: r.size,
        // The shop's name of the package (a line saved before the server named packages may hold a client's).
        selected_package_type: packageLabel(r.per),
        items_per_package: r.per,
        quantity_of_packages: r.packages,
        units: r.packages * r.per,
        sales_minimum: rule.minimum,
        sales_increment: rule.increment,
        stock_status: r.stock as StockStatus,
        available: r.productActive && r.status === 'active',
      };
    }),
  };
}

/**
 * Adds lines to one of the caller's lists (one transaction: all or nothing). Each line is checked
 * like a cart line; a model already in the list in that package gets the packages added (refused
 * above 9,999, like the cart).
 */
export async function addJobListLines(userId: string, listId: number, inputs: readonly AddItemInput[]): Promise<{ added: number; line_ids: number[] }> {
  const db = await getDb();
  // Checked before the transaction (catalogue reads, memoised by the cart module).
  const checked: Awaited<ReturnType<typeof checkedLine>>[] = [];
  for (const input of inputs) checked.push(await checkedLine(db, input));
  return db.transaction(async (tx) => {
    await requireList(tx, userId, listId, true);
    const lineIds: number[] = [];
    for (const line of checked) {
      const sum = sql`job_list_lines.quantity_of_packages + excluded.quantity_of_packages`;
      const rows = await tx
        .insert(jobListLines)
        .values({ listId, modelId: line.modelId, selectedPackageType: line.packageType, itemsPerPackage: line.itemsPerPackage, quantityOfPackages: line.packages })
        .onConflictDoUpdate({
          target: [jobListLines.listId, jobListLines.modelId, jobListLines.itemsPerPackage],
          set: { quantityOfPackages: sum, updatedAt: sql`now()` },
          setWhere: sql`${sum} <= ${MAX_PACKAGES}`,
        })
        .returning({ id: jobListLines.id });
      const row = rows[0];
      if (!row) {
        throw new AppError({ code: 'bad_request', key: 'CartApi.quantityRange', fieldErrors: { quantity_of_packages: ['CartApi.quantityRange'] } });
      }
      lineIds.push(row.id);
    }
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(jobListLines).where(eq(jobListLines.listId, listId));
    if (Number(n) > MAX_LINES_PER_LIST) throw new AppError({ code: 'conflict', key: 'JobLists.tooManyLines', values: { max: MAX_LINES_PER_LIST } });
    await tx.update(jobLists).set({ updatedAt: new Date() }).where(eq(jobLists.id, listId));
    return { added: lineIds.length, line_ids: lineIds };
  });
}

/** The lines of the API body as the cart module's input. */
function lineInputs(lines: readonly JobListLineInput[]): AddItemInput[] {
  return lines.map((l) => ({ modelId: l.product_id, itemsPerPackage: l.items_per_package, packages: l.quantity_of_packages }));
}

/** The id of the active model with `code` (any case), or 404 with the code named. */
async function modelIdByCode(code: string): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ id: inventoryProducts.id })
    .from(inventoryProducts)
    .innerJoin(products, eq(products.id, inventoryProducts.productId))
    .where(and(sql`lower(${inventoryProducts.code}) = ${code.toLowerCase()}`, eq(inventoryProducts.productStatus, 'active'), eq(products.active, true)))
    .limit(1);
  if (!row) throw new AppError({ code: 'not_found', key: 'JobLists.codeNotFound', values: { code } });
  return row.id;
}

/** Copies the lines of the caller's active cart into one of their lists ("Guardar numa obra" from the cart). */
export async function addCartToJobList(userId: string, listId: number, cartId: string): Promise<{ added: number; line_ids: number[] }> {
  const db = await getDb();
  const cart = await findCart(cartId, { userId }, db);
  if (!cart) throw new AppError({ code: 'not_found', key: 'CartApi.cartNotFound' });
  const rows = await db
    .select({ modelId: cartItems.modelId, per: cartItems.itemsPerPackage, packages: cartItems.quantityOfPackages })
    .from(cartItems)
    .innerJoin(inventoryProducts, eq(inventoryProducts.id, cartItems.modelId))
    .innerJoin(products, eq(products.id, inventoryProducts.productId))
    .where(and(eq(cartItems.cartId, cart.id), eq(inventoryProducts.productStatus, 'active'), eq(products.active, true)))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  if (rows.length === 0) throw new AppError({ code: 'unprocessable', key: 'JobLists.cartEmpty' });
  return addJobListLines(
    userId,
    listId,
    rows.map((r) => ({ modelId: r.modelId, itemsPerPackage: r.per, packages: r.packages })),
  );
}

/** A line of one of the caller's lists, with its model's rule. */
async function ownedLine(db: DbOrTx, userId: string, listId: number, lineId: number) {
  const [row] = await db
    .select({ id: jobListLines.id, modelId: jobListLines.modelId, per: jobListLines.itemsPerPackage })
    .from(jobListLines)
    .innerJoin(jobLists, eq(jobLists.id, jobListLines.listId))
    .where(and(eq(jobListLines.id, lineId), eq(jobListLines.listId, listId), eq(jobLists.userId, userId)));
  return row ?? null;
}

/** A new package count for a line (checked against the model's sales minimum and increment). */
export async function updateJobListLine(userId: string, listId: number, lineId: number, packages: number): Promise<{ id: number; quantity_of_packages: number }> {
  const db = await getDb();
  const line = await ownedLine(db, userId, listId, lineId);
  if (!line) throw lineNotFound();
  // The same check as adding (an inactive model cannot be given a new quantity either).
  await checkedLine(db, { modelId: line.modelId, itemsPerPackage: line.per, packages });
  const updated = await db
    .update(jobListLines)
    .set({ quantityOfPackages: packages, updatedAt: new Date() })
    .where(and(eq(jobListLines.id, line.id), eq(jobListLines.listId, listId)))
    .returning({ id: jobListLines.id });
  if (updated.length === 0) throw lineNotFound();
  await db.update(jobLists).set({ updatedAt: new Date() }).where(and(eq(jobLists.id, listId), eq(jobLists.userId, userId)));
  return { id: line.id, quantity_of_packages: packages };
}

export async function removeJobListLine(userId: string, listId: number, lineId: number): Promise<void> {
  const db = await getDb();
  const removed = await db
    .delete(jobListLines)
    .where(
      and(
        eq(jobListLines.id, lineId),
        eq(jobListLines.listId, listId),
        inArray(jobListLines.listId, db.select({ id: jobLists.id }).from(jobLists).where(eq(jobLists.userId, userId))),
      ),
    )
    .returning({ id: jobListLines.id });
  if (removed.length === 0) throw lineNotFound();
  await db.update(jobLists).set({ updatedAt: new Date() }).where(and(eq(jobLists.id, listId), eq(jobLists.userId, userId)));
}

/**
 * `POST /api/job-lists/{id}/to-cart`: the list's lines (or the chosen ones) into the caller's cart
 * at today's prices (the cart prices every line itself); a model no longer sold, or no longer in
 * that package or quantity, is listed back and not added. The list is kept.
 */
export async function jobListToCart(userId: string, listId: number, lineIds?: readonly number[]): Promise<ToCartResult> {
  const list = await getJobList(userId, listId);
  const chosen = lineIds ? new Set(lineIds) : null;
  const lines = chosen ? list.lines.filter((l) => chosen.has(l.id)) : list.lines;
  if (chosen && lines.length !== chosen.size) throw lineNotFound();
  const db = await getDb();
  const cartId = await getOrCreateUserCart(userId, db);
  const result: ToCartResult = { cart_id: cartId, added: [], unavailable: [] };
  for (const line of lines) {
    if (!line.available) {
      result.unavailable.push({ line_id: line.id, model_code: line.code, model_name: line.name, reason: text('modelUnavailable') });
      continue;
    }
    try {
      const added = await addCartItem(
        cartId,
        { userId },
        { modelId: line.product_id, itemsPerPackage: line.items_per_package, packages: line.quantity_of_packages },
        { reprice: false },
      );
      result.added.push({ line_id: line.id, model_code: line.code, item_id: added.itemId, quantity_of_packages: added.packages });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      result.unavailable.push({ line_id: line.id, model_code: line.code, model_name: line.name, reason: err.message });
    }
  }
  if (result.added.length > 0) await repriceCart(cartId, { userId });
  return result;
}

/**
 * The hook for quotes ("turn a list into a quote request"): the list's available lines
 * in the shape of `POST /api/quotes` `{ lines: [{ product_id, quantity_of_packages,
 * items_per_package }] }`. No UI yet; the quotes module calls this with the viewer's id, so the
 * owner check is the same as everywhere here.
 */
export async function jobListQuoteLines(userId: string, listId: number): Promise<{ product_id: number; quantity_of_packages: number; items_per_package: number }[]> {
  const list = await getJobList(userId, listId);
  return list.lines
    .filter((l) => l.available)
    .map((l) => ({ product_id: l.product_id, quantity_of_packages: l.quantity_of_packages, items_per_package: l.items_per_package }));
}

/** A priced line of a list, for the page and the exports (the owner's own prices). */
export interface PricedJobListLine extends JobListLine {
  /** Net unit price after the owner's discount, euros (4 decimals); null when not sold. */
  unit_price: number | null;
  /** The same with IVA (4 decimals), what a private customer is shown. */
  unit_price_with_tax: number | null;
  discount_percentage: number | null;
  total: number | null;
  total_with_tax: number | null;
}

export interface PricedJobList extends JobListSummary {
  lines: PricedJobListLine[];
  /** Sum of the priced lines, euros without and with IVA. */
  total: number;
  total_with_tax: number;
}

/** One of the caller's lists priced for the caller today (server/pricing, the cart's rounding). */
export async function getPricedJobList(userId: string, listId: number): Promise<PricedJobList> {
  const list = await getJobList(userId, listId);
  const customer = await getPricingCustomer(userId);
  const { facts } = await getPriceFacts(customer, list.lines.filter((l) => l.available).map((l) => l.code));
  let net = 0;
  let gross = 0;
  const lines = list.lines.map((l): PricedJobListLine => {
    const f: ModelPriceFacts | undefined = l.available ? facts.get(l.code) : undefined;
    if (!f) return { ...l, unit_price: null, unit_price_with_tax: null, discount_percentage: null, total: null, total_with_tax: null };
    const unit = unitPriceOf(f);
    const { netCents, grossCents } = lineTotals(unit, l.units, f.taxRate);
    net += netCents;
    gross += grossCents;
    return { ...l, unit_price: unit / 10_000, unit_price_with_tax: addTax(unit, f.taxRate) / 10_000, discount_percentage: f.discount / 100, total: netCents / 100, total_with_tax: grossCents / 100 };
  });
  return { ...list, lines, total: net / 100, total_with_tax: gross / 100 };
}

/** `{id}` of the routes as a row id; a string that cannot be one names nothing (404, like an unknown id). */
export function jobListId(id: string): number {
  if (!isDbId(id)) throw listNotFound();
  return Number(id);
}

export function jobListLineId(id: string): number {
  if (!isDbId(id)) throw lineNotFound();
  return Number(id);
}

/**
 * Adds to one of the caller's lists what `POST /api/job-lists/{id}/lines` was sent: one line by
 * model id, one by model code (404 naming an unknown code), several lines, or the lines of the
 * caller's cart.
 */
export async function addToJobList(userId: string, listId: number, body: AddJobListLinesBody): Promise<{ added: number; line_ids: number[] }> {
  if ('cart_id' in body) return addCartToJobList(userId, listId, body.cart_id);
  if ('lines' in body) return addJobListLines(userId, listId, lineInputs(body.lines));
  if ('code' in body) {
    const modelId = await modelIdByCode(body.code);
    return addJobListLines(userId, listId, [{ modelId, itemsPerPackage: body.items_per_package, packages: body.quantity_of_packages }]);
  }
  return addJobListLines(userId, listId, lineInputs([body]));
}
