import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AuditHistory } from '@/components/admin/audit-history';
import { listAuditInWords } from '@/server/audit/views';
import { AdminPageHeader } from '@/components/admin/page-header';
import { ACCOUNT_LABELS, AccountFields } from '@/components/admin/people/account-fields';
import { ActionForm, SelectField } from '@/components/admin/people/action-form';
import { ProfileCoverageChoice } from '@/components/admin/people/profile-coverage';
import { dateTime, RequestStatus } from '@/components/admin/people/sections';
import { DISCOUNT_PROFILES } from '@/lib/admin/discount-profiles';
import { requirePageAccess } from '@/server/auth/session';
import { approveAccessRequestAction, rejectAccessRequestAction } from '@/server/people/actions';
import { listAccountOptions, listCatalogueGroups } from '@/server/pro-accounts/accounts';
import { getAccessRequest, REQUEST_ENTITY, type AccessRequestDetail, type AttachChoice, type RequestUser } from '@/server/pro-accounts/requests';

export const metadata: Metadata = { title: 'Pedido de acesso' };

type Params = Promise<{ requestId: string }>;

/**
 * One access request: what was asked, what approving meets (accounts with the same NIF;
 * side by side, the account that sent the request and the e-mail written in it, highlighted when
 * they differ), and — while pending — approve (the user who gets the access chosen explicitly; into
 * an existing account or a new one from the request, with a starting discount profile) or reject
 * with a reason.
 */
