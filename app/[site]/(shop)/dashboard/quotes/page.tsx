import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { pageOffset, QUOTE_PAGE_SIZE, QuoteStatusFilter, QuoteTable, statusFilter } from '@/components/quotes/quote-list';
import { pageMetadata } from '@/lib/seo';
import { requirePageAccess } from '@/server/auth/session';
import { listQuotes } from '@/server/quotes/read';

export const dynamic = 'force-dynamic';

const PAGE_PATH = '/dashboard/quotes';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('QuotesPage.list');
  return pageMetadata({ title: t('metaTitle'), description: t('metaDescription'), path: PAGE_PATH, noindex: true });
}

type SearchParams = Promise<{ estado?: string | string[]; desde?: string | string[] }>;

/** /dashboard/quotes: the customer's quotes, newest first, with a state filter. */
export default async function DashboardQuotesPage({ searchParams }: { searchParams: SearchParams }) {
  const viewer = await requirePageAccess(PAGE_PATH);
  const query = await searchParams;
  const status = statusFilter(query.estado);
  const offset = pageOffset(query.desde);
  const [t, { items, total }] = await Promise.all([
    getTranslations('QuotesPage.list'),
    listQuotes({ kind: 'user', userId: viewer.id }, { limit: QUOTE_PAGE_SIZE, offset, status }),
  ]);
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
