import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AuditHistory } from '@/components/admin/audit-history';
import { listAuditInWords } from '@/server/audit/views';
import { AdminPageHeader } from '@/components/admin/page-header';
import { ACCOUNT_LABELS } from '@/components/admin/people/account-fields';
import { ActionForm, SelectField } from '@/components/admin/people/action-form';
import { dateTime, ROLE_LABEL } from '@/components/admin/people/sections';
import { ListTable } from '@/components/ui/list-table';
import { ROLES } from '@/lib/auth/permissions';
import { requirePageAccess } from '@/server/auth/session';
import { endAllSessionsAction, endSessionAction, sendPasswordResetAction, setAdminFlagAction, setUserDisabledAction, setUserRoleAction } from '@/server/people/actions';
import { getUserDetail, USER_ENTITY } from '@/server/people/users';

export const metadata: Metadata = { title: 'Utilizador' };

type Params = Promise<{ userId: string }>;

const small = 'rounded-md border px-3 py-1.5 text-sm hover:bg-slate-50';

/**
 * /admin/pro-accounts/users/{userId} (/admin/users/{id} redirects here): the user's
 * record, role (manage_users), admin flag (admins only; never away from the last one), disable /
 * enable (sessions end at once), a password-reset link, and the sessions, each can be ended.
 */
