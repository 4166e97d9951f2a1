import type { Metadata } from 'next';
import Link from 'next/link';
import { QuoteStatusFilter, QuoteTable } from '@/components/quotes/quote-list';
import { requirePageAccess } from '@/server/auth/session';
import { loadQuoteList, type QuoteListSearchParams } from '@/app/_shared/quote-list';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Orçamentos', robots: { index: false, follow: false } };

const PAGE_PATH = '/admin/quotes';

/**
 * /admin/quotes (permission `manage_quotes`: editor and admin): every quote, those
 * waiting for an answer first and the oldest of them on top, with a state filter; who asked, the
 * date, the number of lines, the state and the total once answered. A viewer gets the 403 screen.
 */
export default async function AdminQuotesPage({ searchParams }: { searchParams: QuoteListSearchParams }) {
  const viewer = await requirePageAccess(PAGE_PATH);
  const { t, items, total, status, offset } = await loadQuoteList(searchParams, { kind: 'staff', userId: viewer.id });
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <p className="text-sm text-slate-600">
        <Link href="/admin/dashboard" className="text-sky-800 hover:underline">
          Painel de gestão
        </Link>{' '}
        / {t('metaTitle')}
      </p>
      <div>
        <h1 className="text-3xl font-bold text-slate-900">{t('adminTitle')}</h1>
        <p className="mt-1 text-slate-600">{t('adminIntro')}</p>
      </div>
      <QuoteStatusFilter base={PAGE_PATH} current={status} />
      {items.length === 0 ? (
        <p className="rounded-xl border bg-white p-6 text-slate-700">{status ? t('emptyFiltered') : t('adminEmpty')}</p>
      ) : (
        <QuoteTable items={items} total={total} offset={offset} base={PAGE_PATH} status={status} staff />
      )}
    </div>
  );
}
