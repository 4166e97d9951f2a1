import { ORDER_STATUSES, type OrderStatus } from './status';

/** Longer than any order number (`EN-2026-000123`); a longer search is cut, never an error. */
export const ORDER_SEARCH_MAX = 40;
const PAGE_MAX = 100_000;

export type SearchParams = Record<string, string | string[] | undefined>;

export interface OrdersFilters {
  status: OrderStatus | undefined;
  q: string;
  page: number;
}

const first = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

/**
 * The filters of /dashboard/orders from its address bar (`?status=&q=&page=`), read leniently:
 * an unknown state, an empty search or a bad page is ignored, never an error.
 */
export function ordersFilters(params: SearchParams): OrdersFilters {
  const rawStatus = first(params.status);
  const status = ORDER_STATUSES.find((s) => s === rawStatus);
  const q = (first(params.q) ?? '').trim().slice(0, ORDER_SEARCH_MAX);
  const rawPage = (first(params.page) ?? '').trim();
  const page = /^\d{1,6}$/.test(rawPage) ? Math.min(Math.max(1, Number(rawPage)), PAGE_MAX) : 1;
  return { status, q, page };
}

/** The list's address for these filters and page (page 1 and empty filters left out). */
export function ordersHref(path: string, filters: { status?: OrderStatus; q?: string }, page = 1): string {
  const search = new URLSearchParams();
  if (filters.status) search.set('status', filters.status);
  if (filters.q) search.set('q', filters.q);
  if (page > 1) search.set('page', String(page));
  const s = search.toString();
  return s ? `${path}?${s}` : path;
}
