import type { ReactNode } from 'react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { AuditHistory } from '@/components/admin/audit-history';
import { listAuditInWords } from '@/server/audit/views';
import { AdminPageHeader } from '@/components/admin/page-header';
import { AdminPager, pageParam } from '@/components/admin/pager';
import { DeleteSynonymButton, DismissLogButton } from '@/components/admin/search/row-actions';
import { SynonymForm } from '@/components/admin/search/synonym-form';
import { ListTable } from '@/components/ui/list-table';
import { formatAdminDateTime } from '@/lib/admin/format';
import { formatInteger } from '@/lib/format';
import type { SynonymFormValues } from '@/lib/validation/admin-synonym';
import {
  AUDIT_ENTITY,
  countSynonymGroups,
  getSynonym,
  listSearchLog,
  listSynonyms,
  SEARCH_LOG_PAGE_SIZE,
  SYNONYM_PAGE_SIZE,
  testSearch,
  type SynonymView,
} from '@/server/admin/search';
import { requirePageAccess } from '@/server/auth/session';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Pesquisa', robots: { index: false, follow: false } };

const PAGE_PATH = '/admin/search';

type Params = Record<string, string | string[] | undefined>;

const one = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v)?.slice(0, 200);

const KIND_LABEL: Record<SynonymView['kind'], string> = { two_way: 'Dois sentidos', one_way: 'Um sentido' };

const EMPTY: SynonymFormValues = { kind: 'two_way', terms: '', targets: '', active: true, notes: '' };

function formValues(s: SynonymView): SynonymFormValues {
  return { id: s.id, version: s.version, kind: s.kind, terms: s.terms.join(', '), targets: s.targets.join(', '), active: s.active, notes: s.notes ?? '' };
}

function Terms({ s }: { s: SynonymView }) {
  if (s.kind === 'two_way') return <span>{s.terms.join(' = ')}</span>;
  return (
    <span>
      {s.terms.join(', ')} <span aria-label="encontra também">→</span> {s.targets.join(', ')}
    </span>
  );
}

/** "Anterior / Seguinte" of the log (its own `?registo=`, beside the synonyms' `?pagina=`). */
function LogPager({ query, page, total }: { query: Record<string, string | undefined>; page: number; total: number }) {
  const pages = Math.max(1, Math.ceil(total / SEARCH_LOG_PAGE_SIZE));
  if (pages === 1) return null;
  const href = (p: number) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v) params.set(k, v);
    if (p > 1) params.set('registo', String(p));
    const qs = params.toString();
    return `${PAGE_PATH}${qs ? `?${qs}` : ''}#registo`;
  };
  return (
    <nav aria-label="Paginação das pesquisas registadas" className="mt-4 flex items-center gap-3 text-sm text-slate-700">
      {page > 1 ? (
        <Link href={href(page - 1)} prefetch={false} className="rounded-md border px-3 py-1.5 hover:bg-slate-50" rel="prev">
          Anterior
        </Link>
      ) : null}
      <span>
        Página {page} de {pages}
      </span>
      {page < pages ? (
        <Link href={href(page + 1)} prefetch={false} className="rounded-md border px-3 py-1.5 hover:bg-slate-50" rel="next">
          Seguinte
        </Link>
      ) : null}
    </nav>
  );
}

/** An action of a row of the search log or the synonyms: a small bordered link, named for its row. */
function RowActionLink({ href, label, children }: { href: string; label: string; children: ReactNode }) {
  return (
    <Link href={href} prefetch={false} className="inline-flex h-8 items-center rounded-md border px-3 text-sm font-medium hover:bg-slate-50" aria-label={label}>
      {children}
    </Link>
  );
}

/**
 * /admin/search (search tuning; permission `manage_products`): the searches that found
 * nothing or little (most frequent first) with "Adicionar sinónimo" and "Ignorar", the synonyms
 * (search, kind filter, edit, delete) and a "Testar pesquisa" box that shows the top results of a
 * term with the synonyms as they are now. Every change takes effect at once.
 */