export default async function AccessRequestPage({ params }: { params: Params }) {
  const { requestId } = await params;
  await requirePageAccess(`/admin/pro-accounts/requests/${encodeURIComponent(requestId)}`);
  const id = /^\d{1,9}$/.test(requestId) ? Number(requestId) : NaN;
  const request = Number.isSafeInteger(id) ? await getAccessRequest(id) : null;
  if (!request) notFound();
  const pending = request.status === 'pending';
  const [accounts, catalogue] = await Promise.all([pending ? listAccountOptions() : [], pending ? listCatalogueGroups() : { groups: [], withoutGroup: 0 }]);
  const accountOptions = accounts.map((a) => ({ value: String(a.id), label: `${a.name}${a.nif ? ` · NIF ${a.nif}` : ''}` }));
  const profiles = DISCOUNT_PROFILES.map((p) => ({ id: p.id, name: p.name, description: p.description, tiers: p.tiers }));
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <AdminPageHeader title={request.companyName} description={<RequestStatus status={request.status} />} crumbs={[{ label: 'Contas profissionais', href: '/admin/pro-accounts' }, { label: 'Pedidos de acesso', href: '/admin/pro-accounts?tab=requests' }]} />

      <section className="rounded-xl border bg-white p-5">
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <div><dt className="text-slate-600">Empresa</dt><dd className="font-medium">{request.companyName}</dd></div>
          <div>
            <dt className="text-slate-600">NIF</dt>
            <dd className="font-medium">
              {request.nif} {request.nifValid ? null : <span className="text-red-700">(dígito de controlo inválido)</span>}
            </dd>
          </div>
          <div><dt className="text-slate-600">Contacto</dt><dd>{request.contactName}</dd></div>
          <div><dt className="text-slate-600">Telemóvel</dt><dd>{request.phone ?? '—'}</dd></div>
          <div><dt className="text-slate-600">Tipologia</dt><dd>{request.typology}</dd></div>
          <div><dt className="text-slate-600">Recebido</dt><dd>{dateTime(request.createdAt)}</dd></div>
          {request.handledAt ? (
            <div><dt className="text-slate-600">Tratado</dt><dd>{dateTime(request.handledAt)} por {request.handledByName ?? '—'}</dd></div>
          ) : null}
        </dl>
        {request.message ? <p className="mt-4 whitespace-pre-line rounded-md bg-slate-50 p-3 text-sm">{request.message}</p> : null}
        {request.rejectionReason ? <p className="mt-4 text-sm"><span className="font-medium">Motivo da recusa:</span> {request.rejectionReason}</p> : null}
        {request.accountId ? (
          <p className="mt-4 text-sm">
            Conta: <Link href={`/admin/pro-accounts/${request.accountId}`} className="text-sky-800 underline">{request.accountName}</Link>
          </p>
        ) : null}
      </section>

      {request.status === 'pending' ? <RequestIdentities request={request} /> : <p className="text-sm text-slate-700">Email escrito no pedido: {request.email}</p>}

      {request.status === 'pending' ? (
        <>
          {request.sameNif.length ? (
            <p role="note" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" data-testid="nif-duplicate">
              Já existe {request.sameNif.length === 1 ? 'uma conta' : `${request.sameNif.length} contas`} com este NIF:{' '}
              {request.sameNif.map((a) => a.name).join(', ')}. Aprove para essa conta ou confirme a criação de outra.
            </p>
          ) : null}
          <section className="rounded-xl border bg-white p-5">
            <h2 className="mb-4 text-lg font-semibold">Aprovar</h2>
            <ActionForm action={approveAccessRequestAction} submitLabel="Aprovar pedido" pendingLabel="A aprovar…" labels={ACCOUNT_LABELS} testId="approve-form" successHref="/admin/pro-accounts/{accountId}">
              <input type="hidden" name="requestId" value={request.id} />
              <AttachUserChoice request={request} />
              <fieldset className="space-y-2">
                <legend className="text-sm font-medium">Conta profissional</legend>
                <label className="flex items-center gap-2 text-sm">
                  <input type="radio" name="mode" value="new" defaultChecked={request.sameNif.length === 0 || accounts.length === 0} /> Criar uma conta nova com os dados do pedido
                </label>
                <label className="flex items-center gap-2 text-sm">
                  <input type="radio" name="mode" value="existing" defaultChecked={request.sameNif.length > 0 && accounts.length > 0} disabled={accounts.length === 0} /> Ligar a uma conta existente
                </label>
              </fieldset>
              {accounts.length ? <SelectField label="Conta existente" name="accountId" defaultValue={String(request.sameNif[0]?.id ?? accounts[0]?.id ?? '')} options={accountOptions} /> : null}
              <details open className="rounded-md border p-3">
                <summary className="cursor-pointer text-sm font-medium">Dados da conta nova</summary>
                <div className="mt-3">
                  <AccountFields values={{ name: request.companyName, fiscalName: request.companyName, nif: request.nif }} />
                </div>
                {request.sameNif.length ? (
                  <label className="mt-3 flex items-center gap-2 text-sm">
                    <input type="checkbox" name="confirmDuplicate" value="true" /> Criar mesmo assim uma conta com um NIF já usado
                  </label>
                ) : null}
              </details>
              <ProfileCoverageChoice profiles={profiles} groups={catalogue.groups} withoutGroup={catalogue.withoutGroup} defaultProfile={DISCOUNT_PROFILES[0]!.id} />
              {accounts.length ? <SelectField label="Copiar regras da conta (com «Copiar as regras de outra conta»)" name="copyFromAccountId" options={[{ value: '', label: '—' }, ...accountOptions]} /> : null}
            </ActionForm>
          </section>
          <section className="rounded-xl border bg-white p-5">
            <h2 className="mb-4 text-lg font-semibold">Recusar</h2>
            <ActionForm action={rejectAccessRequestAction} submitLabel="Recusar pedido" pendingLabel="A recusar…" confirmText="Recusar este pedido? O requerente recebe um email com o motivo." labels={ACCOUNT_LABELS} buttonClassName="rounded-md border border-red-700 px-4 py-2 text-sm font-medium text-red-800 hover:bg-red-50">
              <input type="hidden" name="requestId" value={request.id} />
              <label className="block text-sm font-medium" htmlFor="reason">
                Motivo (enviado ao requerente)
              </label>
              <textarea id="reason" name="reason" rows={3} maxLength={1000} className="w-full rounded-md border px-3 py-2 text-sm" />
            </ActionForm>
          </section>
        </>
      ) : null}

      <section className="rounded-xl border bg-white p-5">
        <h2 className="mb-4 text-lg font-semibold">Histórico</h2>
        <AuditHistory entries={await listAuditInWords(REQUEST_ENTITY, request.id, ACCOUNT_LABELS)} />
      </section>
    </div>
  );
}

