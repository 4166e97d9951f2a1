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
  let priced = items.length > 0;
  for (const item of items) {
    totalItems += item.quantity_of_packages;
    totalUnits += item.quantity_of_packages * item.items_per_package;
    if (item.total_price === null || item.total_price_with_tax === null) priced = false;
    else {
      net += item.total_price;
      gross += item.total_price_with_tax;
    }
  }
  if (!priced) {
    return {
      count: items.length,
      total_items: totalItems,
      total_units: totalUnits,
      subtotal: items.length === 0 ? 0 : null,
      tax: items.length === 0 ? 0 : null,
      subtotal_with_tax: items.length === 0 ? 0 : null,
      shipping: null,
      total: null,
      free_shipping_progress: items.length === 0 ? 0 : null,
      missing_for_free_shipping: null,
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
  };
}
