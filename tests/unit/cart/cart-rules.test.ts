/** @jest-environment node */
import { allowsQuantity, MAX_PACKAGES, packageLabel, packageOptions, packageSizes, quantityRule, roundDownPackages, roundUpPackages, splitPackage } from '@/lib/cart/packages';
import { cartSummary, FREE_SHIPPING_THRESHOLD, roundCents, STANDARD_SHIPPING } from '@/lib/cart/summary';
import { addTax, applyDiscount, lineTotals, toHundredths, toTenThousandths } from '@/server/pricing/money';

jest.mock('server-only', () => ({}));

describe('package strings (spec 5)', () => {
  it("split on '/', '-' or empty meaning a single unit", () => {
    expect(splitPackage('10/50')).toEqual([10, 50]);
    expect(splitPackage('10')).toEqual([10]);
    expect(splitPackage('-')).toEqual([]);
    expect(splitPackage('')).toEqual([]);
    expect(splitPackage(null)).toEqual([]);
    expect(splitPackage('1')).toEqual([]);
    expect(packageSizes({ small_package: '10/50', medium_package: '50', large_package: '-' })).toEqual([10, 50]);
  });
  it('give the options the server names: the unit, then each size', () => {
    expect(packageOptions({ small_package: '10/50', medium_package: '-', large_package: '' })).toEqual([
      { type: 'Unidade', itemsPerPackage: 1 },
      { type: 'Embalagem de 10', itemsPerPackage: 10 },
      { type: 'Embalagem de 50', itemsPerPackage: 50 },
    ]);
    expect(packageOptions({ small_package: '-' })).toEqual([{ type: 'Unidade', itemsPerPackage: 1 }]);
    expect(packageLabel(1)).toBe('Unidade');
    expect(packageLabel(100)).toBe('Embalagem de 100');
  });
});

describe('pack multiples', () => {
  const tens = quantityRule({ sales_minimum: 10, sales_increment: 10 });
  it('allows only multiples of the increment from the minimum', () => {
    expect(allowsQuantity(tens, 10)).toBe(true);
    expect(allowsQuantity(tens, 30)).toBe(true);
    expect(allowsQuantity(tens, 5)).toBe(false);
    expect(allowsQuantity(tens, 15)).toBe(false);
    expect(allowsQuantity(tens, 1, 10)).toBe(true);
    expect(allowsQuantity(quantityRule({}), 7)).toBe(true);
  });
  it('rounds a quantity up to the next allowed one', () => {
    expect(roundUpPackages(tens, 3)).toBe(10);
    expect(roundUpPackages(tens, 11)).toBe(20);
    expect(roundUpPackages(tens, 20)).toBe(20);
    expect(roundUpPackages(quantityRule({ sales_minimum: 6, sales_increment: 4 }), 1)).toBe(8);
  });
  it('rounds a merged quantity down to the largest allowed one within the maximum', () => {
    expect(roundDownPackages(tens, 10_010)).toBe(9_990);
    expect(roundDownPackages(tens, MAX_PACKAGES)).toBe(9_990);
    expect(roundDownPackages(tens, 25)).toBe(20);
    expect(roundDownPackages(tens, 30)).toBe(30);
    expect(roundDownPackages(tens, 5)).toBeNull();
    expect(roundDownPackages(tens, 3, 10)).toBe(3);
    expect(roundDownPackages(quantityRule({}), 12_000)).toBe(MAX_PACKAGES);
  });
});

describe('money of a line (rounded once, as an invoice)', () => {
  it('reads numerics exactly and applies discounts and IVA in integers', () => {
    expect(toTenThousandths('1.2500')).toBe(12_500);
    expect(toTenThousandths('0.0350')).toBe(350);
    expect(toHundredths('12.50')).toBe(1250);
    expect(applyDiscount(12_500, 2500)).toBe(9375);
    expect(addTax(9375, 2300)).toBe(11_531);
  });
  it('rounds the net line once and computes IVA on it', () => {
    // 0.9375 € × 10 = 9.375 → 9.38 €; IVA 23 % → 11.5374 → 11.54 €.
    expect(lineTotals(9375, 10, 2300)).toEqual({ netCents: 938, grossCents: 1154 });
    // 0.0335 € × 3 = 0.1005 → 0.10 €.
    expect(lineTotals(335, 3, 2300)).toEqual({ netCents: 10, grossCents: 12 });
  });
});

describe('cart summary and shipping (spec 3, 9)', () => {
  const line = (net: number | null, gross: number | null, packages = 1, per = 1) => ({ quantity_of_packages: packages, items_per_package: per, total_price: net, total_price_with_tax: gross });
  it('counts lines, packages and units', () => {
    const s = cartSummary([line(10, 12.3, 2, 10), line(5, 6.15, 3)]);
    expect(s).toMatchObject({ count: 2, total_items: 5, total_units: 23, subtotal: 15, subtotal_with_tax: 18.45, tax: 3.45 });
  });
  it('charges 7 € below 350 € of goods with IVA and nothing from 350 €, progress capped at 100 %', () => {
    const below = cartSummary([line(284.55, 349.99)]);
    expect(below.shipping).toBe(STANDARD_SHIPPING);
    expect(below.total).toBe(356.99);
    expect(below.missing_for_free_shipping).toBe(0.01);
    const at = cartSummary([line(284.56, FREE_SHIPPING_THRESHOLD)]);
    expect(at).toMatchObject({ shipping: 0, free_shipping_progress: 100, total: 350 });
    expect(cartSummary([line(900, 1107)]).free_shipping_progress).toBe(100);
  });
  it('has no totals for a guest cart (lines without prices)', () => {
    expect(cartSummary([line(null, null, 2)])).toMatchObject({ count: 1, total_items: 2, subtotal: null, shipping: null, total: null, free_shipping_progress: null });
  });
  it('keeps the totals of the priced lines when one lost its price, and has none for an empty cart', () => {
    expect(cartSummary([line(10, 12.3), line(null, null)])).toMatchObject({ count: 2, subtotal: 10, subtotal_with_tax: 12.3, shipping: 7, unpriced: 1 });
    expect(cartSummary([])).toMatchObject({ count: 0, total: 0, shipping: null, free_shipping_progress: 0 });
  });

  it('rounds to the cent without binary drift', () => {
    expect(roundCents(0.1 + 0.2)).toBe(0.3);
    expect(roundCents(1.005)).toBe(1.01);
  });
});
