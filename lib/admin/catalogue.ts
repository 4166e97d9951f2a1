/** Display of catalogue change-log values (pt-PT): prices like `1 234,56 €`, others as text. */
import { lazyFormat } from '@/lib/intl';

const euro = lazyFormat(
  () =>
    new Intl.NumberFormat('pt-PT', {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 4,
      useGrouping: 'always',
    }),
);

/** A net price (up to 4 decimals) grouped in thousands: `1234.5` → `1 234,50 €`. */
export function formatCataloguePrice(value: string | number | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : value;
  if (n === null || n === undefined || !Number.isFinite(n)) return '—';
  return euro().format(n);
}

/** A value of a change-log line: prices formatted, empty as a dash, long texts cut. */
export function formatChangeValue(field: string | null, value: string | null): string {
  if (value === null || value === '') return '—';
  if (field === 'price') return formatCataloguePrice(value);
  return value.length > 160 ? `${value.slice(0, 160)}…` : value;
}
