import type { Metadata } from 'next';
import { AdminPageHeader } from '@/components/admin/page-header';
import { ACCOUNT_LABELS, AccountFields } from '@/components/admin/people/account-fields';
import { ActionForm } from '@/components/admin/people/action-form';
import { requirePageAccess } from '@/server/auth/session';
import { createProAccountAction } from '@/server/people/actions';

export const metadata: Metadata = { title: 'Nova conta profissional' };

export default async function NewProAccountPage() {
  await requirePageAccess('/admin/pro-accounts/new');
  return (
    <div className="mx-auto max-w-3xl">
      <AdminPageHeader title="Nova conta profissional" crumbs={[{ label: 'Contas profissionais', href: '/admin/pro-accounts' }]} />
      <div className="rounded-xl border bg-white p-5">
        <ActionForm action={createProAccountAction} submitLabel="Criar conta" successHref="/admin/pro-accounts/{id}" labels={ACCOUNT_LABELS}>
          <AccountFields />
        </ActionForm>
      </div>
    </div>
  );
}
