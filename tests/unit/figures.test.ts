/** @jest-environment node */
import { csvUnitPrice, formatPercent, formatPrice, formatUnitPrice, XLSX_FORMATS } from '@/lib/format';
import { lineDetails, lineParts, lineTitle } from '@/lib/orders/line-label';
import { lineTotals } from '@/server/pricing/money';

jest.mock('server-only', () => ({}));

/** Issue 22 item 4: one rule for unit prices, so that quantity × shown unit = shown line. */
const nb = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
/** A shown pt-PT amount back to a number (`1 234,5678 €` → 1234.5678). */
const amount = (s: string) => Number(nb(s).replace(/[ €]/g, '').replace(',', '.'));

describe('formatUnitPrice', () => {
  it('shows the decimals the price list has, at least 2 and at most 4', () => {
    expect(nb(formatUnitPrice(4.195))).toBe('4,195 €');
    expect(nb(formatUnitPrice(6.825))).toBe('6,825 €');
    expect(nb(formatUnitPrice(2.6425))).toBe('2,6425 €');
    expect(nb(formatUnitPrice(12))).toBe('12,00 €');
    expect(nb(formatUnitPrice('0.9375'))).toBe('0,9375 €');
    expect(nb(formatUnitPrice(1234.5))).toBe('1234,50 €');
    expect(nb(formatUnitPrice(12345.5))).toBe('12 345,50 €');
    // Float noise from a multiplication never shows as a 5th decimal nor loses the 4th.
    expect(nb(formatUnitPrice(3.41 * 1.23))).toBe('4,1943 €');
    expect(formatUnitPrice(0)).toBe('-');
    expect(formatUnitPrice(null)).toBe('-');
  });

  it('multiplies back to the line for the examples of the issue (4 × 4,195 €, 14 × 6,825 €, 30 × 2,6425 €)', () => {
    for (const [unit, units, line] of [
      [41_950, 4, '16,78 €'],
      [68_250, 14, '95,55 €'],
      [26_425, 30, '79,28 €'],
    ] as const) {
      const { netCents } = lineTotals(unit, units, 2300);
      expect(nb(formatPrice(netCents / 100))).toBe(line);
      expect(Math.round(amount(formatUnitPrice(unit / 10_000)) * units * 100)).toBe(netCents);
    }
  });

  it('quantity × shown unit = shown line for 2 000 random 4-decimal prices and quantities', () => {
    let seed = 22;
    const rnd = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 2_000; i++) {
      const unit = 1 + rnd(5_000_000); // 0,0001 € … 500 €
      const units = 1 + rnd(9_999);
      const { netCents } = lineTotals(unit, units, 2300);
      const shownUnit = amount(formatUnitPrice(unit / 10_000));
      const product = Math.round(shownUnit * 10_000) * units; // ten-thousandths, exact
      expect(Math.floor(product / 100 + 0.5)).toBe(netCents);
      expect(amount(formatPrice(netCents / 100))).toBe(netCents / 100);
    }
  });

  it('writes CSV unit prices the same way (decimal comma, 2 to 4 decimals) and XLSX formats in pt-PT euros', () => {
    expect(csvUnitPrice(4.195)).toBe('4,195');
    expect(csvUnitPrice(1.25)).toBe('1,25');
    expect(csvUnitPrice(1234.5678)).toBe('1234,5678');
    expect(XLSX_FORMATS.unitPrice).toMatch(/0\.00## \[\$€-816\]$/);
    expect(XLSX_FORMATS.money).toMatch(/0\.00 \[\$€-816\]$/);
  });
});

describe('formatPercent: one pt-PT form', () => {
  it('writes a decimal comma and a no-break space before the sign', () => {
    expect(formatPercent(12.5)).toBe('12,5\u00a0%');
    expect(formatPercent(23)).toBe('23\u00a0%');
    expect(formatPercent('6.00')).toBe('6\u00a0%');
    expect(formatPercent(-12.5)).toBe('-12,5\u00a0%');
    expect(formatPercent(33.333)).toBe('33,33\u00a0%');
  });
});

describe('line names in mails and PDFs (issue 22 item 8)', () => {
  it('names the product, then the model\'s own text and the size, each once', () => {
    const tube = { product_name: 'Tubo multicamada', model_name: 'Tubo multicamada 300 mm', size: '300 mm' };
    expect(lineParts(tube)).toEqual({ name: 'Tubo multicamada', variant: null, size: '300 mm' });
    expect(lineTitle(tube)).toBe('Tubo multicamada — 300 mm');
    expect(lineTitle({ product_name: 'Radiador', model_name: 'Radiador 3/4" 300 mm', size: '300 mm' })).toBe('Radiador — 3/4" · 300 mm');
    expect(lineTitle({ product_name: 'Torneira Tejo', model_name: 'Torneira Tejo', size: null })).toBe('Torneira Tejo');
    expect(lineDetails({ product_name: 'Tubo 300 mm', model_name: 'Tubo 300 mm', size: '300 mm' })).toBe('');
  });

  it('tells two finishes of one product apart', () => {
    const chrome = { product_name: 'Torneira monocomando Tejo', model_name: 'Torneira monocomando Tejo cromado', size: '1/2"' };
    const brushed = { ...chrome, model_name: 'Torneira monocomando Tejo inox escovado' };
    expect(lineTitle(chrome)).toBe('Torneira monocomando Tejo — cromado · 1/2"');
    expect(lineTitle(brushed)).toBe('Torneira monocomando Tejo — inox escovado · 1/2"');
  });
});
