import type { Metadata } from 'next';
import Link from 'next/link';
import { NewItemButton } from '@/components/admin/new-item-button';
import { AdminPageHeader } from '@/components/admin/page-header';
import { AdminPager, pageParam } from '@/components/admin/pager';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { EmptyListNote, ListTable } from '@/components/ui/list-table';
import { Field } from '@/components/ui/field';
import { formatAdminDateTime } from '@/lib/admin/format';
import { rasterMediaUrl } from '@/lib/catalogue/media';
import { requirePageAccess } from '@/server/auth/session';
import { CAMPAIGN_FILTERS, CAMPAIGN_SORTS, listAdminCampaigns, type CampaignFilter, type CampaignSort, type CampaignState } from '@/server/campaigns/admin';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Campanhas', robots: { index: false, follow: false } };

const PAGE_PATH = '/admin/campaigns';
const PAGE_SIZE = 25;

const FILTER_LABELS: Record<CampaignFilter, string> = {
  active: 'Ativas',
  current: 'Em curso',
  scheduled: 'Agendadas',
  ended: 'Terminadas',
  featured: 'Em destaque',
  inactive: 'Inativas',
};
const SORT_LABELS: Record<CampaignSort, string> = {
  'start-desc': 'Início (mais recente primeiro)',
  'start-asc': 'Início (mais antigo primeiro)',
  'end-asc': 'Fim (mais próximo primeiro)',
  'end-desc': 'Fim (mais distante primeiro)',
  updated: 'Última alteração',
};
const STATE_LABELS: Record<CampaignState, { label: string; className: string }> = {
  current: { label: 'Em curso', className: 'bg-green-100 text-green-900' },
  scheduled: { label: 'Agendada', className: 'bg-sky-100 text-sky-900' },
  ended: { label: 'Terminada', className: 'bg-slate-200 text-slate-800' },
  inactive: { label: 'Inativa', className: 'bg-amber-100 text-amber-900' },
};

/** The options of a filter select: each value with its label, in the order of `values`. */
function optionsOf<K extends string>(values: readonly K[], labels: Record<K, string>) {
  return values.map((value) => (
    <option key={value} value={value}>
      {labels[value]}
    </option>
  ));
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * /admin/campaigns (`manage_campaigns`): every campaign with its state (scheduled,
 * current, ended, inactive), searchable by title, slug or category, filtered by state or
 * featured, sorted by its dates, 25 a page.
 */
export default async function AdminCampaignsPage({ searchParams }: { searchParams: SearchParams }) {
  await requirePageAccess(PAGE_PATH);
  const query = await searchParams;
  const q = (one(query.q) ?? '').trim().slice(0, 100);
  const estado = one(query.estado);
  const filter = (CAMPAIGN_FILTERS as readonly string[]).includes(estado ?? '') ? (estado as CampaignFilter) : null;
  const ordem = one(query.ordem);
  const sort = (CAMPAIGN_SORTS as readonly string[]).includes(ordem ?? '') ? (ordem as CampaignSort) : 'start-desc';
  const page = pageParam(query.pagina);
  const { items, total } = await listAdminCampaigns({ search: q || null, filter, sort, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  return (
    <div className="mx-auto max-w-6xl">
      <AdminPageHeader
        title="Campanhas"
        description="Campanhas da loja, o seu período e o destaque no carrossel da página inicial."
        actions={<NewItemButton href="/admin/campaigns/new" label="Nova campanha" testId="campaign-new" />}
      />
      {one(query.eliminada) ? (
        <p role="status" className="mb-4 rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900">
          Campanha eliminada.
        </p>
      ) : null}
      <form method="get" action={PAGE_PATH} className="mb-4 grid gap-3 rounded-xl border bg-white p-4 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end" role="search" aria-label="Filtrar campanhas">
        <Field label="Pesquisar" labelClassName="text-slate-800">
          <input id="campaigns-q" name="q" type="search" defaultValue={q} placeholder="Título, endereço ou categoria" className="h-9 w-full rounded-md border px-3 text-sm" />
        </Field>
        <Field label="Estado" labelClassName="text-slate-800">
          <NativeSelect id="campaigns-estado" name="estado" defaultValue={filter ?? ''}>
            <option value="">Todas</option>
            {optionsOf(CAMPAIGN_FILTERS, FILTER_LABELS)}
          </NativeSelect>
        </Field>
        <Field label="Ordenar por" labelClassName="text-slate-800">
          <NativeSelect id="campaigns-ordem" name="ordem" defaultValue={sort}>
            {optionsOf(CAMPAIGN_SORTS, SORT_LABELS)}
          </NativeSelect>
        </Field>
        <Button type="submit" variant="outline">
          Aplicar
        </Button>
      </form>
      {items.length === 0 ? (
        <EmptyListNote>{q || filter ? 'Nenhuma campanha corresponde a estes filtros.' : 'Nenhuma campanha disponível'}</EmptyListNote>
      ) : (
        <ListTable
          testId="campaign-table"
          density="padded"
          caption="Campanhas"
          headClassName="border-b bg-slate-50 text-slate-700"
          columns={[{ label: 'Imagem', srOnly: true }, 'Campanha', 'Estado', 'Início', 'Fim', { label: 'Produtos', align: 'right' }]}
        >
          <tbody className="divide-y">
            {items.map((c) => (
              <tr key={c.id} className="align-middle">
                <td className="p-3">
                  {/* eslint-disable-next-line @next/next/no-img-element -- small admin thumbnail */}
                  <img src={rasterMediaUrl(c.imageUrl, 160)} alt="" width={80} height={34} className="aspect-[21/9] w-20 rounded object-cover" loading="lazy" />
                </td>
                <td className="p-3">
                  <Link href={`/admin/campaigns/edit/${c.id}`} prefetch={false} className="font-medium text-sky-800 hover:underline">
                    {c.title}
                  </Link>
                  <p className="text-xs text-slate-600">
                    /campanhas/{c.slug}
                    {c.category ? ` · ${c.category}` : ''}
                    {c.featured ? ' · ★ Destaque' : ''}
                  </p>
                </td>
                <td className="p-3">
                  <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATE_LABELS[c.state].className}`}>{STATE_LABELS[c.state].label}</span>
                </td>
                <td className="p-3 whitespace-nowrap">{c.starts_at ? formatAdminDateTime(c.starts_at) : '—'}</td>
                <td className="p-3 whitespace-nowrap">{c.ends_at ? formatAdminDateTime(c.ends_at) : '—'}</td>
                <td className="p-3 text-right">{c.productCount}</td>
              </tr>
            ))}
          </tbody>
        </ListTable>
      )}
      <AdminPager base={PAGE_PATH} query={{ q: q || undefined, estado: filter ?? undefined, ordem: sort === 'start-desc' ? undefined : sort }} page={page} pageSize={PAGE_SIZE} total={total} />
    </div>
  );
}
