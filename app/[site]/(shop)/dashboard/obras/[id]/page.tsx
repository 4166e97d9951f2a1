import type { Metadata } from 'next';
import Link from 'next/link';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { ArrowLeftIcon, DownloadIcon } from 'lucide-react';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { AddByCodeForm } from '@/components/job-lists/add-by-code-form';
import { JobListHeaderActions } from '@/components/job-lists/job-list-header-actions';
import { JobListLineControls } from '@/components/job-lists/job-list-line-controls';
import { JobListQuote } from '@/components/job-lists/job-list-quote';
import { JobListToCart } from '@/components/job-lists/job-list-to-cart';
import { SaveOfflineButton } from '@/components/pwa/save-offline-button';
import { Button } from '@/components/ui/button';
import { ListTable } from '@/components/ui/list-table';
import { lineControlLabel, lineVariantText } from '@/lib/cart/line-label';
import { formatPercent, formatPrice, formatUnitPrice } from '@/lib/format';
import { clientMessages } from '@/lib/i18n/client-messages';
import { pageMetadata } from '@/lib/seo';
import { requirePageAccess } from '@/server/auth/session';
import { getPricedJobList, jobListId } from '@/server/worksite-lists';
import { orNotFound } from '@/app/_shared/or-not-found';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('JobLists');
  return pageMetadata({ title: t('title'), description: t('description'), path: '/dashboard/obras', noindex: true });
}

const STOCK_KEY = { in_stock: 'inStock', out_of_stock: 'outOfStock', on_order: 'onOrder' } as const;
const FORM_ID = 'job-list-lines';
/** The downloads of a job list: the format and the label of its button. */
const EXPORT_FORMATS = [
  ['csv', 'exportCsv'],
  ['xlsx', 'exportXlsx'],
] as const;

/**
 * /dashboard/obras/{id} — one of the customer's job lists with its lines priced for them
 * today. Another customer's id, like an unknown one, is a 404. Server-rendered; the
 * quantity/remove controls, the to-cart buttons, rename/delete and "add by code" are client
 * leaves calling /api/job-lists; the exports are plain links.
 */
