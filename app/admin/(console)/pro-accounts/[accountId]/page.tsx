import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AuditHistory } from '@/components/admin/audit-history';
import { listAuditInWords } from '@/server/audit/views';
import { AdminPageHeader } from '@/components/admin/page-header';
import { ACCOUNT_LABELS, AccountFields } from '@/components/admin/people/account-fields';
import { ActionForm, Field } from '@/components/admin/people/action-form';
import { formatDecimal } from '@/lib/format';
import { requirePageAccess } from '@/server/auth/session';
import { attachUserAction, detachUserAction, removePriceRuleAction, savePriceRuleAction, updateProAccountAction } from '@/server/people/actions';
import { ACCOUNT_ENTITY, getProAccount } from '@/server/pro-accounts/accounts';

export const metadata: Metadata = { title: 'Conta profissional' };

type Params = Promise<{ accountId: string }>;

const small = 'rounded-md border px-2 py-1 text-xs hover:bg-slate-50';

/**
 * /admin/pro-accounts/{accountId}: the account's fields (saved over its version), its
 * users (attach by e-mail, detach) and its price rules (add, change, remove). Rule and user changes
 * re-price the account's users at once (pricing cache tags).
 */
export default async function ProAccountPage({ params }: { params: Params }) {
  const { accountId } = await params;
  await requirePageAccess(`/admin/pro-accounts/${encodeURIComponent(accountId)}`);
  const id = /^\d{1,9}$/.test(accountId) ? Number(accountId) : NaN;
  const account = Number.isSafeInteger(id) ? await getProAccount(id) : null;
  if (!account) notFound();
  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <AdminPageHeader title={account.name} description={account.nif ? `NIF ${account.nif}` : undefined} crumbs={[{ label: 'Contas profissionais', href: '/admin/pro-accounts' }]} />
      {account.sameNif.length ? (
        <p role="note" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          Há outras contas com o mesmo NIF:{' '}
          {account.sameNif.map((a, i) => (
            <span key={a.id}>
              {i > 0 ? ', ' : ''}
              <Link href={`/admin/pro-accounts/${a.id}`} className="underline">
                {a.name}
              </Link>
            </span>
          ))}
          .
        </p>
      ) : null}

      <section className="rounded-xl border bg-white p-5">
        <h2 className="mb-4 text-lg font-semibold">Dados da conta</h2>
        <ActionForm action={updateProAccountAction} submitLabel="Gravar" labels={ACCOUNT_LABELS} testId="account-form">
          <input type="hidden" name="id" value={account.id} />
          <input type="hidden" name="version" defaultValue={account.version} />
          <AccountFields values={account} />
        </ActionForm>
      </section>

      <section className="rounded-xl border bg-white p-5">
        <h2 className="mb-4 text-lg font-semibold">Utilizadores da conta</h2>
        {account.users.length === 0 ? (
          <p className="text-sm text-slate-700">Nenhum utilizador ligado a esta conta.</p>
        ) : (
          <ul className="divide-y text-sm">
            {account.users.map((u) => (
              <li key={u.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <Link href={`/admin/pro-accounts/users/${encodeURIComponent(u.id)}`} className="font-medium text-sky-800 hover:underline">
                    {u.email}
                  </Link>{' '}
                  · {u.name}
                  {u.disabled ? <span className="ml-2 text-red-700">(desativado)</span> : null}
                </span>
                <ActionForm action={detachUserAction} submitLabel="Retirar da conta" pendingLabel="A retirar…" confirmText={`Retirar ${u.email} da conta? Passa a ver preços de particular.`} buttonClassName={small} className="">
                  <input type="hidden" name="accountId" value={account.id} />
                  <input type="hidden" name="userId" value={u.id} />
                </ActionForm>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-4 border-t pt-4">
          <ActionForm action={attachUserAction} submitLabel="Ligar utilizador" resetOnSuccess labels={ACCOUNT_LABELS} className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="accountId" value={account.id} />
            <Field label="Email de um utilizador existente" name="email" type="email" className="w-72" />
          </ActionForm>
          <p className="mt-2 text-xs text-slate-600">
            Sem conta na loja? <Link href={`/admin/users/new?conta=${account.id}`} className="underline">Criar o utilizador e enviar convite</Link>.
          </p>
        </div>
      </section>

      <section className="rounded-xl border bg-white p-5">
        <h2 className="mb-1 text-lg font-semibold">Regras de preço</h2>
        <p className="mb-4 text-sm text-slate-600">Desconto por grupo de desconto do catálogo; com datas opcionais. Quando várias regras se aplicam, vale a melhor para o cliente.</p>
        {account.rules.length === 0 ? <p className="mb-4 text-sm text-slate-700">Sem regras: os utilizadores veem o preço de tabela.</p> : null}
        <div className="space-y-2">
          {account.rules.map((r) => (
            <div key={r.id} className="flex flex-wrap items-end gap-2 rounded-md border p-2" data-testid="price-rule">
              <ActionForm action={savePriceRuleAction} submitLabel="Gravar" buttonClassName={small} labels={ACCOUNT_LABELS} className="flex flex-wrap items-end gap-2">
                <input type="hidden" name="accountId" value={account.id} />
                <input type="hidden" name="ruleId" value={r.id} />
                <Field label="Grupo" name="discountGroup" defaultValue={r.discountGroup} className="w-24" />
                <Field label="Desconto %" name="discountPercentage" defaultValue={formatDecimal(Number(r.discountPercentage), 0, 2)} className="w-24" />
                <Field label="Desde" name="validFrom" type="date" defaultValue={r.validFrom} className="w-40" />
                <Field label="Até" name="validTo" type="date" defaultValue={r.validTo} className="w-40" />
              </ActionForm>
              <ActionForm action={removePriceRuleAction} submitLabel="Remover" pendingLabel="A remover…" confirmText={`Remover a regra do grupo ${r.discountGroup}?`} buttonClassName={small} className="">
                <input type="hidden" name="accountId" value={account.id} />
                <input type="hidden" name="ruleId" value={r.id} />
              </ActionForm>
            </div>
          ))}
        </div>
        <div className="mt-4 border-t pt-4">
          <h3 className="mb-2 text-sm font-semibold">Acrescentar regra</h3>
          <ActionForm action={savePriceRuleAction} submitLabel="Acrescentar" resetOnSuccess labels={ACCOUNT_LABELS} className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="accountId" value={account.id} />
            <Field label="Grupo" name="discountGroup" className="w-24" placeholder="A1" />
            <Field label="Desconto %" name="discountPercentage" className="w-24" placeholder="15" />
            <Field label="Desde" name="validFrom" type="date" className="w-40" />
            <Field label="Até" name="validTo" type="date" className="w-40" />
          </ActionForm>
        </div>
      </section>

      <section className="rounded-xl border bg-white p-5">
        <h2 className="mb-4 text-lg font-semibold">Histórico</h2>
        <AuditHistory entries={await listAuditInWords(ACCOUNT_ENTITY, account.id, ACCOUNT_LABELS)} />
      </section>
    </div>
  );
}
