import { formatOrderDate, formatOrderDateTime } from '@/lib/orders/format';

/** Dates of the admin screens: Lisbon's day and time, pt-PT. */
export const formatAdminDate = formatOrderDate;
export const formatAdminDateTime = formatOrderDateTime;

/** A value of an audit entry or a stale-form difference as a short text. */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (typeof value === 'string') return value.length > 300 ? `${value.slice(0, 300)}…` : value;
  if (typeof value === 'number') return String(value).replace('.', ',');
  const json = JSON.stringify(value);
  return json.length > 300 ? `${json.slice(0, 300)}…` : json;
}
