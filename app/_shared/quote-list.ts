import { getTranslations } from 'next-intl/server';
import { pageOffset, QUOTE_PAGE_SIZE, statusFilter } from '@/components/quotes/quote-list';
import { listQuotes } from '@/server/quotes/read';

/** The query of the quote lists: `?estado=` (a quote state) and `?desde=` (the offset of the page). */
export type QuoteListSearchParams = Promise<{ estado?: string | string[]; desde?: string | string[] }>;

/**
 * One page of quotes for /dashboard/quotes (the customer's own) and /admin/quotes (every
 * quote, for staff): the state filter and offset read from the query, the page of quotes and the
 * list's messages.
 */
export async function loadQuoteList(searchParams: QuoteListSearchParams, access: { kind: 'user' | 'staff'; userId: string }) {
  const query = await searchParams;
  const status = statusFilter(query.estado);
  const offset = pageOffset(query.desde);
  const [t, { items, total }] = await Promise.all([getTranslations('QuotesPage.list'), listQuotes(access, { limit: QUOTE_PAGE_SIZE, offset, status })]);
  return { t, items, total, status, offset };
}
