import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { QuoteStatusFilter, QuoteTable } from '@/components/quotes/quote-list';
import { pageMetadata } from '@/lib/seo';
import { requirePageAccess } from '@/server/auth/session';
import { loadQuoteList, type QuoteListSearchParams } from '@/app/_shared/quote-list';

export const dynamic = 'force-dynamic';

const PAGE_PATH = '/dashboard/quotes';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('QuotesPage.list');
  return pageMetadata({ title: t('metaTitle'), description: t('metaDescription'), path: PAGE_PATH, noindex: true });
}

/** /dashboard/quotes: the customer's quotes, newest first, with a state filter. */
export default async function DashboardQuotesPage({ searchParams }: { searchParams: QuoteListSearchParams }) {
  const viewer = await requirePageAccess(PAGE_PATH);
  const { t, items, total, status, offset } = await loadQuoteList(searchParams, { kind: 'user', userId: viewer.id });
  return (
    <div className="space-y-6">
      <Breadcrumbs items={[{ label: 'A minha conta', href: '/dashboard' }, { label: t('title') }]} />
      <h2 className="text-2xl font-bold tracking-tight text-slate-900">{t('title')}</h2>
      <QuoteStatusFilter base={PAGE_PATH} current={status} />
      {items.length === 0 ? (
        <div className="rounded-xl border bg-white p-6 text-slate-700">
          <p>{status ? t('emptyFiltered') : t('empty')}</p>
          {!status && (
            <Link href="/produtos" className="mt-3 inline-block font-semibold text-sky-800 hover:underline">
              {t('products')}
            </Link>
          )}
        </div>
      ) : (
        <QuoteTable items={items} total={total} offset={offset} base={PAGE_PATH} status={status} />
      )}
    </div>
  );
}
