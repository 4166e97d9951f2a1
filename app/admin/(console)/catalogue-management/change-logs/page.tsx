import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { CatalogueTabs } from '@/components/admin/catalogue/catalogue-tabs';
import { ChangeLogFilterForm } from '@/components/admin/catalogue/change-log-filters';
import { AdminPageHeader } from '@/components/admin/page-header';
import { AdminPager, pageParam } from '@/components/admin/pager';
import { EmptyListNote, ListTable } from '@/components/ui/list-table';
import { formatAdminDateTime } from '@/lib/admin/format';
import { changeLogQuery, parseChangeLogFilters } from '@/lib/validation/catalogue-management';
import { describeCatalogueChanges } from '@/server/audit/views';
import { requirePageAccess } from '@/server/auth/session';
import { CHANGE_LOG_PAGE_SIZE, getChangeLogOptions, listCatalogueChanges } from '@/server/catalogue/change-log';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Registo de alterações do catálogo', robots: { index: false, follow: false } };

const PAGE_PATH = '/admin/catalogue-management/change-logs';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** A cell: a table cell from md up, a line of the row's block below. */
const CELL = 'px-3 py-2 max-md:block max-md:py-0.5';
/** A cell's column name, shown only where the header row is not (below md). */
const PHONE_LABEL = 'font-sans text-slate-600 md:hidden';

const KIND_STYLE: Record<string, string> = {
  price: 'bg-amber-100 text-amber-900',
  new: 'bg-green-100 text-green-900',
  removed: 'bg-red-100 text-red-900',
  text: 'bg-slate-100 text-slate-800',
};

/**
 * /admin/catalogue-management/change-logs (manage_products): every change to products,
 * models and prices, newest first, with filters (days, chapter, family, brand, kind, source,
 * code), pages of 50 and a CSV export of the filtered view.
 */
export default async function ChangeLogsPage({ searchParams }: { searchParams: SearchParams }) {
  await requirePageAccess(PAGE_PATH);
  const query = await searchParams;
  const filters = parseChangeLogFilters(query);
  const page = pageParam(query.pagina);
  const [t, options, { items: entries, total }] = await Promise.all([getTranslations('Admin.Catalogue'), getChangeLogOptions(), listCatalogueChanges(filters, page)]);
  // Each line in words: field labels ("Preço", "Família"), pt-PT prices, family and brand names.
  const items = await describeCatalogueChanges(entries);
  const params = changeLogQuery(filters);
  const exportQuery = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => Boolean(e[1]))).toString();
  return (
    <div className="mx-auto max-w-7xl">
      <AdminPageHeader
        title={t('changesTitle')}
        description={t('changesIntro')}
        crumbs={[{ label: t('title'), href: '/admin/catalogue-management' }]}
        actions={
          <a href={`/api/admin/catalogue/changes${exportQuery ? `?${exportQuery}` : ''}`} download className="rounded-md border bg-white px-3 py-2 text-sm hover:bg-slate-50">
            {t('exportFiltered')}
          </a>
        }
      />
      <CatalogueTabs current="changes" />
      <ChangeLogFilterForm action={PAGE_PATH} filters={filters} options={options} />
      {items.length === 0 ? (
        <EmptyListNote className="mt-4" testId="change-log-empty">
          {t('noChanges')}
        </EmptyListNote>
      ) : (
        <>
          {/* Below md each line is a block of labelled cells: no sideways scroll on a phone (390 px). */}
          <ListTable
            testId="change-log"
            tableClassName="max-md:block"
            className="mt-4"
            headClassName="border-b bg-slate-50 text-slate-700 max-md:sr-only"
            columns={[t('colWhen'), t('colWho'), t('colProduct'), t('colModel'), t('colKind'), t('colField'), t('colChange')]}
          >
            <tbody className="max-md:block">
              {items.map((c) => (
                <tr key={c.id} className="border-b align-top last:border-0 max-md:block max-md:py-2" data-testid="change-row" data-kind={c.kind}>
                  <td className={`${CELL} whitespace-nowrap`}>
                    <time dateTime={c.at}>{formatAdminDateTime(c.at)}</time>
                  </td>
                  <td className={CELL}>
                    <span className="block max-md:inline">{c.actor ?? '—'}</span>
                    <span className="text-xs text-slate-600 max-md:ml-2">{t(`source_${c.source}`)}</span>
                  </td>
                  <td className={`${CELL} wrap-anywhere`}>
                    <span className="font-mono text-xs">{c.productCode}</span> {c.productName}
                    <span className="block text-xs text-slate-600">
                      {c.chapterCode}
                      {c.familyCode ? ` · ${c.familyCode} ${c.familyTitle ?? ''}` : ''}
                      {c.brand ? ` · ${c.brand}` : ''}
                    </span>
                    {c.productId ? (
                      <span className="flex gap-2 text-xs">
                        {c.shopPath ? (
                          <Link href={c.shopPath} prefetch={false} className="text-sky-800 hover:underline">
                            {t('shopLink')}
                          </Link>
                        ) : null}
                        <Link href={`/admin/products/edit/${c.productId}`} prefetch={false} className="text-sky-800 hover:underline">
                          {t('editLink')}
                        </Link>
                      </span>
                    ) : null}
                  </td>
                  <td className={`${CELL} font-mono text-xs whitespace-nowrap ${c.modelCode ? '' : 'max-md:hidden'}`}>
                    <span className={PHONE_LABEL}>{t('colModel')}: </span>
                    {c.modelCode ?? '—'}
                  </td>
                  <td className={`${CELL} max-md:inline-block`}>
                    <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${KIND_STYLE[c.kind] ?? ''}`}>{t(`kind_${c.kind}`)}</span>
                  </td>
                  <td className={`${CELL} max-md:inline-block max-md:font-medium`} data-testid="change-field">
                    {c.words.field ?? '—'}
                  </td>
                  <td className={`${CELL} wrap-anywhere`} data-testid="change-values">
                    {c.words.hasValues ? (
                      <>
                        <span className="text-red-800">{c.words.before}</span> → <span className="text-green-800">{c.words.after}</span>
                      </>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </ListTable>
          <AdminPager base={PAGE_PATH} query={params} page={page} pageSize={CHANGE_LOG_PAGE_SIZE} total={total} />
        </>
      )}
    </div>
  );
}