export default async function JobListPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const path = `/dashboard/obras/${id}`;
  const viewer = await requirePageAccess(path);
  const t = await getTranslations('JobLists');
  const list = await orNotFound(getPricedJobList(viewer.id, jobListId(id)));
  // Consumers see prices with IVA (Decreto-Lei 24/2014); professionals net prices marked "s/ IVA".
  const withTax = viewer.userType !== 'pro';
  const exportHref = (format: 'csv' | 'xlsx') => `/api/job-lists/${list.id}/export?format=${format}`;
  return (
    <NextIntlClientProvider messages={clientMessages(['JobLists', 'OfflineSave'])}>
      <div className="space-y-6">
        <Breadcrumbs
          items={[
            { label: 'A minha conta', href: '/dashboard' },
            { label: t('title'), href: '/dashboard/obras' },
            { label: list.name, href: path },
          ]}
        />
        <Link href="/dashboard/obras" className="inline-flex items-center gap-1 text-sm text-sky-800 hover:underline">
          <ArrowLeftIcon aria-hidden className="size-4" />
          {t('back')}
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2 className="text-2xl font-bold tracking-tight text-slate-900" data-testid="job-list-name">
            {list.name}
          </h2>
          <JobListHeaderActions listId={list.id} name={list.name} />
        </div>
        {list.lines.length > 0 && (
          <SaveOfflineButton groupId={`obra:${list.id}`} label={list.name} urls={[path, ...new Set(list.lines.map((line) => line.url))]} />
        )}

        {list.lines.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-700">{t('noLines')}</p>
        ) : (
          <>
            {/* The ticked lines belong to this form (the `form` attribute): the quantity controls are forms of their own, and forms do not nest. */}
            <form id={FORM_ID} aria-hidden className="hidden" />
            <ListTable
              testId="job-list-lines"
              density="strong"
              caption={t('linesCaption', { name: list.name })}
              tableClassName="min-w-[52rem]"
              framed={false}
              className="rounded-lg border border-slate-200 bg-white shadow-xs"
              columns={[{ label: t('select'), srOnly: true }, t('code'), t('name'), t('package'), t('packages'), { label: t('units'), align: 'right' }, { label: withTax ? t('unitPriceWithTax') : t('unitPrice'), align: 'right' }, { label: withTax ? t('lineTotalWithTax') : t('lineTotal'), align: 'right' }]}
            >
              <tbody className="divide-y">
                {list.lines.map((line) => {
                  // Finish, size (once each; the package has its column), and the same words in the controls' accessible names.
                  const identity = { productName: line.product_name, modelName: line.name, size: line.size };
                  const variant = lineVariantText(identity);
                  const label = lineControlLabel({ ...identity, code: line.code });
                  return (
                  <tr key={line.id} data-testid="job-list-line" data-code={line.code} className={line.available ? undefined : 'bg-slate-50 text-slate-500'}>
                    <td className="px-3 py-2 align-top">
                      <input type="checkbox" form={FORM_ID} name="line" value={line.id} aria-label={t('selectLine', { code: label })} className="mt-1.5 size-4" disabled={!line.available} />
                    </td>
                    <td className="px-3 py-2 align-top font-mono">{line.code}</td>
                    <td className="px-3 py-2 align-top">
                      <Link href={line.url} className="text-sky-900 hover:underline">
                        {line.product_name}
                      </Link>
                      {variant && (
                        <span className="block text-sm font-medium text-slate-800" data-testid="line-variant">
                          {variant}
                        </span>
                      )}
                      <span className="block text-xs text-slate-600">{line.available ? t(STOCK_KEY[line.stock_status]) : t('unavailable')}</span>
                    </td>
                    <td className="px-3 py-2 align-top">{line.selected_package_type}</td>
                    <td className="px-3 py-2 align-top">
                      <JobListLineControls
                        listId={list.id}
                        lineId={line.id}
                        code={label}
                        packages={line.quantity_of_packages}
                        rule={{ minimum: line.sales_minimum, increment: line.sales_increment }}
                        itemsPerPackage={line.items_per_package}
                        unitPrice={withTax ? line.unit_price_with_tax : line.unit_price}
                      />
                    </td>
                    <td className="px-3 py-2 text-right align-top tabular-nums" data-testid="job-list-line-units">
                      {line.units}
                    </td>
                    <td className="px-3 py-2 text-right align-top tabular-nums">
                      <span data-testid="job-list-line-unit-price">
                        {(withTax ? line.unit_price_with_tax : line.unit_price) === null ? '—' : formatUnitPrice(withTax ? line.unit_price_with_tax : line.unit_price)}
                      </span>
                      {line.discount_percentage ? <span className="block text-xs text-emerald-700">-{formatPercent(line.discount_percentage)}</span> : null}
                    </td>
                    <td className="px-3 py-2 text-right align-top tabular-nums" data-testid="job-list-line-total">
                      {(withTax ? line.total_with_tax : line.total) === null ? '—' : formatPrice(withTax ? line.total_with_tax : line.total)}
                    </td>
                  </tr>
                  );
                })}
              </tbody>
            </ListTable>
          </>
        )}
        {list.lines.length > 0 && (
          <p className="text-right text-sm font-semibold text-slate-900" data-testid="job-list-total">
            {t('totals', { net: formatPrice(list.total), gross: formatPrice(list.total_with_tax) })}
            <span className="block text-xs font-normal text-slate-600">{t('pricesNote')}</span>
          </p>
        )}

        <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
          {list.lines.length > 0 ? (
            <div className="flex flex-wrap gap-3">
              <JobListToCart listId={list.id} formId={FORM_ID} />
              <JobListQuote listId={list.id} />
            </div>
          ) : (
            <span />
          )}
          {list.lines.length > 0 && (
            <div className="flex flex-wrap gap-2">
              {EXPORT_FORMATS.map(([format, labelKey]) => (
                <Button key={format} asChild variant="outline">
                  <a href={exportHref(format)} download data-testid={`job-list-export-${format}`}>
                    <DownloadIcon aria-hidden />
                    {t(labelKey)}
                  </a>
                </Button>
              ))}
            </div>
          )}
        </div>
        <AddByCodeForm listId={list.id} />
      </div>
    </NextIntlClientProvider>
  );
}
