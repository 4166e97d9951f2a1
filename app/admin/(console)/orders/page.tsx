import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { FilterInput, FilterSelect } from '@/components/admin/filter-select';
import { AdminPageHeader } from '@/components/admin/page-header';
import { AdminPager, pageParam } from '@/components/admin/pager';
import { EmptyListNote, ListTable } from '@/components/ui/list-table';
import { formatAdminDate } from '@/lib/admin/format';
import { formatPrice } from '@/lib/format';
import { ORDER_STATUSES, type OrderStatus } from '@/lib/orders/status';
import { requirePageAccess } from '@/server/auth/session';
import { listStaffOrders, OVERDUE_FULFILMENT_DAYS, OVERDUE_PAYMENT_DAYS, STAFF_ORDER_PAGE_SIZE } from '@/server/orders/admin';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Encomendas', robots: { index: false, follow: false } };

const PAGE_PATH = '/admin/orders';

type Query = Record<'estado' | 'desde' | 'ate' | 'cliente' | 'numero' | 'pagina', string | string[] | undefined>;

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() || undefined;
const day = (v: string | string[] | undefined) => {
  const s = one(v);
  if (!s || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return undefined;
  const d = new Date(`${s}T00:00:00Z`);
  // A real calendar day only (2026-02-31 is not one): PostgreSQL would refuse it.
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s ? s : undefined;
};

/**
 * /admin/orders (`manage_orders`: editor and admin): every order, filtered by state,
 * day range, customer (name, e-mail or NIF) and number; overdue orders first. Bad filter values
 * are ignored (never an error).
 */
export default async function AdminOrdersPage({ searchParams }: { searchParams: Promise<Query> }) {
  await requirePageAccess(PAGE_PATH);
  const q = await searchParams;
  const rawStatus = one(q.estado);
  const status = (ORDER_STATUSES as readonly string[]).includes(rawStatus ?? '') ? (rawStatus as OrderStatus) : undefined;
  const filters = {
    status,
    from: day(q.desde),
    to: day(q.ate),
    customer: one(q.cliente)?.slice(0, 100),
    number: one(q.numero)?.slice(0, 40),
    page: pageParam(q.pagina),
  };
  const [t, ts, tp, { items, total, overdue }] = await Promise.all([
    getTranslations('Admin.Orders'),
    getTranslations('Orders.status'),
    getTranslations('Admin.Orders.paymentStatus'),
    listStaffOrders(filters),
  ]);
  const query = { estado: filters.status, desde: filters.from, ate: filters.to, cliente: filters.customer, numero: filters.number };
  const input = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm';
  return (
    <div className="mx-auto max-w-6xl">
      <AdminPageHeader title={t('title')} description={t('intro', { paymentDays: OVERDUE_PAYMENT_DAYS, fulfilmentDays: OVERDUE_FULFILMENT_DAYS })} />
      <form method="get" action={PAGE_PATH} className="mb-4 grid gap-3 rounded-xl border bg-white p-4 sm:grid-cols-2 lg:grid-cols-6" role="search">
        <FilterSelect
          label={t('filters.status')}
          name="estado"
          defaultValue={filters.status ?? ''}
          options={[['', t('filters.allStatuses')], ...ORDER_STATUSES.map((s) => [s, ts(s)] as const)]}
          className="text-sm text-slate-700"
          selectClassName={input}
        />
        <FilterInput label={t('filters.from')} type="date" name="desde" defaultValue={filters.from ?? ''} className="text-sm text-slate-700" inputClassName={input} />
        <FilterInput label={t('filters.to')} type="date" name="ate" defaultValue={filters.to ?? ''} className="text-sm text-slate-700" inputClassName={input} />
        <FilterInput label={t('filters.customer')} type="search" name="cliente" defaultValue={filters.customer ?? ''} maxLength={100} className="text-sm text-slate-700 lg:col-span-2" inputClassName={input} />
        <FilterInput label={t('filters.number')} type="search" name="numero" defaultValue={filters.number ?? ''} maxLength={40} placeholder="EN-2026-" className="text-sm text-slate-700" inputClassName={input} />
        <div className="flex items-end gap-3 sm:col-span-2 lg:col-span-6">
          <button type="submit" className="rounded-md bg-sky-800 px-4 py-1.5 text-sm font-medium text-white hover:bg-sky-900">
            {t('filters.apply')}
          </button>
          <Link href={PAGE_PATH} prefetch={false} className="text-sm text-sky-800 hover:underline">
            {t('filters.clear')}
          </Link>
          {overdue > 0 ? <span className="ml-auto rounded-full bg-amber-100 px-3 py-1 text-sm font-medium text-amber-900">{t('overdueCount', { count: overdue })}</span> : null}
        </div>
      </form>
      {items.length === 0 ? (
        <EmptyListNote>{t('empty')}</EmptyListNote>
      ) : (
        <ListTable
          testId="admin-orders"
          columns={[t('columns.number'), t('columns.date'), t('columns.customer'), t('columns.status'), t('columns.payment'), { label: t('columns.total'), align: 'right' }]}
        >
          <tbody>
            {items.map((o) => (
              <tr key={o.id} className={`border-t ${o.overdue ? 'bg-amber-50' : ''}`}>
                <td className="px-3 py-2 font-medium">
                  <Link href={`${PAGE_PATH}/${o.id}`} prefetch={false} className="text-sky-800 hover:underline">
                    {o.number}
                  </Link>
                  {o.overdue ? <span className="ml-2 rounded bg-amber-200 px-1.5 py-0.5 text-xs text-amber-900">{t('overdue')}</span> : null}
                </td>
                <td className="px-3 py-2">{formatAdminDate(o.placedAt)}</td>
                <td className="px-3 py-2">
                  <span className="block">{o.customerName}</span>
                  <span className="block text-xs text-slate-600">
                    {o.customerEmail}
                    {o.nif ? ` · NIF ${o.nif}` : ''}
                  </span>
                </td>
                <td className="px-3 py-2">{ts(o.status)}</td>
                <td className="px-3 py-2">{o.paymentStatus && tp.has(o.paymentStatus) ? tp(o.paymentStatus) : '—'}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatPrice(o.total)}</td>
              </tr>
            ))}
          </tbody>
        </ListTable>
      )}
      <AdminPager base={PAGE_PATH} query={query} page={filters.page} pageSize={STAFF_ORDER_PAGE_SIZE} total={total} />
    </div>
  );
}
