/** Dates of the quote pages, as Lisbon sees them (pt-PT). */
import { lazyFormat } from '@/lib/intl';

const DAY = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;
const dateTime = lazyFormat(
  () =>
    new Intl.DateTimeFormat('pt-PT', {
      ...DAY,
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Europe/Lisbon',
    }),
);
const dateOnly = lazyFormat(
  () => new Intl.DateTimeFormat('pt-PT', { ...DAY, timeZone: 'Europe/Lisbon' }),
);
const day = lazyFormat(() => new Intl.DateTimeFormat('pt-PT', { ...DAY, timeZone: 'UTC' }));

/** An ISO instant → `25/11/2026, 23:12`. */
export function formatQuoteDateTime(iso: string): string {
  return dateTime().format(new Date(iso));
}

/** An ISO instant → `25/11/2026` (the Lisbon day). */
export function formatQuoteDate(iso: string): string {
  return dateOnly().format(new Date(iso));
}

/** A calendar day `YYYY-MM-DD` (a validity date) → `25/12/2026`. */
export function formatQuoteDay(value: string): string {
  const d = new Date(`${value}T12:00:00Z`);
  return Number.isNaN(d.getTime()) ? value : day().format(d);
}
