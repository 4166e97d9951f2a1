import 'server-only';

/**
 * Money arithmetic of the pricing module: unit prices in ten-thousandths of a euro (the 4
 * decimals of the ERP's net prices), totals in cents, all as safe integers — no float drift.
 */

/** `'12.3456'` (numeric from PostgreSQL) → 123456 ten-thousandths. */
export function toTenThousandths(value: string | number): number {
  const s = typeof value === 'number' ? value.toFixed(4) : value.trim();
  const negative = s.startsWith('-');
  const [int = '0', frac = ''] = s.replace(/^[-+]/, '').split('.');
  const units = Number(int) * 10_000 + Number((frac + '0000').slice(0, 4));
  return negative ? -units : units;
}

/** A percentage with 2 decimals (`'12.50'`) → basis points of a percent (1250). */
export function toHundredths(value: string | number): number {
  return Math.round(Number(value) * 100);
}

/** Integer division rounding half away from zero. */
export function divRound(numerator: number, denominator: number): number {
  const q = Math.abs(numerator) / denominator;
  const r = Math.floor(q + 0.5 + 1e-9);
  return numerator < 0 ? -r : r;
}

/** `price` less `discount` (hundredths of a percent), in ten-thousandths. */
export function applyDiscount(price: number, discountHundredths: number): number {
  return divRound(price * (10_000 - discountHundredths), 10_000);
}

/** `amount` plus IVA at `rateHundredths` (2300 = 23 %), same unit as `amount`. */
export function addTax(amount: number, rateHundredths: number): number {
  return divRound(amount * (10_000 + rateHundredths), 10_000);
}

/** Ten-thousandths → euros as a number (`123456` → 12.3456). */
export function euros4(tenThousandths: number): number {
  return tenThousandths / 10_000;
}

/** Cents → euros as a number. */
export function euros2(cents: number): number {
  return cents / 100;
}

/**
 * One invoice line: unit price (ten-thousandths) × units → the net line total rounded once to
 * the cent, and its IVA-inclusive total (IVA computed on the rounded net, rounded once).
 */
export function lineTotals(unitTenThousandths: number, units: number, rateHundredths: number): { netCents: number; grossCents: number } {
  const netCents = divRound(unitTenThousandths * units, 100);
  const grossCents = addTax(netCents, rateHundredths);
  return { netCents, grossCents };
}
