import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { formatPrice } from '@/lib/format';
import { formatQuoteDate, formatQuoteDay } from '@/lib/quotes/format';
import { QUOTE_STATUSES, type QuoteStatus } from '@/lib/quotes/status';
import { cn } from '@/lib/utils';
import type { QuoteSummary } from '@/lib/quotes/types';
import { QuoteStatusBadge } from './quote-view';
import { ColumnHeaders, right } from '@/components/ui/table';

export const QUOTE_PAGE_SIZE = 20;

/** `?estado=` of the list pages: a known state or none. */
export function statusFilter(raw: string | string[] | undefined): QuoteStatus | undefined {
  return typeof raw === 'string' && (QUOTE_STATUSES as readonly string[]).includes(raw)
    ? (raw as QuoteStatus)
    : undefined;
}

/** `?desde=` of the list pages: a non-negative offset, multiple of the page size. */
export function pageOffset(raw: string | string[] | undefined): number {
  const n = typeof raw === 'string' && /^\d{1,6}$/.test(raw) ? Number(raw) : 0;
  return n - (n % QUOTE_PAGE_SIZE);
}

function href(base: string, status: QuoteStatus | undefined, offset = 0): string {
  const q = new URLSearchParams();
  if (status) q.set('estado', status);
  if (offset > 0) q.set('desde', String(offset));
  const s = q.toString();
  return s ? `${base}?${s}` : base;
}

/** The state filter as links (works without JavaScript); the current one has aria-current. */
export async function QuoteStatusFilter({
  base,
  current,
}: {
  base: string;
  current: QuoteStatus | undefined;
}) {
  const t = await getTranslations('QuotesPage.list');
  const status = await getTranslations('Quotes.status');
  const items: [QuoteStatus | undefined, string][] = [
    [undefined, t('all')],
    ...QUOTE_STATUSES.map((s) => [s, status(s)] as [QuoteStatus, string]),
  ];
  return (
    <nav aria-label={t('filter')}>
      <ul className="flex flex-wrap gap-2">
        {items.map(([s, label]) => {
          const active = s === current;
          return (
            <li key={s ?? 'all'}>
              <Link
                href={href(base, s)}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'inline-block rounded-full border px-3 py-1 text-sm font-medium',
                  active
                    ? 'border-sky-700 bg-sky-700 text-white'
                    : 'bg-white text-slate-700 hover:border-sky-400 hover:text-sky-900',
                )}
              >
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * A table of quotes: number (a link to the quote), date, state, total once answered, validity;
 * for staff also who asked and how many lines. Pages of QUOTE_PAGE_SIZE with previous/next links.
 */
export async function QuoteTable({
  items,
  total,
  offset,
  base,
  status,
  staff = false,
}: {
  items: QuoteSummary[];
  total: number;
  offset: number;
  base: string;
  status: QuoteStatus | undefined;
  /** Staff's list: also who asked and how many lines. */
  staff?: boolean;
}) {
  const t = await getTranslations('QuotesPage.list');
  return (
    <div className="space-y-3">
      <div className="overflow-x-auto rounded-xl border bg-white">
        <table className="w-full min-w-[40rem] text-left text-sm" data-testid="quote-table">
          <thead className="bg-slate-50 text-slate-700">
            <ColumnHeaders
              cellClassName="px-3 py-2 font-semibold"
              columns={[
                t('number'),
                staff && t('customer'),
                t('date'),
                staff && right(t('lines')),
                t('status'),
                right(t('total')),
                t('validUntil'),
              ]}
            />
          </thead>
          <tbody className="divide-y">
            {items.map((q) => (
              <tr key={q.id} data-testid="quote-row" data-number={q.number}>
                <td className="px-3 py-2">
                  <Link
                    href={`${base}/${q.id}`}
                    prefetch={false}
                    className="font-mono font-semibold text-sky-800 hover:underline"
                  >
                    {q.number}
                  </Link>
                </td>
                {staff && (
                  <td className="px-3 py-2">
                    <span className="text-slate-900">{q.contact_name}</span>
                    {q.company ? (
                      <span className="block text-xs text-slate-600">{q.company}</span>
                    ) : null}
                    <span className="block text-xs text-slate-500">
                      {q.has_account ? t('account') : t('guest')}
                    </span>
                  </td>
                )}
                <td className="px-3 py-2">
                  <time dateTime={q.created_at}>{formatQuoteDate(q.created_at)}</time>
                </td>
                {staff && (
                  <td className="px-3 py-2 text-right" data-testid="quote-row-lines">
                    {q.lines_count}
                  </td>
                )}
                <td className="px-3 py-2">
                  <QuoteStatusBadge status={q.status} />
                </td>
                <td className="px-3 py-2 text-right">
                  {q.totals ? formatPrice(q.totals.total) : '—'}
                </td>
                <td className="px-3 py-2">{q.valid_until ? formatQuoteDay(q.valid_until) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {total > QUOTE_PAGE_SIZE && (
        <nav
          aria-label={t('page', { from: offset + 1, to: offset + items.length, total })}
          className="flex items-center justify-between text-sm"
        >
          {offset > 0 ? (
            <Link
              href={href(base, status, Math.max(0, offset - QUOTE_PAGE_SIZE))}
              className="font-medium text-sky-800 hover:underline"
            >
              ← {t('previous')}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-slate-600">
            {t('page', { from: offset + 1, to: offset + items.length, total })}
          </span>
          {offset + items.length < total ? (
            <Link
              href={href(base, status, offset + QUOTE_PAGE_SIZE)}
              className="font-medium text-sky-800 hover:underline"
            >
              {t('next')} →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </div>
  );
}