export default async function AdminSearchPage({ searchParams }: { searchParams: Promise<Params> }) {
  await requirePageAccess(PAGE_PATH);
  const query = await searchParams;
  const q = one(query.q)?.trim() || undefined;
  const kindParam = one(query.tipo);
  const kind = kindParam === 'two_way' || kindParam === 'one_way' ? kindParam : undefined;
  const page = pageParam(query.pagina);
  const logPage = pageParam(query.registo);
  const test = one(query.testar)?.trim() || undefined;
  const editId = Number(one(query.editar));
  const prefill = one(query.novo)?.trim() || undefined;

  const [synonyms, log, counts, editing, tested] = await Promise.all([
    listSynonyms({ q, kind, page }),
    listSearchLog(logPage),
    countSynonymGroups(),
    Number.isInteger(editId) && editId > 0 ? getSynonym(editId) : Promise.resolve(null),
    test ? testSearch(test) : Promise.resolve(null),
  ]);
  const initial: SynonymFormValues = editing ? formValues(editing) : prefill ? { ...EMPTY, kind: 'one_way', terms: prefill } : EMPTY;
  const listQuery = { q, tipo: kind, registo: logPage > 1 ? String(logPage) : undefined };
  const logQuery = { q, tipo: kind, pagina: page > 1 ? String(page) : undefined };

  return (
    <div className="space-y-8">
      <AdminPageHeader
        title="Pesquisa"
        description={`Sinónimos da pesquisa da loja (${formatInteger(counts.active)} ativos de ${formatInteger(counts.total)}, ${formatInteger(counts.builtin)} do vocabulário fornecido) e pesquisas que encontraram pouco ou nada. As alterações valem de imediato.`}
      />

      <section aria-labelledby="testar" className="rounded-xl border bg-white p-5">
        <h2 id="testar" className="text-lg font-semibold text-slate-900">
          Testar pesquisa
        </h2>
        <form method="get" action={PAGE_PATH} className="mt-3 flex flex-wrap items-end gap-2">
          <div className="space-y-1">
            <label htmlFor="testar-termo" className="block text-sm font-medium text-slate-900">
              Termo
            </label>
            <input id="testar-termo" name="testar" defaultValue={test ?? ''} maxLength={200} className="h-9 w-72 rounded-md border px-3 text-sm" />
          </div>
          <button type="submit" className="h-9 rounded-md bg-slate-900 px-4 text-sm font-medium text-white hover:bg-slate-800">
            Testar
          </button>
        </form>
        {tested ? (
          <div className="mt-4 space-y-2 text-sm" data-testid="search-test">
            {tested.expansions.length > 0 ? (
              <p className="text-slate-700">
                Sinónimos aplicados:{' '}
                {tested.expansions.map((e, i) => (
                  <span key={i} className="mr-2">
                    <strong>{e[0]}</strong> → {e.slice(1).join(', ')}
                  </span>
                ))}
              </p>
            ) : (
              <p className="text-slate-700">Nenhum sinónimo se aplica a este termo.</p>
            )}
            <p className="text-slate-700">
              {formatInteger(tested.total)} {tested.total === 1 ? 'produto encontrado' : 'produtos encontrados'}
              {tested.items.length ? `; os primeiros ${tested.items.length}:` : '.'}
            </p>
            {tested.items.length ? (
              <ol className="list-decimal space-y-0.5 pl-6">
                {tested.items.map((p) => (
                  <li key={p.id}>
                    <span className="font-mono text-xs text-slate-600">{p.productCode}</span> {p.name}
                  </li>
                ))}
              </ol>
            ) : null}
          </div>
        ) : null}
      </section>

      <section aria-labelledby="registo" className="rounded-xl border bg-white p-5">
        <h2 id="registo" className="text-lg font-semibold text-slate-900">
          Pesquisas com poucos ou nenhuns resultados
        </h2>
        <p className="mt-1 text-sm text-slate-600">Pesquisas da loja com menos de 3 resultados, as mais frequentes primeiro.</p>
        {log.items.length === 0 ? (
          <p className="mt-3 text-sm text-slate-700">Nenhuma pesquisa registada.</p>
        ) : (
          <>
            <ListTable
              testId="search-log"
              density="log"
              framed={false}
              className="mt-3"
              headClassName="border-b text-slate-600"
              columns={['Termo', { label: 'Vezes', align: 'right' }, { label: 'Resultados', align: 'right' }, 'Última vez', { label: 'Ações', srOnly: true }]}
            >
              <tbody>
                {log.items.map((e) => (
                  <tr key={e.term} className="border-b last:border-0">
                    <td className="py-2 pr-3 font-medium text-slate-900">{e.sample}</td>
                    <td className="py-2 pr-3 text-right">{formatInteger(e.count)}</td>
                    <td className="py-2 pr-3 text-right">{formatInteger(e.lastResults)}</td>
                    <td className="py-2 pr-3">
                      <time dateTime={e.lastSeen}>{formatAdminDateTime(e.lastSeen)}</time>
                    </td>
                    <td className="py-2">
                      <div className="flex flex-wrap justify-end gap-2">
                        <RowActionLink href={`${PAGE_PATH}?novo=${encodeURIComponent(e.sample)}#formulario`} label={`Adicionar sinónimo para ${e.sample}`}>
                          Adicionar sinónimo
                        </RowActionLink>
                        <RowActionLink href={`${PAGE_PATH}?testar=${encodeURIComponent(e.sample)}#testar`} label={`Testar a pesquisa ${e.sample}`}>
                          Testar
                        </RowActionLink>
                        <DismissLogButton term={e.term} />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </ListTable>
            <LogPager query={logQuery} page={logPage} total={log.total} />
          </>
        )}
      </section>

      <section aria-labelledby="sinonimos" className="rounded-xl border bg-white p-5">
        <h2 id="sinonimos" className="text-lg font-semibold text-slate-900">
          Sinónimos
        </h2>
        <form method="get" action={PAGE_PATH} className="mt-3 flex flex-wrap items-end gap-2">
          <div className="space-y-1">
            <label htmlFor="sin-q" className="block text-sm font-medium text-slate-900">
              Procurar termo
            </label>
            <input id="sin-q" name="q" defaultValue={q ?? ''} maxLength={80} className="h-9 w-64 rounded-md border px-3 text-sm" />
          </div>
          <div className="space-y-1">
            <label htmlFor="sin-tipo" className="block text-sm font-medium text-slate-900">
              Tipo
            </label>
            <select id="sin-tipo" name="tipo" defaultValue={kind ?? ''} className="h-9 rounded-md border px-2 text-sm">
              <option value="">Todos</option>
              <option value="two_way">Dois sentidos</option>
              <option value="one_way">Um sentido</option>
            </select>
          </div>
          <button type="submit" className="h-9 rounded-md bg-slate-900 px-4 text-sm font-medium text-white hover:bg-slate-800">
            Filtrar
          </button>
          <Link href={`${PAGE_PATH}#formulario`} prefetch={false} className="inline-flex h-9 items-center rounded-md border px-4 text-sm font-medium hover:bg-slate-50">
            Novo sinónimo
          </Link>
        </form>
        {synonyms.items.length === 0 ? (
          <p className="mt-3 text-sm text-slate-700">Nenhum sinónimo{q || kind ? ' com estes filtros' : ''}.</p>
        ) : (
          <>
            <ListTable
              testId="synonym-list"
              density="log"
              framed={false}
              className="mt-3"
              headClassName="border-b text-slate-600"
              columns={['Termos', 'Tipo', 'Estado', 'Origem', 'Alterado', { label: 'Ações', srOnly: true }]}
            >
              <tbody>
                {synonyms.items.map((s) => {
                  const label = s.terms.join(', ');
                  return (
                    <tr key={s.id} className="border-b align-top last:border-0">
                      <td className="py-2 pr-3 text-slate-900">
                        <Terms s={s} />
                        {s.notes ? <p className="text-xs text-slate-600">{s.notes}</p> : null}
                      </td>
                      <td className="py-2 pr-3 whitespace-nowrap">{KIND_LABEL[s.kind]}</td>
                      <td className="py-2 pr-3">{s.active ? 'Ativo' : 'Inativo'}</td>
                      <td className="py-2 pr-3 whitespace-nowrap">{s.builtinKey ? (s.updatedBy ? 'Fornecido, editado' : 'Fornecido') : `Equipa${s.createdBy ? ` (${s.createdBy})` : ''}`}</td>
                      <td className="py-2 pr-3 whitespace-nowrap">
                        <time dateTime={s.updatedAt}>{formatAdminDateTime(s.updatedAt)}</time>
                      </td>
                      <td className="py-2">
                        <div className="flex flex-wrap justify-end gap-2">
                          <RowActionLink href={`${PAGE_PATH}?editar=${s.id}#formulario`} label={`Editar ${label}`}>
                            Editar
                          </RowActionLink>
                          <DeleteSynonymButton id={s.id} version={s.version} label={label} />
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </ListTable>
            <AdminPager base={PAGE_PATH} query={listQuery} page={page} pageSize={SYNONYM_PAGE_SIZE} total={synonyms.total} />
          </>
        )}
      </section>

      <section id="formulario" className="rounded-xl border bg-white p-5">
        <SynonymForm key={editing ? `e${editing.id}-${editing.version}` : `n-${prefill ?? ''}`} initial={initial} builtin={editing?.builtinKey != null} />
      </section>

      {editing ? <AuditHistory entries={await listAuditInWords(AUDIT_ENTITY, editing.id, { kind: 'Tipo', terms: 'Termos', targets: 'Encontra também', active: 'Ativo', notes: 'Notas' })} /> : null}
    </div>
  );
}
