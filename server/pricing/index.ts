import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PriceEntry } from '@/lib/pricing/types';
import { onCacheInvalidation } from '@/server/cache/invalidate';
import { cacheTags } from '@/server/cache/tags';
import { getDb, type DbOrTx } from '@/server/db/client';
import { inventoryProducts, products, users } from '@/server/db/schema';
import { addTax, applyDiscount, euros4, toHundredths, toTenThousandths } from './money';

/**
 * The pricing module: for a customer and a list of model codes, the user price entry
 * of spec 3. A professional account's price rules give a discount percentage per discount group
 * (the best valid rule wins); everyone else pays the net list price. IVA 23 % unless the model
 * says otherwise. Unit prices keep the ERP's 4 decimals; lines are rounded once (money.ts).
 *
 * Entries are cached per price list (one per professional account, one shared "net" list for
 * everyone without rules), for the day (dated rules change at midnight, Lisbon time), and
 * forgotten when the catalogue changes (`catalogue`), when any price changes (`pricing`) or when
 * one account's rules change (`pricing:account:<id>`) — in this process at once and in the other
 * instances through the shared invalidation log. Hits and misses are counted.
 */

export interface PricingCustomer {
  userId: string;
  /** The professional account whose rules apply, or null (net prices). */
  accountId: number | null;
}

/** The model facts a price is computed from. */
export interface ModelPriceFacts {
  id: number;
  code: string;
  /** Net list price in ten-thousandths of a euro. */
  base: number;
  /** IVA in hundredths of a percent (2300). */
  taxRate: number;
  /** Best valid discount for the customer, hundredths of a percent (0 = none). */
  discount: number;
}

/** Cache tags of the prices (server/cache/tags.ts carries the catalogue's). */
export const pricingTags = {
  all: 'pricing',
  account: (id: number) => `pricing:account:${id}`,
  /** A user's price list (their account or type changed). */
  user: (id: string) => `pricing:user:${id}`,
} as const;

const MAX_LISTS = 2_000;
const MAX_ENTRIES_PER_LIST = 50_000;

interface PriceList {
  day: string;
  entries: Map<string, ModelPriceFacts | null>;
}

interface PricingState {
  lists: Map<string, PriceList>;
  hits: number;
  misses: number;
  invalidations: number;
  subscribed: boolean;
}

const STATE = Symbol.for('cag.pricing.cache');

function state(): PricingState {
  const g = globalThis as { [STATE]?: PricingState };
  const s = (g[STATE] ??= { lists: new Map(), hits: 0, misses: 0, invalidations: 0, subscribed: false });
  if (!s.subscribed) {
    s.subscribed = true;
    onCacheInvalidation((tags) => {
      if (tags.includes(cacheTags.catalogue) || tags.includes(pricingTags.all)) {
        s.lists.clear();
        s.invalidations++;
        return;
      }
      // One product changed (an admin edit of its models' prices): every list forgets its models.
      if (tags.some((t) => t.startsWith('product:'))) {
        s.lists.clear();
        s.invalidations++;
        return;
      }
      for (const tag of tags) {
        const m = /^pricing:account:(\d+)$/.exec(tag);
        if (m) {
          s.lists.delete(`account:${m[1]}`);
          s.invalidations++;
        }
      }
    });
  }
  return s;
}

/** Today in Lisbon as YYYY-MM-DD (when dated rules start and end). */
export function lisbonDay(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Lisbon', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

function listKey(customer: PricingCustomer | null): string {
  return customer?.accountId ? `account:${customer.accountId}` : 'net';
}

const CUSTOMERS = Symbol.for('cag.pricing.customers');
const CUSTOMER_TTL_MS = 60_000;

function customerMemo(): Map<string, { accountId: number | null; at: number }> {
  const g = globalThis as { [CUSTOMERS]?: Map<string, { accountId: number | null; at: number }> };
  if (!g[CUSTOMERS]) {
    const memo = new Map<string, { accountId: number | null; at: number }>();
    g[CUSTOMERS] = memo;
    onCacheInvalidation((tags) => {
      if (tags.includes(pricingTags.all)) return memo.clear();
      for (const tag of tags) if (tag.startsWith('pricing:user:')) memo.delete(tag.slice('pricing:user:'.length));
    });
  }
  return g[CUSTOMERS];
}

/**
 * The price list of a signed-in user: their professional account, if any. Remembered for a
 * minute (and forgotten at once on `pricing` or `pricing:user:<id>`, which whoever moves a user
 * to another account or changes their type invalidates).
 */
export async function getPricingCustomer(userId: string, db?: DbOrTx): Promise<PricingCustomer> {
  const memo = customerMemo();
  const known = memo.get(userId);
  if (known && Date.now() - known.at < CUSTOMER_TTL_MS && db === undefined) return { userId, accountId: known.accountId };
  const conn = db ?? (await getDb());
  const [row] = await conn.select({ accountId: users.proAccountId, userType: users.userType }).from(users).where(eq(users.id, userId));
  const accountId = row?.userType === 'pro' ? (row.accountId ?? null) : null;
  if (db === undefined) {
    memo.set(userId, { accountId, at: Date.now() });
    if (memo.size > 50_000) memo.clear();
  }
  return { userId, accountId };
}

/** Reads the price facts of `codes` (active models of active products) for one price list. */
export async function readFacts(conn: DbOrTx, accountId: number | null, codes: string[], day: string): Promise<ModelPriceFacts[]> {
  const discount = accountId
    ? sql<string | null>`(
        select max(pr.discount_percentage) from price_rules pr
        where pr.account_id = ${accountId} and pr.discount_group = ${inventoryProducts.discountGroup}
          and (pr.valid_from is null or pr.valid_from <= ${day}::date)
          and (pr.valid_to is null or pr.valid_to >= ${day}::date)
      )`
    : sql<string | null>`null`;
  const rows = await conn
    .select({
      id: inventoryProducts.id,
      code: inventoryProducts.code,
      price: inventoryProducts.price,
      taxRate: inventoryProducts.taxRate,
      discount,
    })
    .from(inventoryProducts)
    .innerJoin(products, eq(products.id, inventoryProducts.productId))
    .where(and(inArray(inventoryProducts.code, codes), eq(inventoryProducts.productStatus, 'active'), eq(products.active, true)));
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    base: toTenThousandths(r.price),
    taxRate: toHundredths(r.taxRate),
    discount: r.discount === null ? 0 : Math.min(10_000, Math.max(0, toHundredths(r.discount))),
  }));
}

