/** pt-PT formatting of money and numbers (spec 5: prices like `1 234,56 €`). */
const euro = new Intl.NumberFormat('pt-PT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const integer = new Intl.NumberFormat('pt-PT', { maximumFractionDigits: 0, useGrouping: true });

/** `1234.5` → `1234,50 €` (Intl's pt-PT output); non-numbers give `€0,00` as the spec says. */
export function formatPrice(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : value;
  if (n === null || n === undefined || !Number.isFinite(n)) return '€0,00';
  return euro.format(n);
}

/** A price is shown only when greater than 0, otherwise a dash (spec 5). */
export function displayPrice(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : value;
  return n !== null && n !== undefined && Number.isFinite(n) && n > 0 ? euro.format(n) : '-';
}

export function formatInteger(value: number): string {
  return integer.format(value);
}
