import type { Metadata } from 'next';
import { AdminPageHeader } from '@/components/admin/page-header';
import { ACCOUNT_LABELS } from '@/components/admin/people/account-fields';
import { ActionForm, Field, SelectField } from '@/components/admin/people/action-form';
import { ROLE_LABEL } from '@/components/admin/people/sections';
import { ROLES } from '@/lib/auth/permissions';
import { requirePageAccess } from '@/server/auth/session';
import { createUserAction } from '@/server/people/actions';
import { listAccountOptions } from '@/server/pro-accounts/accounts';

export const metadata: Metadata = { title: 'Novo utilizador' };

type SearchParams = Promise<{ conta?: string | string[] }>;

/** What each role means, beside its name in the choice. */
const ROLE_HINT: Partial<Record<string, string>> = { reader: ' (pessoal da loja, só consulta)', viewer: ' (sem acesso à gestão)' };

/** /admin/users/new (spec 2.4): a staff or customer user, invited by e-mail to set a password. */
export default async function NewUserPage({ searchParams }: { searchParams: SearchParams }) {
  await requirePageAccess('/admin/users/new');
  const { conta } = await searchParams;
  const accounts = await listAccountOptions();
  const preset = typeof conta === 'string' && accounts.some((a) => String(a.id) === conta) ? conta : '';
  return (
    <div className="mx-auto max-w-3xl">
      <AdminPageHeader title="Novo utilizador" description="O utilizador recebe um email com um link para definir a password." crumbs={[{ label: 'Contas profissionais', href: '/admin/pro-accounts' }, { label: 'Utilizadores', href: '/admin/pro-accounts?tab=users' }]} />
      <div className="rounded-xl border bg-white p-5">
        <ActionForm action={createUserAction} submitLabel="Criar e enviar convite" pendingLabel="A criar…" labels={ACCOUNT_LABELS} successHref="/admin/pro-accounts/users/{userId}">
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Email" name="email" type="email" required />
            <Field label="Nome" name="fullName" required />
            <SelectField label="Função" name="role" defaultValue="viewer" options={ROLES.map((r) => ({ value: r, label: `${ROLE_LABEL[r]}${ROLE_HINT[r] ?? ''}` }))} />
            <SelectField label="Tipo" name="userType" defaultValue={preset ? 'pro' : 'particular'} options={[{ value: 'particular', label: 'Particular' }, { value: 'pro', label: 'Profissional' }]} />
            <SelectField label="Conta profissional" name="accountId" defaultValue={preset} options={[{ value: '', label: '— nenhuma —' }, ...accounts.map((a) => ({ value: String(a.id), label: a.name }))]} className="sm:col-span-2" />
          </div>
          <p className="text-xs text-slate-600">A marca de administrador dá-se depois, na página do utilizador.</p>
        </ActionForm>
      </div>
    </div>
  );
}
