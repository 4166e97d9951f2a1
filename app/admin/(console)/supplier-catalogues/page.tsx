import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { AdminPageHeader } from '@/components/admin/page-header';
import { AdminPager, pageParam } from '@/components/admin/pager';
import { ReorderButtons } from '@/components/admin/supplier-catalogues/reorder-buttons';
import { NativeSelect } from '@/components/ui/native-select';
import { EmptyListNote, ListTable } from '@/components/ui/list-table';
import { Field } from '@/components/ui/field';
import { requirePageAccess } from '@/server/auth/session';
import { listBrandOptions, listSupplierCataloguesAdmin, SUPPLIER_CATALOGUE_PAGE_SIZE } from '@/server/admin/supplier-catalogues';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Catálogos de fornecedores', robots: { index: false, follow: false } };

const PAGE_PATH = '/admin/supplier-catalogues';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

/**
 * /admin/supplier-catalogues (manage_products): the supplier catalogues in their public order,
 * with search (title, brand, year), filters by brand and state, paging, and up / down to reorder
 * (when no filter narrows the list).
 */
export default async function SupplierCataloguesPage({ searchParams }: { searchParams: SearchParams }) {
  await requirePageAccess(PAGE_PATH);
  const query = await searchParams;
  const q = one(query.q).slice(0, 100);
  const brandRaw = one(query.marca);
  const brandId = /^\d{1,9}$/.test(brandRaw) ? Number(brandRaw) : null;
  const state = one(query.estado);
  const active = state === 'ativos' ? true : state === 'ocultos' ? false : null;
  const page = pageParam(query.pagina);
  const filtered = Boolean(q || brandId || active !== null);
  const [t, brands, { items, total }, all] = await Promise.all([
    getTranslations('Admin.SupplierCatalogues'),
    listBrandOptions(),
    listSupplierCataloguesAdmin({ q, brandId, active, page }),
    filtered ? Promise.resolve(null) : listSupplierCataloguesAdmin({ pageSize: 5000 }),
  ]);
  const order = all ? all.items.map((c) => c.id) : [];
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <AdminPageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Link href={`${PAGE_PATH}/new`} prefetch={false} className="rounded-md bg-sky-800 px-4 py-2 text-sm font-medium text-white hover:bg-sky-700">
            {t('new')}
          </Link>
        }
      />
      <form method="get" action={PAGE_PATH} className="mb-4 flex flex-wrap items-end gap-3 rounded-xl border bg-white p-4" role="search">
        <Field label={t('search')} labelClassName="text-slate-900" className="space-y-1">
          <input id="sc-q" name="q" type="search" defaultValue={q} placeholder={t('searchPlaceholder')} className="h-9 rounded-md border px-3 text-sm" />
        </Field>
        <Field label={t('brandFilter')} labelClassName="text-slate-900" className="w-48 space-y-1">
          <NativeSelect id="sc-brand" name="marca" defaultValue={brandId ? String(brandId) : ''}>
            <option value="">{t('allBrands')}</option>
            {brands.map((b) => (
              <option key={b.id} value={String(b.id)}>
                {b.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label={t('stateFilter')} labelClassName="text-slate-900" className="w-40 space-y-1">
          <NativeSelect id="sc-state" name="estado" defaultValue={state}>
            <option value="">{t('allStates')}</option>
            <option value="ativos">{t('activeOnly')}</option>
            <option value="ocultos">{t('inactiveOnly')}</option>
          </NativeSelect>
        </Field>
        <button type="submit" className="h-9 rounded-md border bg-white px-4 text-sm font-medium hover:bg-slate-50">
          {t('filter')}
        </button>
        {filtered ? (
          <Link href={PAGE_PATH} prefetch={false} className="h-9 px-2 py-2 text-sm text-sky-800 hover:underline">
            {t('clear')}
          </Link>
        ) : null}
      </form>
      {!filtered && items.length > 1 ? <p className="mb-2 text-sm text-slate-600">{t('reorderHint')}</p> : null}
      {items.length === 0 ? (
        <EmptyListNote>{t('empty')}</EmptyListNote>
      ) : (
        <ListTable
          testId="supplier-catalogue-table"
          columns={[t('colCover'), t('colTitle'), t('colBrand'), t('colYear'), t('colSource'), t('colState'), ...(filtered ? [] : [t('colOrder')])]}
        >
          <tbody>
            {items.map((c) => (
              <tr key={c.id} className="border-t align-middle">
                <td className="px-3 py-2">
                  {c.coverUrl ? (
                    // eslint-disable-next-line @next/next/no-img-element
                    <img src={`${c.coverUrl}?w=120`} alt="" width={48} height={68} className="h-[68px] w-12 rounded border object-cover" />
                  ) : null}
                </td>
                <td className="px-3 py-2 font-medium">
                  <Link href={`${PAGE_PATH}/edit/${c.id}`} prefetch={false} className="text-sky-800 hover:underline">
                    {c.title}
                  </Link>
                </td>
                <td className="px-3 py-2">{c.brandName}</td>
                <td className="px-3 py-2">{c.year ?? '—'}</td>
                <td className="px-3 py-2">{c.pdfUrl ? t('sourcePdf') : t('sourceLink')}</td>
                <td className="px-3 py-2">
                  <span className={c.active ? 'rounded bg-green-100 px-2 py-0.5 text-green-900' : 'rounded bg-slate-200 px-2 py-0.5 text-slate-800'}>{c.active ? t('active') : t('inactive')}</span>
                </td>
                {!filtered ? (
                  <td className="px-3 py-2">
                    <ReorderButtons id={c.id} title={c.title} order={order} />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </ListTable>
      )}
      <AdminPager base={PAGE_PATH} query={{ q, marca: brandId ? String(brandId) : undefined, estado: state || undefined }} page={page} pageSize={SUPPLIER_CATALOGUE_PAGE_SIZE} total={total} />
    </div>
  );
}