export default async function AdminUserPage({ params }: { params: Params }) {
  const { userId } = await params;
  const viewer = await requirePageAccess(`/admin/pro-accounts/users/${encodeURIComponent(userId)}`);
  const user = userId.length <= 100 ? await getUserDetail(userId) : null;
  if (!user) notFound();
  const self = user.id === viewer.id;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <AdminPageHeader title={user.email} description={user.name} crumbs={[{ label: 'Contas profissionais', href: '/admin/pro-accounts' }, { label: 'Utilizadores', href: '/admin/pro-accounts?tab=users' }]} />

      <section className="rounded-xl border bg-white p-5">
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
          <div><dt className="text-slate-600">Função</dt><dd className="font-medium">{ROLE_LABEL[user.role] ?? user.role}{user.isAdmin ? ' · marca de administrador' : ''}</dd></div>
          <div>
            <dt className="text-slate-600">Tipo</dt>
            <dd>
              {user.userType === 'pro' ? 'Profissional' : 'Particular'}
              {user.accountId ? (
                <>
                  {' · '}
                  <Link href={`/admin/pro-accounts/${user.accountId}`} className="text-sky-800 underline">{user.accountName}</Link>
                </>
              ) : null}
            </dd>
          </div>
          <div><dt className="text-slate-600">Estado</dt><dd>{user.disabled ? <span className="text-red-700">Desativado desde {dateTime(user.disabledAt)}</span> : 'Ativo'}</dd></div>
          <div><dt className="text-slate-600">Email confirmado</dt><dd>{user.emailVerified ? 'Sim' : 'Não (ainda não definiu password)'}</dd></div>
          <div><dt className="text-slate-600">Criado</dt><dd>{dateTime(user.createdAt)}</dd></div>
          <div><dt className="text-slate-600">Último acesso</dt><dd>{dateTime(user.lastLogin)}</dd></div>
        </dl>
      </section>

      <section className="grid gap-4 md:grid-cols-2">
        <div className="rounded-xl border bg-white p-5">
          <h2 className="mb-3 text-lg font-semibold">Função</h2>
          <ActionForm action={setUserRoleAction} submitLabel="Alterar função" labels={ACCOUNT_LABELS}>
            <input type="hidden" name="userId" value={user.id} />
            <SelectField label="Função" name="role" defaultValue={ROLES.includes(user.role as (typeof ROLES)[number]) ? user.role : 'viewer'} options={ROLES.map((r) => ({ value: r, label: ROLE_LABEL[r]! }))} />
          </ActionForm>
        </div>
        <div className="rounded-xl border bg-white p-5">
          <h2 className="mb-3 text-lg font-semibold">Marca de administrador</h2>
          <p className="mb-3 text-sm text-slate-600">Dá acesso a tudo, incluindo a sincronização com o ERP. Só quem a tem a pode dar ou retirar; o último administrador não a perde.</p>
          {viewer.isAdmin ? (
            <ActionForm action={setAdminFlagAction} submitLabel={user.isAdmin ? 'Retirar a marca' : 'Dar a marca de administrador'} confirmText={user.isAdmin ? `Retirar a marca de administrador a ${user.email}?` : `Dar a marca de administrador a ${user.email}?`}>
              <input type="hidden" name="userId" value={user.id} />
              <input type="hidden" name="isAdmin" value={user.isAdmin ? 'false' : 'true'} />
            </ActionForm>
          ) : (
            <p className="text-sm text-slate-700">{user.isAdmin ? 'Tem a marca.' : 'Não tem a marca.'} Só administradores a podem alterar.</p>
          )}
        </div>
        <div className="rounded-xl border bg-white p-5">
          <h2 className="mb-3 text-lg font-semibold">{user.disabled ? 'Reativar' : 'Desativar'}</h2>
          <p className="mb-3 text-sm text-slate-600">{user.disabled ? 'O utilizador volta a poder entrar.' : 'As sessões terminam já e o utilizador deixa de poder entrar.'}</p>
          {self && !user.disabled ? (
            <p className="text-sm text-slate-700">Não pode desativar a sua própria conta.</p>
          ) : (
            <ActionForm action={setUserDisabledAction} submitLabel={user.disabled ? 'Reativar utilizador' : 'Desativar utilizador'} confirmText={user.disabled ? undefined : `Desativar ${user.email}? As sessões terminam já.`} buttonClassName={user.disabled ? undefined : 'rounded-md border border-red-700 px-4 py-2 text-sm font-medium text-red-800 hover:bg-red-50'}>
              <input type="hidden" name="userId" value={user.id} />
              <input type="hidden" name="disabled" value={user.disabled ? 'false' : 'true'} />
            </ActionForm>
          )}
        </div>
        <div className="rounded-xl border bg-white p-5">
          <h2 className="mb-3 text-lg font-semibold">Password</h2>
          <p className="mb-3 text-sm text-slate-600">Envia para {user.email} um link de uso único para definir uma nova password.</p>
          <ActionForm action={sendPasswordResetAction} submitLabel="Enviar link" pendingLabel="A enviar…">
            <input type="hidden" name="userId" value={user.id} />
          </ActionForm>
        </div>
      </section>

      <section className="rounded-xl border bg-white p-5">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">Sessões ({user.sessions.length})</h2>
          {user.sessions.length ? (
            <ActionForm action={endAllSessionsAction} submitLabel="Terminar todas" pendingLabel="A terminar…" confirmText="Terminar todas as sessões deste utilizador?" buttonClassName={small} className="">
              <input type="hidden" name="userId" value={user.id} />
            </ActionForm>
          ) : null}
        </div>
        {user.sessions.length === 0 ? (
          <p className="text-sm text-slate-700">Sem sessões ativas.</p>
        ) : (
          <ListTable
            framed={false}
            headClassName="bg-slate-50"
            columns={['Iniciada', 'Último uso', 'Expira', 'IP (hash)', 'Navegador', { label: 'Ações', srOnly: true }]}
          >
            <tbody>
              {user.sessions.map((s) => (
                <tr key={s.id} className="border-t">
                  <td className="px-3 py-2">{dateTime(s.createdAt)}</td>
                  <td className="px-3 py-2">{dateTime(s.lastUsedAt)}</td>
                  <td className="px-3 py-2">{dateTime(s.expiresAt)}</td>
                  <td className="px-3 py-2 font-mono text-xs">{s.ipHash ?? '—'}</td>
                  <td className="max-w-xs truncate px-3 py-2 text-xs" title={s.userAgent ?? undefined}>{s.userAgent ?? '—'}</td>
                  <td className="px-3 py-2">
                    <ActionForm action={endSessionAction} submitLabel="Terminar" pendingLabel="…" buttonClassName={small} className="">
                      <input type="hidden" name="userId" value={user.id} />
                      <input type="hidden" name="sessionId" value={s.id} />
                    </ActionForm>
                  </td>
                </tr>
              ))}
            </tbody>
          </ListTable>
        )}
      </section>

      <section className="rounded-xl border bg-white p-5">
        <h2 className="mb-4 text-lg font-semibold">Histórico</h2>
        <AuditHistory entries={await listAuditInWords(USER_ENTITY, user.id, { role: 'Função', isAdmin: 'Administrador', disabled: 'Desativado', proAccountId: 'Conta', userType: 'Tipo', accountName: 'Nome da conta' })} />
      </section>
    </div>
  );
}
