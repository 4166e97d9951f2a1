'use client';

import * as React from 'react';
import { useAuth } from '@/components/auth/auth-provider';
import { catalogueApi } from '@/lib/cart/client-api';
import { MAX_PRICING_CODES, type PriceEntry, type UserPrice } from '@/lib/pricing/types';

/**
 * Personal prices for the client leaves (spec 7 "Pricing"): every code asked for in the same
 * moment goes into one `GET /api/user/product-pricing` per ≤ 200 codes; answers are kept 5
 * minutes (listings' stale time) and a failed call is tried 2 more times (not after a 4xx). A
 * 401 or any failure gives no price. Prices belong to one signed-in customer: a change of user
 * empties the store. Guests never call.
 */
export const PRICE_STALE_MS = 5 * 60_000;
const RETRIES = 2;
const RETRY_BASE_MS = 1_000;
const BATCH_WAIT_MS = 30;

interface Held {
  value: UserPrice | null;
  at: number;
}

let owner: string | null = null;
const held = new Map<string, Held>();
const inflight = new Set<string>();
let queue = new Set<string>();
let timer: ReturnType<typeof setTimeout> | null = null;
let version = 0;
const listeners = new Set<() => void>();

function notify() {
  version++;
  for (const listener of listeners) listener();
}

/** The customer the held prices belong to (null: a guest, nothing is asked). */
export function setPricingOwner(id: string | null) {
  if (id === owner) return;
  owner = id;
  forgetPrices();
}

/** Drops every held, asked and queued price (a change of customer). */
function forgetPrices() {
  held.clear();
  inflight.clear();
  queue = new Set();
  if (timer) clearTimeout(timer);
  timer = null;
  notify();
}

const fresh = (code: string) => {
  const h = held.get(code);
  return h !== undefined && Date.now() - h.at < PRICE_STALE_MS;
};

async function fetchChunk(codes: string[]): Promise<Record<string, UserPrice> | null> {
  for (let attempt = 0; ; attempt++) {
    const res = await catalogueApi.pricing(codes);
    if (res.ok) return res.data?.prices ?? {};
    const clientError = res.status >= 400 && res.status < 500;
    if (clientError || attempt >= RETRIES) return null;
    await new Promise((r) => setTimeout(r, RETRY_BASE_MS * 2 ** attempt));
  }
}

async function flush() {
  timer = null;
  const codes = [...queue];
  queue = new Set();
  const forOwner = owner;
  if (!forOwner || codes.length === 0) return;
  const chunks: string[][] = [];
  for (let i = 0; i < codes.length; i += MAX_PRICING_CODES) chunks.push(codes.slice(i, i + MAX_PRICING_CODES));
  await Promise.all(
    chunks.map(async (chunk) => {
      for (const c of chunk) inflight.add(c);
      const prices = await fetchChunk(chunk);
      if (owner !== forOwner) return;
      const at = Date.now();
      for (const c of chunk) {
        inflight.delete(c);
        held.set(c, { value: prices?.[c] ?? null, at });
      }
      notify();
    }),
  );
}

/** Asks for the prices of `codes` (batched with every other request of the moment). */
export function requestPrices(codes: readonly string[]) {
  if (!owner) return;
  let added = false;
  for (const code of codes) {
    if (!code || fresh(code) || inflight.has(code) || queue.has(code)) continue;
    queue.add(code);
    added = true;
  }
  if (added && !timer) timer = setTimeout(() => void flush(), BATCH_WAIT_MS);
}

/** A held price: undefined while not known yet, null when there is none. */
export function heldPrice(code: string): UserPrice | null | undefined {
  return held.get(code)?.value;
}

/** Test hook: forgets everything. */
export function resetPricingStore() {
  owner = null;
  forgetPrices();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The price object of a plain-number entry (spec 3 allows both): a net price, IVA 23 %. */
export function toPriceEntry(price: UserPrice): PriceEntry {
  if (typeof price === 'object') return price;
  return { basePrice: price, userPrice: price, priceWithTax: Math.round(price * 123) / 100, taxRate: 23, discountPercentage: 0 };
}

export interface PricesState {
  /** False for a guest (and while the session is unknown): show no price at all. */
  signedIn: boolean;
  /** 'pro' sees net prices with the discount; 'particular' one price with IVA. */
  userType: 'pro' | 'particular' | null;
  /** Code → entry (null: no price); codes not yet answered are absent. */
  prices: Record<string, PriceEntry | null>;
  /** True while some of the codes are not answered yet. */
  loading: boolean;
}

/**
 * Prices of `codes` for the signed-in customer; nothing (and no call) for a guest. `codes` is
 * compared by content, so a new array with the same codes asks nothing again.
 */
export function usePrices(codes: readonly string[] | null): PricesState {
  const { viewer } = useAuth();
  const viewerId = viewer?.id ?? null;
  const key = codes ? codes.join('\u0000') : '';
  React.useEffect(() => {
    setPricingOwner(viewerId);
    if (viewerId && key) requestPrices(key.split('\u0000'));
  }, [viewerId, key]);
  const v = React.useSyncExternalStore(subscribe, () => version, () => 0);
  return React.useMemo(() => {
    void v;
    const prices: Record<string, PriceEntry | null> = {};
    let loading = false;
    if (viewerId && owner === viewerId && key) {
      for (const code of key.split('\u0000')) {
        const value = heldPrice(code);
        if (value === undefined) loading = true;
        else prices[code] = value === null ? null : toPriceEntry(value);
      }
    } else if (viewerId && key) loading = true;
    return { signedIn: viewerId !== null, userType: viewer ? viewer.userType : null, prices, loading };
  }, [v, viewerId, key, viewer]);
}
