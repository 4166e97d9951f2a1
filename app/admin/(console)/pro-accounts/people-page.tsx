import { AdminPageHeader } from '@/components/admin/page-header';
import { pageParam } from '@/components/admin/pager';
import { ROLES, type Role } from '@/lib/auth/permissions';
import { listUsers, USER_PAGE_SIZE } from '@/server/people/users';
import { ACCOUNT_PAGE_SIZE, listProAccounts } from '@/server/pro-accounts/accounts';
import { countPendingRequests, listAccessRequests, REQUEST_PAGE_SIZE } from '@/server/pro-accounts/requests';
import { AccountsTable, PeopleTabs, RequestsTable, UsersTable, type PeopleTab } from '@/components/admin/people/sections';

export type PeopleSearchParams = Record<string, string | string[] | undefined>;

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.slice(0, 100) ?? '';

export function tabOf(raw: string | string[] | undefined): PeopleTab {
  const v = one(raw);
  return v === 'users' || v === 'requests' ? v : 'accounts';
}

/** /admin/pro-accounts and its tabs (also /admin/pro-accounts/users and /requests): one screen. */
export async function PeoplePage({ tab, query }: { tab: PeopleTab; query: PeopleSearchParams }) {
  const page = pageParam(query.pagina);
  const pending = await countPendingRequests();
  let body: React.ReactNode;
  if (tab === 'users') {
    const q = { q: one(query.q), funcao: one(query.funcao), tipo: one(query.tipo), admin: one(query.admin), estado: one(query.estado), acesso: one(query.acesso) };
    const { items, total } = await listUsers({
      q: q.q,
      role: (ROLES as readonly string[]).includes(q.funcao) ? (q.funcao as Role) : null,
      type: q.tipo === 'pro' || q.tipo === 'particular' ? q.tipo : null,
      admin: q.admin === 'sim' ? true : q.admin === 'nao' ? false : null,
      disabled: q.estado === 'desativado' ? true : q.estado === 'ativo' ? false : null,
      login: q.acesso === 'nunca' ? 'never' : q.acesso === '30d' ? '30d' : q.acesso === 'antigo' ? 'stale' : null,
      page,
    });
    body = <UsersTable items={items} total={total} page={page} pageSize={USER_PAGE_SIZE} query={Object.fromEntries(Object.entries(q).filter(([, v]) => v))} />;
  } else if (tab === 'requests') {
    const status = one(query.estado);
    const s = status === 'pending' || status === 'approved' || status === 'rejected' ? status : null;
    const { items, total } = await listAccessRequests({ status: s, page });
    body = <RequestsTable items={items} total={total} page={page} pageSize={REQUEST_PAGE_SIZE} status={s ?? ''} />;
  } else {
    const q = one(query.q);
    const { items, total } = await listProAccounts({ q, page });
    body = <AccountsTable items={items} total={total} page={page} pageSize={ACCOUNT_PAGE_SIZE} q={q} />;
  }
  return (
    <div className="mx-auto max-w-6xl">
      <AdminPageHeader title="Contas profissionais" description="Empresas clientes, os seus utilizadores e descontos, pedidos de acesso e utilizadores da loja." />
      <PeopleTabs current={tab} pending={pending} />
      {body}
    </div>
  );
}
