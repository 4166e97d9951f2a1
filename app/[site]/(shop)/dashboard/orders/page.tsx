import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { ArrowRight, ChevronLeft, ChevronRight, Package } from 'lucide-react';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { OrdersTable } from '@/components/orders/orders-table';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { AccountEmptyState, AccountListSection } from '@/components/account/account-section';
import { ORDER_SEARCH_MAX, ordersFilters, ordersHref, type OrdersFilters, type SearchParams } from '@/lib/orders/filters';
import { ORDER_STATUSES } from '@/lib/orders/status';
import { pageMetadata } from '@/lib/seo';
import { requirePageAccess } from '@/server/auth/session';
import { listOrders } from '@/server/orders/queries';

export const dynamic = 'force-dynamic';

const PAGE_PATH = '/dashboard/orders';
const PAGE_SIZE = 20;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Orders.page');
  return pageMetadata({ title: t('listTitle'), description: t('listDescription'), path: PAGE_PATH, noindex: true });
}

const pageHref = (filters: OrdersFilters, page: number) => ordersHref(PAGE_PATH, filters, page);

/**
 * /dashboard/orders — the customer's orders, newest first (spec 2.3): a state filter and
 * a search by number in a plain GET form (works without JavaScript; `?status=…&q=EN-2026-…`),
 * pages of 20 (`?page=`), and an empty state that leads to the products.
 */
export default async function OrdersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const viewer = await requirePageAccess(PAGE_PATH);
  const filters = ordersFilters(await searchParams);
  const t = await getTranslations('Orders');
  let page = filters.page;
  let { items, total } = await listOrders(viewer.id, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE, status: filters.status, q: filters.q });
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (page > pages) {
    // A page past the end (a bookmark, fewer orders now): the last one.
    page = pages;
    ({ items, total } = await listOrders(viewer.id, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE, status: filters.status, q: filters.q }));
  }
  const filtered = Boolean(filters.status || filters.q);

  return (
    <div className="space-y-8">
      <Breadcrumbs items={[{ label: 'A minha conta', href: '/dashboard' }, { label: t('page.listTitle'), href: PAGE_PATH }]} />
      <AccountListSection id="encomendas" title={t('page.listTitle')} count={total > 0 && t('page.count', { count: total })} countTestId="orders-count" className="space-y-5">

        {(total > 0 || filtered) && (
          <form method="get" action={PAGE_PATH} role="search" aria-label={t('page.filterLabel')} className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-xs" data-testid="orders-filter">
            <div className="w-full space-y-1.5 sm:w-56">
              <Label htmlFor="orders-status">{t('page.statusLabel')}</Label>
              <NativeSelect id="orders-status" name="status" defaultValue={filters.status ?? ''}>
                <option value="">{t('page.allStatuses')}</option>
                {ORDER_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`status.${s}`)}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="w-full space-y-1.5 sm:w-64">
              <Label htmlFor="orders-q">{t('page.searchLabel')}</Label>
              <Input id="orders-q" name="q" type="search" defaultValue={filters.q} maxLength={ORDER_SEARCH_MAX} placeholder={t('page.searchPlaceholder')} autoComplete="off" />
            </div>
            <div className="flex gap-2">
              <Button type="submit">{t('page.apply')}</Button>
              {filtered && (
                <Button asChild variant="ghost">
                  <Link href={PAGE_PATH}>{t('page.clear')}</Link>
                </Button>
              )}
            </div>
          </form>
        )}

        {total === 0 && !filtered ? (
          <AccountEmptyState icon={Package} title={t('page.emptyTitle')} text={t('page.emptyText')} testId="orders-empty">
            <Button asChild className="mt-5">
              <Link href="/produtos">
                {t('page.browse')}
                <ArrowRight aria-hidden />
              </Link>
            </Button>
          </AccountEmptyState>
        ) : items.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700" data-testid="orders-no-results">
            {t('page.noResults')}
          </p>
        ) : (
          <OrdersTable orders={items} caption={t('page.caption')} />
        )}

        {pages > 1 && (
          <nav aria-label={t('page.pagination')} className="flex flex-wrap items-center justify-between gap-3" data-testid="orders-pagination">
            {page > 1 ? (
              <Button asChild variant="outline">
                <Link href={pageHref(filters, page - 1)} rel="prev">
                  <ChevronLeft aria-hidden />
                  {t('page.previous')}
                </Link>
              </Button>
            ) : (
              <span />
            )}
            <p className="text-sm text-slate-600" aria-current="page">
              {t('page.pageOf', { page, pages })}
            </p>
            {page < pages ? (
              <Button asChild variant="outline">
                <Link href={pageHref(filters, page + 1)} rel="next">
                  {t('page.next')}
                  <ChevronRight aria-hidden />
                </Link>
              </Button>
            ) : (
              <span />
            )}
          </nav>
        )}
      </AccountListSection>
    </div>
  );
}
