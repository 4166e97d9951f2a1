/**
 * The cart summary (spec 3, computed on the client from the lines) and the shipping rule of
 * spec 9: free shipping from 350 € of goods **with IVA**, 7 € below it, progress capped at 100 %.
 * The same function serves the dropdown, /cart, the checkout and the order (which recompute it
 * on the server from their own lines), so they always agree.
 */
import type { CartItem } from './types';

export const FREE_SHIPPING_THRESHOLD = 350;
export const STANDARD_SHIPPING = 7;

export interface CartSummary {
  /** Number of lines (the badge). */
  count: number;
  /** Sum of quantity_of_packages. */
  total_items: number;
  /** Sum of packages × items per package. */
  total_units: number;
  /** Net goods total (sum of total_price), null when the lines carry no prices (guest). */
  subtotal: number | null;
  /** IVA of the goods. */
  tax: number | null;
  /** Goods with IVA. */
  subtotal_with_tax: number | null;
  shipping: number | null;
  /** Goods with IVA plus shipping. */
  total: number | null;
  /** 0–100, toward free shipping. */
  free_shipping_progress: number | null;
  /** What is missing for free shipping (with IVA), 0 once reached. */
  missing_for_free_shipping: number | null;
  /** Lines without a price (a model no longer sold): left out of the totals. */
  unpriced: number;
}

/** Rounds a EUR amount to the cent (half away from zero), avoiding binary drift. */
export function roundCents(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value) * 100 + 1e-9) / 100;
}

export function shippingFor(goodsWithTax: number): number {
  return goodsWithTax >= FREE_SHIPPING_THRESHOLD ? 0 : STANDARD_SHIPPING;
}

export function freeShippingProgress(goodsWithTax: number): number {
  return Math.min(100, Math.max(0, (goodsWithTax / FREE_SHIPPING_THRESHOLD) * 100));
}

export function cartSummary(items: readonly Pick<CartItem, 'quantity_of_packages' | 'items_per_package' | 'total_price' | 'total_price_with_tax'>[]): CartSummary {
  let totalItems = 0;
  let totalUnits = 0;
  let net = 0;
  let gross = 0;
  let unpriced = 0;
  for (const item of items) {
    totalItems += item.quantity_of_packages;
    totalUnits += item.quantity_of_packages * item.items_per_package;
    if (item.total_price === null || item.total_price_with_tax === null) unpriced++;
    else {
      net += item.total_price;
      gross += item.total_price_with_tax;
    }
  }
  // A guest's lines carry no prices at all: no totals. A customer's cart with a line that lost
  // its price (a model no longer sold) keeps the totals of the others.
  if (items.length > 0 && unpriced === items.length) {
    return {
      count: items.length,
      total_items: totalItems,
      total_units: totalUnits,
      subtotal: null,
      tax: null,
      subtotal_with_tax: null,
      shipping: null,
      total: null,
      free_shipping_progress: null,
      missing_for_free_shipping: null,
      unpriced,
    };
  }
  if (items.length === 0) {
    return {
      count: 0,
      total_items: 0,
      total_units: 0,
      subtotal: 0,
      tax: 0,
      subtotal_with_tax: 0,
      shipping: null,
      total: 0,
      free_shipping_progress: 0,
      missing_for_free_shipping: FREE_SHIPPING_THRESHOLD,
      unpriced: 0,
    };
  }
  const subtotal = roundCents(net);
  const withTax = roundCents(gross);
  const shipping = shippingFor(withTax);
  return {
    count: items.length,
    total_items: totalItems,
    total_units: totalUnits,
    subtotal,
    tax: roundCents(withTax - subtotal),
    subtotal_with_tax: withTax,
    shipping,
    total: roundCents(withTax + shipping),
    free_shipping_progress: freeShippingProgress(withTax),
    missing_for_free_shipping: roundCents(Math.max(0, FREE_SHIPPING_THRESHOLD - withTax)),
    unpriced,
  };
}
