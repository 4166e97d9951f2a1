import Link from 'next/link';
import { FilterSelect } from '@/components/admin/filter-select';
import { AdminPager } from '@/components/admin/pager';
import { ROLE_LABELS, ROLES } from '@/lib/auth/permissions';
import type { AccessRequestSummary, ProAccountSummary, UserRow } from '@/lib/admin/people';
import { ColumnHeaders } from '@/components/ui/table';

/** Tabs, filters and tables of /admin/pro-accounts: server-rendered, links and GET forms only. */

export type PeopleTab = 'accounts' | 'users' | 'requests';

const TAB_HREF: Record<PeopleTab, string> = {
  accounts: '/admin/pro-accounts',
  users: '/admin/pro-accounts?tab=users',
  requests: '/admin/pro-accounts?tab=requests',
};

export function PeopleTabs({ current, pending }: { current: PeopleTab; pending: number }) {
  const tabs: { id: PeopleTab; label: string }[] = [
    { id: 'accounts', label: 'Contas' },
    { id: 'users', label: 'Utilizadores' },
    { id: 'requests', label: pending ? `Pedidos de acesso (${pending})` : 'Pedidos de acesso' },
  ];
  return (
    <nav aria-label="Secções" className="mb-6 flex flex-wrap gap-2 border-b">
      {tabs.map((t) => (
        <Link
          key={t.id}
          href={TAB_HREF[t.id]}
          prefetch={false}
          aria-current={t.id === current ? 'page' : undefined}
          className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${t.id === current ? 'border-sky-800 text-sky-900' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
        >
          {t.label}
        </Link>
      ))}
    </nav>
  );
}

export const dateTime = (iso: string | null) =>
  iso ? new Intl.DateTimeFormat('pt-PT', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Lisbon' }).format(new Date(iso)) : '—';

const th = 'px-3 py-2 text-left font-semibold text-slate-700';
const td = 'px-3 py-2 align-top';

export function AccountsTable({ items, total, page, pageSize, q }: { items: ProAccountSummary[]; total: number; page: number; pageSize: number; q: string }) {
  return (
    <section>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <form method="get" action="/admin/pro-accounts" className="flex gap-2">
          <label className="sr-only" htmlFor="q-accounts">
            Pesquisar contas
          </label>
          <input id="q-accounts" name="q" defaultValue={q} placeholder="Nome, NIF ou cliente ERP" className="w-64 rounded-md border px-3 py-2 text-sm" />
          <button className="rounded-md border bg-white px-3 py-2 text-sm">Pesquisar</button>
        </form>
        <div className="flex gap-2">
          <Link href="/admin/pro-accounts/import" prefetch={false} className="rounded-md border bg-white px-3 py-2 text-sm hover:bg-slate-50">
            Importar regras de preço
          </Link>
          <Link href="/admin/pro-accounts/new" prefetch={false} className="rounded-md bg-sky-800 px-3 py-2 text-sm font-medium text-white hover:bg-sky-700">
            Nova conta
          </Link>
        </div>
      </div>
      {items.length === 0 ? (
        <p className="rounded-xl border bg-white p-6 text-slate-700">Nenhuma conta profissional{q ? ' encontrada' : ''}.</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border bg-white">
          <table className="w-full text-sm">
            <thead className="bg-slate-50">
              <ColumnHeaders cellClassName={th} columns={['Conta', 'Nome fiscal', 'NIF', 'Cliente ERP', 'Utilizadores', 'Regras']} />
            </thead>
            <tbody>
              {items.map((a) => (
                <tr key={a.id} className="border-t">
                  <td className={td}>
                    <Link href={`/admin/pro-accounts/${a.id}`} prefetch={false} className="font-medium text-sky-800 hover:underline">
                      {a.name}
                    </Link>
                  </td>
                  <td className={td}>{a.fiscalName ?? '—'}</td>
                  <td className={td}>{a.nif ?? '—'}</td>
                  <td className={td}>{a.phcClientId ?? '—'}</td>
                  <td className={td}>{a.users}</td>
                  <td className={td}>{a.rules}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <AdminPager base="/admin/pro-accounts" query={{ q }} page={page} pageSize={pageSize} total={total} />
    </section>
  );
}

const STATUS_LABEL: Record<AccessRequestSummary['status'], string> = { pending: 'Pendente', approved: 'Aprovado', rejected: 'Recusado' };
const STATUS_CLASS: Record<AccessRequestSummary['status'], string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-emerald-100 text-emerald-900',
  rejected: 'bg-slate-200 text-slate-800',
};

export function RequestStatus({ status }: { status: AccessRequestSummary['status'] }) {
  return <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_CLASS[status]}`}>{STATUS_LABEL[status]}</span>;
}

export function RequestsTable({ items, total, page, pageSize, status }: { items: AccessRequestSummary[]; total: number; page: number; pageSize: number; status: string }) {
  return (
    <section>
      <form method="get" action="/admin/pro-accounts" className="mb-4 flex gap-2">
        <input type="hidden" name="tab" value="requests" />
        <label className="sr-only" htmlFor="estado">
          Estado
        </label>
        <select id="estado" name="estado" defaultValue={status} className="rounded-md border bg-white px-3 py-2 text-sm">
          <option value="">Todos (pendentes primeiro)</option>
          <option value="pending">Pendentes</option>
          <option value="approved">Aprovados</option>
          <option value="rejected">Recusados</option>
        </select>
        <button className="rounded-md border bg-white px-3 py-2 text-sm">Filtrar</button>
      </form>
      {items.length === 0 ? (
        <p className="rounded-xl border bg-white p-6 text-slate-700">Nenhum pedido de acesso.</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border bg-white">
          <table className="w-full text-sm">
            <thead className="bg-slate-50">
              <ColumnHeaders cellClassName={th} columns={['Recebido', 'Empresa', 'NIF', 'Contacto', 'Tipologia', 'Estado']} />
            </thead>
            <tbody>
              {items.map((r) => (
                <tr key={r.id} className="border-t">
                  <td className={td}>{dateTime(r.createdAt)}</td>
                  <td className={td}>
                    <Link href={`/admin/pro-accounts/requests/${r.id}`} prefetch={false} className="font-medium text-sky-800 hover:underline">
                      {r.companyName}
                    </Link>
                  </td>
                  <td className={td}>{r.fiscalNumber}</td>
                  <td className={td}>
                    {r.contactName}
                    <br />
                    <span className="text-slate-600">{r.email}</span>
                  </td>
                  <td className={td}>{r.typology}</td>
                  <td className={td}>
                    <RequestStatus status={r.status} />
                    {r.handledByName ? <span className="block text-xs text-slate-600">por {r.handledByName}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <AdminPager base="/admin/pro-accounts" query={{ tab: 'requests', estado: status }} page={page} pageSize={pageSize} total={total} />
    </section>
  );
}

export const ROLE_LABEL: Record<string, string> = ROLE_LABELS;

const filterSelect = 'rounded-md border bg-white px-2 py-2 text-sm';

export function UsersTable({ items, total, page, pageSize, query }: { items: UserRow[]; total: number; page: number; pageSize: number; query: Record<string, string> }) {
  return (
    <section>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <form method="get" action="/admin/pro-accounts" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="tab" value="users" />
          <label className="text-sm">
            <span className="block text-slate-700">Pesquisar</span>
            <input name="q" defaultValue={query.q} placeholder="Email ou nome" className="w-56 rounded-md border px-3 py-2 text-sm" />
          </label>
          <FilterSelect label="Função" name="funcao" defaultValue={query.funcao ?? ''} options={[['', 'Todas'], ...ROLES.map((r) => [r, ROLE_LABEL[r]] as const)]} className="text-sm" labelClassName="block text-slate-700" selectClassName={filterSelect} />
          <FilterSelect label="Tipo" name="tipo" defaultValue={query.tipo ?? ''} options={[['', 'Todos'], ['pro', 'Profissional'], ['particular', 'Particular']]} className="text-sm" labelClassName="block text-slate-700" selectClassName={filterSelect} />
          <FilterSelect label="Administrador" name="admin" defaultValue={query.admin ?? ''} options={[['', 'Todos'], ['sim', 'Sim'], ['nao', 'Não']]} className="text-sm" labelClassName="block text-slate-700" selectClassName={filterSelect} />
          <FilterSelect label="Estado" name="estado" defaultValue={query.estado ?? ''} options={[['', 'Todos'], ['ativo', 'Ativos'], ['desativado', 'Desativados']]} className="text-sm" labelClassName="block text-slate-700" selectClassName={filterSelect} />
          <FilterSelect label="Último acesso" name="acesso" defaultValue={query.acesso ?? ''} options={[['', 'Qualquer'], ['30d', 'Nos últimos 30 dias'], ['antigo', 'Há mais de 30 dias'], ['nunca', 'Nunca entrou']]} className="text-sm" labelClassName="block text-slate-700" selectClassName={filterSelect} />
          <button className="rounded-md border bg-white px-3 py-2 text-sm">Filtrar</button>
        </form>
        <Link href="/admin/users/new" prefetch={false} className="rounded-md bg-sky-800 px-3 py-2 text-sm font-medium text-white hover:bg-sky-700">
          Novo utilizador
        </Link>
      </div>
      {items.length === 0 ? (
        <p className="rounded-xl border bg-white p-6 text-slate-700">Nenhum utilizador encontrado.</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border bg-white">
          <table className="w-full text-sm">
            <thead className="bg-slate-50">
              <ColumnHeaders cellClassName={th} columns={['Email', 'Nome', 'Função', 'Tipo / conta', 'Criado', 'Último acesso', 'Estado']} />
            </thead>
            <tbody>
              {items.map((u) => (
                <tr key={u.id} className="border-t">
                  <td className={td}>
                    <Link href={`/admin/pro-accounts/users/${encodeURIComponent(u.id)}`} prefetch={false} className="font-medium text-sky-800 hover:underline">
                      {u.email}
                    </Link>
                  </td>
                  <td className={td}>{u.name}</td>
                  <td className={td}>
                    {ROLE_LABEL[u.role] ?? u.role}
                    {u.isAdmin ? <span className="ml-1 rounded bg-purple-700 px-1.5 py-0.5 text-xs text-white">ADMIN</span> : null}
                  </td>
                  <td className={td}>{u.userType === 'pro' ? `Profissional${u.accountName ? ` · ${u.accountName}` : ''}` : 'Particular'}</td>
                  <td className={td}>{dateTime(u.createdAt)}</td>
                  <td className={td}>{dateTime(u.lastLogin)}</td>
                  <td className={td}>{u.disabled ? <span className="text-red-700">Desativado</span> : 'Ativo'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <AdminPager base="/admin/pro-accounts" query={{ tab: 'users', ...query }} page={page} pageSize={pageSize} total={total} />
    </section>
  );
}
