import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { ErpClientActions } from '@/components/admin/erp/erp-client-actions';
import { AdminPageHeader } from '@/components/admin/page-header';
import { AdminPager, pageParam } from '@/components/admin/pager';
import { EmptyListNote, ListTable } from '@/components/ui/list-table';
import { requirePageAccess } from '@/server/auth/session';
import { ERP_CLIENT_PAGE_SIZE, listErpClients, type ErpLinkState } from '@/server/erp/clients';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Clientes PHC', robots: { index: false, follow: false } };

const PAGE_PATH = '/admin/phc-clients';
const STATES: readonly ErpLinkState[] = ['conflict', 'unlinked', 'linked'];

type Query = Record<'estado' | 'q' | 'pagina', string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() || undefined;

/**
 * /admin/phc-clients (admin flag): the ERP's clients and their link to shop accounts
 * (linked, unlinked, conflicts by NIF or e-mail), conflicts first, with "Ligar" and "Criar conta".
 */
export default async function PhcClientsPage({ searchParams }: { searchParams: Promise<Query> }) {
  await requirePageAccess(PAGE_PATH);
  const query = await searchParams;
  const raw = one(query.estado);
  const state = STATES.includes(raw as ErpLinkState) ? (raw as ErpLinkState) : undefined;
  const q = one(query.q)?.slice(0, 100);
  const page = pageParam(query.pagina);
  const [t, { items, total, counts }] = await Promise.all([getTranslations('Admin.Erp'), listErpClients({ state, q, page })]);
  const tab = (s: ErpLinkState | undefined, label: string, n: number) => {
    const params = new URLSearchParams();
    if (s) params.set('estado', s);
    if (q) params.set('q', q);
    const href = params.size ? `${PAGE_PATH}?${params}` : PAGE_PATH;
    return (
      <Link key={s ?? 'all'} href={href} prefetch={false} aria-current={state === s ? 'page' : undefined} className={`rounded-full border px-3 py-1 text-sm ${state === s ? 'border-sky-800 bg-sky-800 text-white' : 'bg-white hover:bg-slate-50'}`}>
        {label} ({n})
      </Link>
    );
  };
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <AdminPageHeader title={t('clientsTitle')} description={t('clientsIntro')} />
      <nav aria-label={t('clientsTitle')} className="flex flex-wrap gap-2">
        {tab(undefined, t('clients.all'), counts.linked + counts.unlinked + counts.conflict)}
        {tab('conflict', t('clients.conflict'), counts.conflict)}
        {tab('unlinked', t('clients.unlinked'), counts.unlinked)}
        {tab('linked', t('clients.linked'), counts.linked)}
      </nav>
      <form method="get" action={PAGE_PATH} role="search" className="flex gap-2">
        {state ? <input type="hidden" name="estado" value={state} /> : null}
        <label className="sr-only" htmlFor="erp-q">
          {t('clients.search')}
        </label>
        <input id="erp-q" type="search" name="q" defaultValue={q ?? ''} maxLength={100} placeholder={t('clients.search')} className="w-80 rounded-md border border-slate-300 px-2 py-1.5 text-sm" />
        <button type="submit" className="rounded-md bg-sky-800 px-3 py-1.5 text-sm text-white">
          {t('clients.searchButton')}
        </button>
      </form>
      {items.length === 0 ? (
        <EmptyListNote>{t('clients.empty')}</EmptyListNote>
      ) : (
        <ListTable
          testId="erp-clients"
          columns={[t('clients.erpId'), t('clients.name'), t('clients.discounts'), t('clients.account')]}
        >
          <tbody>
            {items.map((c) => (
              <tr key={c.erpClientId} className={`border-t align-top ${c.state === 'conflict' ? 'bg-amber-50' : ''}`}>
                <td className="px-3 py-2 font-mono text-xs">{c.erpClientId}</td>
                <td className="px-3 py-2">
                  <span className="block font-medium">{c.name}</span>
                  <span className="block text-xs text-slate-600">{[c.nif ? `NIF ${c.nif}` : null, c.email].filter(Boolean).join(' · ')}</span>
                  {c.missing ? <span className="mt-1 inline-block rounded bg-slate-200 px-1.5 text-xs">{t('clients.missing')}</span> : null}
                </td>
                <td className="px-3 py-2 text-xs">{c.rules.length ? c.rules.map((r) => `${r.group} ${r.percentage.replace('.', ',')} %`).join(' · ') : '—'}</td>
                <td className="px-3 py-2">
                  {c.account ? (
                    <span>
                      {t('clients.linked')}: <strong>{c.account.name}</strong> (#{c.account.id})
                    </span>
                  ) : (
                    <div className="space-y-1">
                      <span className={`text-xs font-medium ${c.state === 'conflict' ? 'text-amber-900' : 'text-slate-600'}`}>{c.state === 'conflict' ? t('clients.conflict') : t('clients.unlinked')}</span>
                      {c.candidates.length ? (
                        <ul className="text-xs text-slate-700">
                          {c.candidates.map((a) => (
                            <li key={a.id}>{t('clients.candidate', { name: `${a.name} #${a.id}${a.phcClientId ? ` · PHC ${a.phcClientId}` : ''}`, by: a.by === 'nif' ? t('clients.byNif') : t('clients.byEmail') })}</li>
                          ))}
                        </ul>
                      ) : null}
                      <ErpClientActions erpClientId={c.erpClientId} candidates={c.candidates.filter((a) => !a.phcClientId).map((a) => ({ id: a.id, name: a.name }))} />
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </ListTable>
      )}
      <AdminPager base={PAGE_PATH} query={{ estado: state, q }} page={page} pageSize={ERP_CLIENT_PAGE_SIZE} total={total} />
    </div>
  );
}
