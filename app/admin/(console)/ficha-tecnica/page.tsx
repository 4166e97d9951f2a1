import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { AdminPageHeader } from '@/components/admin/page-header';
import { AdminPager, pageParam } from '@/components/admin/pager';
import { CreateSheetButton, NewSheetForm } from '@/components/admin/technical-sheets/new-sheet-form';
import { EmptyListNote, ListTable } from '@/components/ui/list-table';
import { FilterInput, FilterSelect } from '@/components/admin/filter-select';
import { formatAdminDateTime } from '@/lib/admin/format';
import { requirePageAccess } from '@/server/auth/session';
import { ADMIN_PAGE_SIZE, listAdminSheets, listSheetFilterOptions, type AdminSheetFilters } from '@/server/technical-sheets';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Fichas técnicas', robots: { index: false, follow: false } };

const PAGE_PATH = '/admin/ficha-tecnica';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() || undefined;
const positive = (v: string | undefined) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 && n < 2_147_483_647 ? n : null;
};
const STATES = ['sem', 'com', 'publicadas', 'rascunho'] as const;
const SORTS = ['alterada', 'produto', 'codigo'] as const;

/** The label text of the filter form's fields. */
const LABEL = 'text-sm font-medium text-slate-800';

/**
 * /admin/ficha-tecnica (`manage_products`): every technical sheet and every product
 * without one, filtered by chapter, brand and state ("sem ficha"…), searched by product or model
 * code or name, 25 a page; "Nova ficha" for a product (and optionally a model).
 */
export default async function AdminTechnicalSheetsPage({ searchParams }: { searchParams: SearchParams }) {
  await requirePageAccess(PAGE_PATH);
  const query = await searchParams;
  const state = STATES.find((s) => s === one(query.estado)) ?? null;
  const filters: AdminSheetFilters = {
    chapter: positive(one(query.capitulo)),
    brand: positive(one(query.marca)),
    state,
    q: one(query.q)?.slice(0, 100) ?? null,
    sort: SORTS.find((o) => o === one(query.ordem)) ?? null,
    page: pageParam(query.pagina),
  };
  const [t, options, { items, total }] = await Promise.all([getTranslations('Admin.Sheets'), listSheetFilterOptions(), listAdminSheets(filters)]);
  const kept = {
    q: filters.q ?? undefined,
    capitulo: filters.chapter ? String(filters.chapter) : undefined,
    marca: filters.brand ? String(filters.brand) : undefined,
    estado: state ?? undefined,
    ordem: filters.sort ?? undefined,
  };
  const selectProps = { className: 'block', labelClassName: LABEL, selectClassName: 'mt-1 h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm' };
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <AdminPageHeader title={t('title')} description={t('description')} />
      <NewSheetForm />
      <section aria-labelledby="lista-fichas" className="space-y-4">
        <h2 id="lista-fichas" className="sr-only">
          {t('title')}
        </h2>
        <form method="get" action={PAGE_PATH} className="grid gap-3 rounded-xl border bg-white p-4 sm:grid-cols-2 lg:grid-cols-4" role="search">
          <FilterInput label={<span className={LABEL}>{t('search')}</span>} name="q" type="search" defaultValue={filters.q ?? ''} maxLength={100} className="block sm:col-span-2" inputClassName="mt-1 h-9 w-full rounded-md border border-slate-300 px-3 text-sm" />
          <FilterSelect label={t('chapter')} name="capitulo" defaultValue={kept.capitulo ?? ''} options={[['', t('allChapters')], ...options.chapters.map((c) => [String(c.code), c.title] as const)]} {...selectProps} />
          <FilterSelect label={t('brand')} name="marca" defaultValue={kept.marca ?? ''} options={[['', t('allBrands')], ...options.brands.map((b) => [String(b.id), b.name] as const)]} {...selectProps} />
          <FilterSelect
            label={t('state')}
            name="estado"
            defaultValue={state ?? ''}
            options={[['', t('stateAll')], ['com', t('stateWith')], ['sem', t('stateWithout')], ['publicadas', t('statePublished')], ['rascunho', t('stateDraft')]]}
            {...selectProps}
          />
          <FilterSelect label={t('sort')} name="ordem" defaultValue={filters.sort ?? ''} options={[['', t('sortChanged')], ['produto', t('sortName')], ['codigo', t('sortCode')]]} {...selectProps} />
          <div className="flex items-end gap-2">
            <button type="submit" className="h-9 rounded-md bg-sky-800 px-4 text-sm font-medium text-white hover:bg-sky-900">
              {t('filter')}
            </button>
            <Link href={PAGE_PATH} prefetch={false} className="inline-flex h-9 items-center rounded-md border px-3 text-sm hover:bg-slate-50">
              {t('clear')}
            </Link>
          </div>
        </form>
        {items.length === 0 ? (
          <EmptyListNote>{t('empty')}</EmptyListNote>
        ) : (
          <ListTable
            testId="sheets-table"
            density="roomy"
            tableClassName="min-w-[56rem]"
            columns={[t('product'), t('model'), t('chapter'), t('brand'), t('state'), t('updated'), { label: t('actions'), srOnly: true }]}
          >
            <tbody className="divide-y">
              {items.map((item) => (
                <tr key={item.sheetId ? `s${item.sheetId}` : `p${item.productId}`} className="align-top">
                  <td className="px-4 py-3">
                    <span className="font-mono text-xs text-slate-600">{item.productCode}</span>
                    <span className="block font-medium text-slate-900">{item.title ?? item.productName}</span>
                  </td>
                  <td className="px-4 py-3">
                    {item.sheetId === null ? '—' : item.modelCode ? (
                      <>
                        <span className="font-mono text-xs">{item.modelCode}</span>
                        <span className="block text-xs text-slate-600">{item.modelName}</span>
                      </>
                    ) : (
                      <span className="text-slate-600">{t('wholeProduct')}</span>
                    )}
                  </td>
                  <td className="px-4 py-3">{item.chapterTitle}</td>
                  <td className="px-4 py-3">{item.brandName ?? '—'}</td>
                  <td className="px-4 py-3">
                    {item.sheetId === null ? (
                      <span className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-700">{t('noSheet')}</span>
                    ) : item.published ? (
                      <span className="rounded bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">{t('publishedBadge')}</span>
                    ) : (
                      <span className="rounded bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900">{t('draft')}</span>
                    )}
                    {item.hasManufacturerPdf ? <span className="mt-1 block text-xs text-slate-600">{t('manufacturerBadge')}</span> : null}
                  </td>
                  <td className="px-4 py-3 text-xs text-slate-600">{item.updatedAt ? formatAdminDateTime(item.updatedAt) : '—'}</td>
                  <td className="px-4 py-3 text-right">
                    {item.sheetId === null ? (
                      <CreateSheetButton productCode={item.productCode} />
                    ) : (
                      <Link href={`/admin/ficha-tecnica/edit/${item.sheetId}`} prefetch={false} className="font-medium text-sky-800 hover:underline" aria-label={`${t('edit')} ${item.title ?? item.productCode}`}>
                        {t('edit')}
                      </Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </ListTable>
        )}
        <AdminPager base={PAGE_PATH} query={kept} page={filters.page} pageSize={ADMIN_PAGE_SIZE} total={total} />
      </section>
    </div>
  );
}
