/**
 * The user price entry of spec 3, as `GET /api/user/product-pricing` answers it per model code.
 * Amounts are EUR numbers (up to 4 decimals for unit prices of cheap parts); the display rounds
 * to 2 (lib/pricing/display.ts). Types only.
 */
export interface PriceEntry {
  /** The net list price (PVP without IVA). */
  basePrice: number;
  /** The customer's net unit price: base less the discount. */
  userPrice: number;
  /** `userPrice` with IVA. */
  priceWithTax: number;
  /** IVA in percent (23 unless the model says otherwise). */
  taxRate: number;
  /** The customer's discount in percent (0 without a rule). */
  discountPercentage: number;
}

/** Spec 3: either a plain number or the object above. */
export type UserPrice = number | PriceEntry;

export interface ProductPricingData {
  /** Model code → price entry; codes unknown or inactive are absent. */
  prices: Record<string, UserPrice>;
  /** True when every entry came from the server's per-customer cache. */
  cached: boolean;
}

/** At most this many codes per pricing call (400 beyond). */
export const MAX_PRICING_CODES = 200;

/** A discount exists when discountPercentage is above 0 (spec 3). */
export function hasDiscount(price: UserPrice | undefined | null): price is PriceEntry {
  return typeof price === 'object' && price !== null && price.discountPercentage > 0 && price.basePrice > 0 && price.userPrice > 0;
}
