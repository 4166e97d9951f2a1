import type { Metadata } from 'next';
import Link from 'next/link';
import { NewItemButton } from '@/components/admin/new-item-button';
import { AdminPageHeader } from '@/components/admin/page-header';
import { AdminPager, pageParam } from '@/components/admin/pager';
import { Button } from '@/components/ui/button';
import { EmptyListNote, ListTable } from '@/components/ui/list-table';
import { Field } from '@/components/ui/field';
import { formatInteger } from '@/lib/format';
import { rasterMediaUrl } from '@/lib/catalogue/media';
import { requirePageAccess } from '@/server/auth/session';
import { listAdminBrands } from '@/server/brands/admin';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Marcas', robots: { index: false, follow: false } };

const PAGE_PATH = '/admin/brands';
const PAGE_SIZE = 50;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** /admin/brands (`manage_products`): brands with their logo, product count, site and place in the partner strip. */
export default async function AdminBrandsPage({ searchParams }: { searchParams: SearchParams }) {
  await requirePageAccess(PAGE_PATH);
  const query = await searchParams;
  const q = (one(query.q) ?? '').trim().slice(0, 100);
  const page = pageParam(query.pagina);
  const { items, total } = await listAdminBrands({ search: q || null, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  return (
    <div className="mx-auto max-w-6xl">
      <AdminPageHeader
        title="Marcas"
        description="Logótipos, sites oficiais, faixa de parceiros da página inicial e fusão de marcas duplicadas."
        actions={<NewItemButton href="/admin/brands/new" label="Nova marca" />}
      />
      <form method="get" action={PAGE_PATH} role="search" aria-label="Pesquisar marcas" className="mb-4 flex flex-wrap items-end gap-3 rounded-xl border bg-white p-4">
        <Field label="Pesquisar" labelClassName="text-slate-800" className="min-w-64 flex-1">
          <input id="brands-q" name="q" type="search" defaultValue={q} placeholder="Nome ou endereço" className="h-9 w-full rounded-md border px-3 text-sm" />
        </Field>
        <Button type="submit" variant="outline">
          Pesquisar
        </Button>
      </form>
      {items.length === 0 ? (
        <EmptyListNote>Nenhuma marca encontrada</EmptyListNote>
      ) : (
        <ListTable
          testId="brand-table"
          density="padded"
          caption="Marcas"
          headClassName="border-b bg-slate-50 text-slate-700"
          columns={['Logótipo', 'Marca', { label: 'Produtos', align: 'right' }, 'Faixa de parceiros', 'Site oficial']}
        >
          <tbody className="divide-y">
            {items.map((b) => (
              <tr key={b.id}>
                <td className="p-3">
                  {/* eslint-disable-next-line @next/next/no-img-element -- small logo */}
                  <img src={rasterMediaUrl(b.logoUrl, 160)} alt="" width={80} height={27} className="h-7 w-auto" loading="lazy" />
                </td>
                <td className="p-3">
                  <Link href={`/admin/brands/edit/${b.id}`} prefetch={false} className="font-medium text-sky-800 hover:underline">
                    {b.name}
                  </Link>
                  <p className="text-xs text-slate-600">{b.slug}</p>
                </td>
                <td className="p-3 text-right">{formatInteger(b.productCount)}</td>
                <td className="p-3">{b.partner ? `Sim (ordem ${b.partnerOrder})` : '—'}</td>
                <td className="p-3 break-all">
                  {b.officialSite ? (
                    <a href={b.officialSite} target="_blank" rel="noopener noreferrer" className="text-sky-800 hover:underline">
                      {b.officialSite.replace(/^https?:\/\//, '')}
                    </a>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </ListTable>
      )}
      <AdminPager base={PAGE_PATH} query={{ q: q || undefined }} page={page} pageSize={PAGE_SIZE} total={total} />
    </div>
  );
}