function userLine(user: RequestUser): string {
  const type = user.accountId ? `profissional, conta ${user.accountName ?? user.accountId}` : user.userType === 'pro' ? 'profissional' : 'particular';
  return `${user.name} · ${type}`;
}

/**
 * Who the request comes from, beside who it names: the account that was signed in when it was
 * sent (login e-mail, name) and the e-mail written in the request (with the account that has it,
 * if any). When they differ the two are highlighted: approving gives the access to a person, and a
 * look-alike address is easy to miss.
 */
function RequestIdentities({ request }: { request: AccessRequestDetail }) {
  const { sender, byEmail, emailMismatch } = request;
  const box = emailMismatch ? 'border-amber-400 bg-amber-50' : 'border-slate-200 bg-white';
  return (
    <section aria-labelledby="request-identities" className="space-y-3" data-testid="request-identities">
      <h2 id="request-identities" className="text-lg font-semibold">
        Quem pede e para quem
      </h2>
      {emailMismatch ? (
        <p role="note" className="rounded-xl border border-amber-400 bg-amber-100 p-4 text-sm font-medium text-amber-950" data-testid="email-mismatch">
          Atenção: o email escrito no pedido não é o email da conta que o enviou. Confirme abaixo a quem dar o acesso.
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className={`rounded-xl border p-4 text-sm ${box}`} data-testid="request-sender">
          <h3 className="font-medium text-slate-700">Conta que enviou o pedido</h3>
          {sender ? (
            <>
              <p className={`mt-1 break-all text-base ${emailMismatch ? 'font-bold text-amber-950' : 'font-medium'}`}>{sender.email}</p>
              <p className="text-slate-700">{userLine(sender)}</p>
            </>
          ) : (
            <p className="mt-1 text-slate-700">Nenhuma: o pedido foi enviado sem sessão iniciada.</p>
          )}
        </div>
        <div className={`rounded-xl border p-4 text-sm ${box}`} data-testid="request-email">
          <h3 className="font-medium text-slate-700">Email escrito no pedido</h3>
          <p className={`mt-1 break-all text-base ${emailMismatch ? 'font-bold text-amber-950' : 'font-medium'}`}>{request.email}</p>
          <p className="text-slate-700">{byEmail ? `Tem conta na loja: ${userLine(byEmail)}` : 'Sem conta na loja.'}</p>
        </div>
      </div>
    </section>
  );
}

function choiceLabel(choice: AttachChoice, request: AccessRequestDetail): string {
  switch (choice.kind) {
    case 'sender':
      return `A conta que enviou o pedido: ${request.sender!.email} (${request.sender!.name})`;
    case 'email':
      return `A conta com o email do pedido: ${request.byEmail!.email} (${request.byEmail!.name})`;
    case 'invite':
      return `Um utilizador novo com o email do pedido, ${request.email}, que recebe um link para definir a password`;
    default:
      return 'Nenhum: aprovar a conta sem dar o acesso a ninguém (os utilizadores juntam-se depois na página da conta)';
  }
}

/**
 * The explicit choice of who gets the access (`attachUser`, checked again by the server against
 * the request's candidates). Pre-selected only when the request names no one else than who sent
 * it; when the e-mails differ, staff must choose.
 */
function AttachUserChoice({ request }: { request: AccessRequestDetail }) {
  const people = request.attachChoices.filter((c) => c.kind !== 'none');
  const preselected = !request.emailMismatch && people.length === 1 ? people[0]!.value : null;
  return (
    <fieldset className="space-y-2" data-testid="attach-user">
      <legend className="text-sm font-medium">Quem fica com o acesso</legend>
      {request.attachChoices.map((choice) => (
        <label key={choice.value} className="flex items-start gap-2 text-sm">
          <input type="radio" name="attachUser" value={choice.value} defaultChecked={choice.value === preselected} required className="mt-1" /> {choiceLabel(choice, request)}
        </label>
      ))}
    </fieldset>
  );
}
