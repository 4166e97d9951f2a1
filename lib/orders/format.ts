/**
 * Dates and small texts of orders as the customer reads them (pt-PT, Europe/Lisbon whatever the
 * server's own time zone), shared by the account pages, the checkout pages and their tests.
 */
import { lazyFormat } from '@/lib/intl';

const TIME_ZONE = 'Europe/Lisbon';

const dateFormat = lazyFormat(
  () =>
    new Intl.DateTimeFormat('pt-PT', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: TIME_ZONE,
    }),
);
const dateTimeFormat = lazyFormat(
  () =>
    new Intl.DateTimeFormat('pt-PT', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: TIME_ZONE,
    }),
);
const longDateFormat = lazyFormat(
  () =>
    new Intl.DateTimeFormat('pt-PT', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: TIME_ZONE,
    }),
);

function valid(iso: string | Date): Date | null {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  return Number.isNaN(d.getTime()) ? null : d;
}

/** `25/11/2026` (Lisbon's day). */
export function formatOrderDate(iso: string | Date): string {
  const d = valid(iso);
  return d ? dateFormat().format(d) : '—';
}

/** `25/11/2026, 22:53` (Lisbon's time). */
export function formatOrderDateTime(iso: string | Date): string {
  const d = valid(iso);
  return d ? dateTimeFormat().format(d) : '—';
}

/** `25 de novembro de 2026 às 22:53`. */
export function formatOrderLongDate(iso: string | Date): string {
  const d = valid(iso);
  return d ? longDateFormat().format(d) : '—';
}

/** An IBAN in groups of four (`PT50 0000 …`), as banks print it. */
export function formatIban(iban: string): string {
  return iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}