/**
 * Price facts of `codes` for `customer` (null = the net list), from the cache where it has them.
 * Codes that name no active model are absent from the result. `fresh`: read every code from the
 * database (placing an order prices at that moment, whatever another instance cached).
 */
export async function getPriceFacts(
  customer: PricingCustomer | null,
  codes: readonly string[],
  options: { db?: DbOrTx; now?: Date; fresh?: boolean } = {},
): Promise<{ facts: Map<string, ModelPriceFacts>; cached: boolean }> {
  const s = state();
  const day = lisbonDay(options.now);
  const key = listKey(customer);
  let list = s.lists.get(key);
  if (!list || list.day !== day) {
    list = { day, entries: new Map() };
    s.lists.set(key, list);
    if (s.lists.size > MAX_LISTS) s.lists.delete(s.lists.keys().next().value as string);
  } else {
    // Most recently used last (LRU by insertion order).
    s.lists.delete(key);
    s.lists.set(key, list);
  }
  const unique = [...new Set(codes)];
  const facts = new Map<string, ModelPriceFacts>();
  const missing: string[] = [];
  for (const code of unique) {
    if (!options.fresh && list.entries.has(code)) {
      s.hits++;
      const f = list.entries.get(code);
      if (f) facts.set(code, f);
    } else {
      s.misses++;
      missing.push(code);
    }
  }
  if (missing.length > 0) {
    const conn = options.db ?? (await getDb());
    const read = await readFacts(conn, customer?.accountId ?? null, missing, day);
    // A write inside a transaction (options.db) must not fill the shared cache with what may roll back.
    const store = options.db === undefined;
    for (const f of read) {
      facts.set(f.code, f);
      if (store) list.entries.set(f.code, f);
    }
    if (store) {
      for (const code of missing) if (!list.entries.has(code)) list.entries.set(code, null);
      if (list.entries.size > MAX_ENTRIES_PER_LIST) list.entries.clear();
    }
  }
  return { facts, cached: missing.length === 0 };
}

/** The unit price of a model for its customer, in ten-thousandths (net, after the discount). */
export function unitPriceOf(f: ModelPriceFacts): number {
  return applyDiscount(f.base, f.discount);
}

/** The spec 3 entry of one model. */
export function priceEntryOf(f: ModelPriceFacts): PriceEntry {
  const user = unitPriceOf(f);
  return {
    basePrice: euros4(f.base),
    userPrice: euros4(user),
    priceWithTax: euros4(addTax(user, f.taxRate)),
    taxRate: f.taxRate / 100,
    discountPercentage: f.discount / 100,
  };
}

/** `GET /api/user/product-pricing`: code → entry for a signed-in user. */
export async function getUserPrices(userId: string, codes: readonly string[]): Promise<{ prices: Record<string, PriceEntry>; cached: boolean }> {
  const customer = await getPricingCustomer(userId);
  const { facts, cached } = await getPriceFacts(customer, codes);
  const prices: Record<string, PriceEntry> = {};
  for (const code of codes) {
    const f = facts.get(code);
    if (f) prices[code] = priceEntryOf(f);
  }
  return { prices, cached };
}

export interface PricingCacheStats {
  hits: number;
  misses: number;
  hitRate: number;
  lists: number;
  entries: number;
  invalidations: number;
}

/** Figures for the cache-performance screen. */
export function pricingCacheStats(): PricingCacheStats {
  const s = state();
  let entries = 0;
  for (const list of s.lists.values()) entries += list.entries.size;
  const total = s.hits + s.misses;
  return { hits: s.hits, misses: s.misses, hitRate: total ? s.hits / total : 0, lists: s.lists.size, entries, invalidations: s.invalidations };
}

/** Forgets every cached price (tests; the invalidation log does it across instances). */
export function clearPricingCache(): void {
  state().lists.clear();
}
