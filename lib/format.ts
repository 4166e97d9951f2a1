/** pt-PT formatting of money and numbers (spec 5: prices like `1 234,56 €`). */
import { lazyFormat } from '@/lib/intl';

const euro = lazyFormat(
  () =>
    new Intl.NumberFormat('pt-PT', {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
);
/** Unit prices: the 4 decimals of the price list where it has them, never fewer than 2. */
const unitEuro = lazyFormat(
  () =>
    new Intl.NumberFormat('pt-PT', {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 4,
    }),
);
const integer = lazyFormat(
  () => new Intl.NumberFormat('pt-PT', { maximumFractionDigits: 0, useGrouping: true }),
);
const percentNumber = lazyFormat(
  () => new Intl.NumberFormat('pt-PT', { maximumFractionDigits: 2 }),
);

function toNumber(value: number | string | null | undefined): number | null {
  const n = typeof value === 'string' ? Number(value) : value;
  return n === null || n === undefined || !Number.isFinite(n) ? null : n;
}

/** `1234.5` → `1234,50 €` (Intl's pt-PT output); non-numbers give `€0,00` as the spec says. */
export function formatPrice(value: number | string | null | undefined): string {
  const n = toNumber(value);
  return n === null ? '€0,00' : euro().format(n);
}

/** A price is shown only when greater than 0, otherwise a dash (spec 5). */
export function displayPrice(value: number | string | null | undefined): string {
  const n = toNumber(value);
  return n !== null && n > 0 ? euro().format(n) : '-';
}

/** A unit price rounded to the price list's precision (4 decimals), as lines are computed from it. */
export function roundUnitPrice(value: number): number {
  return Math.round(value * 10_000 + (value >= 0 ? 1e-7 : -1e-7)) / 10_000;
}

/**
 * The one way a unit price is shown (site, PDFs, mails, exports): with as many decimals as the
 * price list's unit has, at least 2 and at most 4 (`4,195 €`, `6,825 €`, `2,6425 €`, `12,00 €`).
 * Lines are computed from that 4-decimal unit (net line = units × unit, rounded once to the cent),
 * so quantity × shown unit = shown line. Not above 0 (or not a number): a dash, like displayPrice.
 */
export function formatUnitPrice(value: number | string | null | undefined): string {
  const n = toNumber(value);
  return n !== null && n > 0 ? unitEuro().format(roundUnitPrice(n)) : '-';
}

/**
 * A percentage as pt-PT writes it (`23 %`, `12,5 %`): decimal comma, at most 2 decimals, a
 * no-break space before the sign. Negative values keep Intl's minus (`-12,5 %`).
 */
export function formatPercent(value: number | string | null | undefined): string {
  const n = toNumber(value) ?? 0;
  return `${percentNumber().format(n)}\u00a0%`;
}

export function formatInteger(value: number): string {
  return integer().format(value);
}

/**
 * A number for a CSV cell as pt-PT spreadsheets read it: decimal comma, no grouping, between
 * `min` and `max` decimals (`1.25` → `1,25`, `0.9375` → `0,9375`, `25` with 0..2 → `25`).
 */
export function formatDecimal(value: number, min: number, max: number): string {
  return new Intl.NumberFormat('pt-PT', {
    minimumFractionDigits: min,
    maximumFractionDigits: max,
    useGrouping: false,
  }).format(value);
}

/** A unit price in a CSV cell: the price list's decimals, 2 to 4 (`4,195`). */
export function csvUnitPrice(value: number): string {
  return formatDecimal(roundUnitPrice(value), 2, 4);
}

/** Spreadsheet (XLSX) number formats shown the pt-PT way by Excel and LibreOffice (`[$€-816]`: euro, Portuguese). */
export const XLSX_FORMATS = {
  /** Money to the cent: `1 234,50 €`. */
  money: '#,##0.00 [$€-816]',
  /** A unit price with the price list's decimals, 2 to 4: `4,195 €`. */
  unitPrice: '#,##0.00## [$€-816]',
  /** A percentage held as its number (12.5 → `12,5 %`). */
  percent: 'General" %"',
} as const;
