/** @jest-environment node */
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import * as React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import AccessRequestPage from '@/app/admin/(console)/pro-accounts/requests/[requestId]/page';
import { POST as authPost } from '@/app/api/auth/[...all]/route';
import { GET as usersAuthGet } from '@/app/api/users/auth/route';
import { toViewer, type Viewer } from '@/lib/auth/viewer';
import { effectiveRole } from '@/lib/auth/permissions';
import { resetEnvCache } from '@/lib/env';
import { listAudit } from '@/server/admin/audit';
import { submitAccessRequest } from '@/server/access-requests/requests';
import { createAccount } from '@/server/auth/accounts';
import { getViewer, viewerFromHeaders } from '@/server/auth/session';
import { getDb } from '@/server/db/client';
import { accessRequests, priceRules, proAccounts, sessions, users } from '@/server/db/schema';
import { importCatalogueFile } from '@/server/import';
import { processDueJobs } from '@/server/jobs';
import { sendAccessRequestAnswer } from '@/server/pro-accounts/mails-job';
import { approveAccessRequestAction, createUserAction, setAdminFlagAction, setUserRoleAction } from '@/server/people/actions';
import { getLoginDebug } from '@/server/people/login-debug';
import { setAdminFlag, setUserDisabled, setUserRole } from '@/server/people/users';
import { createProAccount, savePriceRule } from '@/server/pro-accounts/accounts';
import { approveAccessRequest, getAccessRequest, rejectAccessRequest } from '@/server/pro-accounts/requests';
import { importPriceRules } from '@/server/pro-accounts/rules-import';
import { clearPricingCache, getUserPrices } from '@/server/pricing';
import { call, signedInAccount, TEST_PASSWORD } from '../helpers/api';
import { behindTrustedFront, CLIENT_IP_HEADER } from '../helpers/client-ip';
import { setupTestDatabase } from '../helpers/db';
import { resolveServerTree } from '../helpers/server-components';
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp';

/**
 * Issue 14, people: approving and rejecting access requests (account created or linked, user
 * type pro, starting rules, mails through a real SMTP server, handled once under two concurrent
 * approvals — run with DATABASE_URL for real PostgreSQL concurrency), roles and the admin flag,
 * the last administrator, disabling a user (sessions gone at once), the bulk price-rules import
 * (all-or-nothing) and the prices of an account's users following its rules.
 */

const mockRequestHeaders = new Map<string, string>();
jest.mock('next/headers', () => ({
  headers: async () => new Headers(Object.fromEntries(mockRequestHeaders)),
  cookies: async () => ({ has: () => false, get: () => undefined }),
}));
jest.mock('@/server/auth/session', () => ({ ...jest.requireActual('@/server/auth/session'), getViewer: jest.fn() }));
jest.mock('next-intl', () => jest.requireActual('@/tests/helpers/next-intl').nextIntlMock());
jest.mock('next-intl/server', () => jest.requireActual('@/tests/helpers/next-intl').nextIntlServerMock());
// The request page renders on the server; its form (a client leaf, it needs the browser's router)
// is stood in for by a plain form holding the same fields.
jest.mock('@/components/admin/people/action-form', () => ({
  ...jest.requireActual('@/components/admin/people/action-form'),
  ActionForm: ({ children, testId }: { children?: React.ReactNode; testId?: string }) => jest.requireActual('react').createElement('form', { 'data-testid': testId }, children),
}));

setupTestDatabase();
behindTrustedFront();

const env = process.env as Record<string, string | undefined>;
const mockedViewer = jest.mocked(getViewer);
let smtp: SmtpCapture;

function staff(id: string, role: 'admin' | 'editor' | 'viewer', isAdmin: boolean): Viewer {
  return toViewer({ id, email: `${id}@loja.example.pt`, fullName: id === 'staff-ana' ? 'Ana Staff' : `Staff ${id}`, role, isAdmin }, effectiveRole(role, isAdmin));
}
const admin = staff('staff-ana', 'admin', true);
const rui = staff('staff-rui', 'admin', true);

const REQUEST = {
  companyName: 'Canalizações Ribeiro, Lda.',
  fiscalNumber: '510 000 002',
  contactName: 'Joaquim Ribeiro',
  phone: '912345678',
  typology: 'Instalador' as const,
  message: 'Instalador em Gaia.',
  acceptPrivacyPolicy: true as const,
  honeypot: '',
};

async function newRequest(email: string, overrides: Partial<typeof REQUEST> = {}): Promise<number> {
  const outcome = await submitAccessRequest({ ...REQUEST, ...overrides, email });
  if (outcome.outcome !== 'received') throw new Error('not stored');
  return outcome.id;
}

async function price(userId: string, code: string) {
  const { prices } = await getUserPrices(userId, [code]);
  return prices[code];
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  env.SMTP_URL = smtp.url;
  env.SHOP_NOTIFY_EMAIL = 'loja@loja.example.pt';
  resetEnvCache();
  mockRequestHeaders.set('host', 'localhost');
  mockRequestHeaders.set(CLIENT_IP_HEADER, '198.51.100.7');
  const db = await getDb();
  const result = await importCatalogueFile(db, path.join(process.cwd(), 'tests/fixtures/catalogue-small.csv'));
  expect(result.ok).toBe(true);
  clearPricingCache();
}, 120_000);

afterAll(async () => {
  delete env.SMTP_URL;
  delete env.SHOP_NOTIFY_EMAIL;
  resetEnvCache();
  await smtp.close();
});

beforeEach(() => {
  smtp.clear();
  mockedViewer.mockReset();
  mockedViewer.mockResolvedValue(admin);
});

describe('access requests', () => {
  it('approval creates the account from the request, the user (invited), type pro, the profile rules, and mails the requester', async () => {
    const requestId = await newRequest('joaquim@ribeiro.example.pt');
    smtp.clear();
    const outcome = await approveAccessRequest({ requestId, mode: 'new', accountId: null, name: 'Ribeiro Canalizações', fiscalName: null, nif: null, phcClientId: 'PHC-77', address: null, postalCode: null, city: null, profile: 'instalador-20-15-10', copyFromAccountId: null, attachUser: 'invite' }, admin);
    expect(outcome).toMatchObject({ accountCreated: true, userCreated: true, mailQueued: true });
    const userId = outcome.userId!;
    expect(outcome.rules).toBeGreaterThanOrEqual(3);

    const db = await getDb();
    const [account] = await db.select().from(proAccounts).where(eq(proAccounts.id, outcome.accountId));
    expect(account).toMatchObject({ name: 'Ribeiro Canalizações', nif: '510000002', phcClientId: 'PHC-77', fiscalName: REQUEST.companyName });
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ email: 'joaquim@ribeiro.example.pt', userType: 'pro', proAccountId: outcome.accountId, accountName: 'Ribeiro Canalizações', role: 'viewer', isAdmin: false });
    const rules = await db.select().from(priceRules).where(eq(priceRules.accountId, outcome.accountId));
    expect(rules.find((r) => r.discountGroup === 'A1')?.discountPercentage).toBe('20.00');
    expect(rules.find((r) => r.discountGroup === 'B2')?.discountPercentage).toBe('15.00');
    expect(rules.find((r) => r.discountGroup === 'C')?.discountPercentage).toBe('10.00');
    const [request] = await db.select().from(accessRequests).where(eq(accessRequests.id, requestId));
    expect(request).toMatchObject({ status: 'approved', accountId: outcome.accountId, userId: outcome.userId, handledByName: 'Ana Staff' });

    // Every step audited: the request, the account, the user.
    expect((await listAudit('access_request', requestId))[0]?.summary).toMatch(/aprovado/);
    expect((await listAudit('pro_account', outcome.accountId)).map((e) => e.action)).toEqual(expect.arrayContaining(['create', 'bulk']));
    expect((await listAudit('user', userId)).length).toBeGreaterThanOrEqual(2);

    // The requester's mail (a job, sent once after the commit) carries a one-time link to set a
    // password; it works and confirms the address.
    await processDueJobs();
    const [mail] = await smtp.waitFor(1);
    expect(await sendAccessRequestAnswer(requestId, undefined)).toBe('already-sent');
    expect(smtp.messages).toHaveLength(1);
    expect(mail!.to).toContain('joaquim@ribeiro.example.pt');
    expect(mail!.subject).toMatch(/Acesso profissional aprovado/);
    const token = /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail!.text)?.[1];
    expect(token).toBeTruthy();
    const reset = await authPost(new Request('http://localhost/api/auth/reset-password', { method: 'POST', headers: { host: 'localhost', origin: 'http://localhost', 'content-type': 'application/json' }, body: JSON.stringify({ token: decodeURIComponent(token!), newPassword: TEST_PASSWORD }) }));
    expect(reset.status).toBe(200);
    const signIn = await authPost(new Request('http://localhost/api/auth/sign-in/email', { method: 'POST', headers: { host: 'localhost', origin: 'http://localhost', 'content-type': 'application/json' }, body: JSON.stringify({ email: 'joaquim@ribeiro.example.pt', password: TEST_PASSWORD }) }));
    expect(signIn.status).toBe(200);

    // The professional sees the account's prices.
    expect(await price(userId, 'HDT-16200')).toMatchObject({ discountPercentage: 20 });
  });

  it('approval links an existing user to an existing account; a NIF another account holds is flagged', async () => {
    const existing = await createProAccount({ name: 'Ribeiro Porto', fiscalName: null, nif: '502000007', phcClientId: null, address: null, postalCode: null, city: null }, admin);
    await createAccount(await getDb(), { email: 'maria@ribeiro.example.pt', password: TEST_PASSWORD, fullName: 'Maria', role: 'viewer', isAdmin: false, userType: 'particular' });
    const requestId = await newRequest('Maria@Ribeiro.example.pt', { fiscalNumber: '502000007' });
    const detail = await getAccessRequest(requestId);
    expect(detail?.sameNif).toEqual([{ id: existing, name: 'Ribeiro Porto' }]);
    expect(detail?.byEmail?.email).toBe('maria@ribeiro.example.pt');
    const maria = detail!.byEmail!.id;

    // Creating a second account with the same NIF needs a confirmation.
    await expect(approveAccessRequest({ requestId, mode: 'new', accountId: null, name: 'Outra', fiscalName: null, nif: null, phcClientId: null, address: null, postalCode: null, city: null, profile: 'none', copyFromAccountId: null, attachUser: maria }, admin)).rejects.toMatchObject({ code: 'conflict', key: 'Admin.People.requests.nifDuplicate' });

    smtp.clear();
    const outcome = await approveAccessRequest({ requestId, mode: 'existing', accountId: existing, fiscalName: null, nif: null, phcClientId: null, address: null, postalCode: null, city: null, profile: 'none', copyFromAccountId: null, attachUser: maria }, admin);
    expect(outcome).toMatchObject({ accountId: existing, accountCreated: false, userCreated: false, userId: maria });
    const [user] = await (await getDb()).select().from(users).where(eq(users.id, maria));
    expect(user).toMatchObject({ email: 'maria@ribeiro.example.pt', userType: 'pro', proAccountId: existing });
    await processDueJobs();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.text).not.toMatch(/reset-password/);
    expect(mail!.text).toMatch(/\/login/);
  });

  it('two concurrent approvals: exactly one wins, the other is told who handled it', async () => {
    const requestId = await newRequest('duplo@ribeiro.example.pt', { fiscalNumber: '503000000' });
    const input = { requestId, mode: 'new' as const, accountId: null, name: 'Duplo Lda', fiscalName: null, nif: null, phcClientId: null, address: null, postalCode: null, city: null, profile: 'none', copyFromAccountId: null, attachUser: 'invite' };
    const results = await Promise.allSettled([approveAccessRequest(input, admin), approveAccessRequest(input, rui)]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r) => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    const reason = (lost[0] as PromiseRejectedResult).reason as { code: string; key: string; message: string };
    expect(reason.code).toBe('conflict');
    expect(reason.message).toMatch(/Este pedido já foi tratado por (Ana Staff|Staff staff-rui)/);
    const db = await getDb();
    expect((await db.select().from(proAccounts).where(eq(proAccounts.nif, '503000000'))).length).toBe(1);
    expect((await db.select().from(users).where(eq(users.email, 'duplo@ribeiro.example.pt'))).length).toBe(1);
    // A rejection after that is refused too; the requester gets one answer.
    await expect(rejectAccessRequest(requestId, 'Tarde demais', admin)).rejects.toMatchObject({ code: 'conflict' });
    await processDueJobs();
    expect(smtp.messages.filter((m) => m.to.includes('duplo@ribeiro.example.pt') && /aprovado/.test(m.subject))).toHaveLength(1);
  });

  it('rejection records the reason and mails a polite answer', async () => {
    const requestId = await newRequest('recusa@obras.example.pt', { fiscalNumber: '504000004' });
    smtp.clear();
    await rejectAccessRequest(requestId, 'Não encontrámos atividade de instalação associada ao NIF.', admin);
    const [row] = await (await getDb()).select().from(accessRequests).where(eq(accessRequests.id, requestId));
    expect(row).toMatchObject({ status: 'rejected', rejectionReason: 'Não encontrámos atividade de instalação associada ao NIF.', handledByName: 'Ana Staff' });
    await processDueJobs();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toContain('recusa@obras.example.pt');
    expect(mail!.text).toMatch(/não nos é possível aprová-lo/);
    expect(mail!.text).toMatch(/Não encontrámos atividade/);
    expect((await listAudit('access_request', requestId))[0]?.changes).toEqual(expect.arrayContaining([{ field: 'status', before: 'pending', after: 'rejected' }]));
  });

  it('an answer the SMTP server refused is sent again by the retry, once', async () => {
    const requestId = await newRequest('retry@obras.example.pt', { fiscalNumber: '123456789' });
    await processDueJobs();
    smtp.clear();
    smtp.reject = 'Caixa cheia';
    await rejectAccessRequest(requestId, 'Atividade fora do nosso âmbito.', admin);
    await processDueJobs();
    const db = await getDb();
    expect((await db.select().from(accessRequests).where(eq(accessRequests.id, requestId)))[0]?.answerMailedAt).toBeNull();
    smtp.reject = null;
    // The retry's turn comes after its backoff; the handler run directly stands for it.
    expect(await sendAccessRequestAnswer(requestId, undefined)).toBe('sent');
    expect(await sendAccessRequestAnswer(requestId, undefined)).toBe('already-sent');
    expect(smtp.messages.filter((m) => m.to.includes('retry@obras.example.pt'))).toHaveLength(1);
  });
});

describe('who gets the access of an approved request', () => {
  const COMPANY = 'Ribeiro Canalizações, Lda.';

  /** A request sent by a signed-in account, naming someone else's e-mail; both have shop accounts. */
  async function requestFromAnotherAccount(senderEmail: string, writtenEmail: string, nif: string) {
    const db = await getDb();
    await createAccount(db, { email: senderEmail, password: TEST_PASSWORD, fullName: 'Ivo Intruso', role: 'viewer', isAdmin: false, userType: 'particular' });
    const [sender] = await db.select({ id: users.id }).from(users).where(eq(users.email, senderEmail));
    const sent = await submitAccessRequest({ ...REQUEST, companyName: COMPANY, fiscalNumber: nif, email: writtenEmail }, { userId: sender!.id });
    if (sent.outcome !== 'received') throw new Error('not stored');
    return { requestId: sent.id, senderId: sender!.id };
  }

  function approveForm(requestId: number, nif: string, attachUser?: string): FormData {
    const form = new FormData();
    const fields = { requestId: String(requestId), mode: 'new', name: 'Ribeiro Canalizações', fiscalName: '', nif, phcClientId: '', address: '', postalCode: '', city: '', profile: 'none', copyFromAccountId: '' };
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    if (attachUser !== undefined) form.set('attachUser', attachUser);
    return form;
  }

  async function requestPage(requestId: number): Promise<string> {
    const viewer = await signedInAccount({ email: `admin.pagina.${requestId}@loja.example.pt`, fullName: 'Admin Página', role: 'admin', isAdmin: true, userType: 'particular' });
    mockRequestHeaders.set('cookie', viewer.cookie);
    try {
      const page = await AccessRequestPage({ params: Promise.resolve({ requestId: String(requestId) }) });
      return renderToStaticMarkup(React.createElement(React.Fragment, null, await resolveServerTree(page)));
    } finally {
      mockRequestHeaders.delete('cookie');
    }
  }

  it('shows the sending account beside the e-mail written in the request, and attaches only the user staff choose among them', async () => {
    const db = await getDb();
    await createAccount(db, { email: 'gerente@ribeiro-canalizacoes.pt', password: TEST_PASSWORD, fullName: 'Gerente Ribeiro', role: 'viewer', isAdmin: false, userType: 'particular' });
    const [manager] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'gerente@ribeiro-canalizacoes.pt'));
    const nif = '505000008';
    const { requestId, senderId } = await requestFromAnotherAccount('ivo@ribeiro-canalizacoes.pt.example', 'gerente@ribeiro-canalizacoes.pt', nif);

    const detail = await getAccessRequest(requestId);
    expect(detail).toMatchObject({
      email: 'gerente@ribeiro-canalizacoes.pt',
      sender: { id: senderId, email: 'ivo@ribeiro-canalizacoes.pt.example', name: 'Ivo Intruso' },
      byEmail: { id: manager!.id, email: 'gerente@ribeiro-canalizacoes.pt', name: 'Gerente Ribeiro' },
      emailMismatch: true,
    });

    // The page: both identities side by side, the difference highlighted, nobody chosen in advance.
    const html = await requestPage(requestId);
    expect(html).toContain('data-testid="email-mismatch"');
    expect(html).toMatch(/data-testid="request-sender"[\s\S]*ivo@ribeiro-canalizacoes\.pt\.example[\s\S]*Ivo Intruso/);
    expect(html).toMatch(/data-testid="request-email"[\s\S]*gerente@ribeiro-canalizacoes\.pt[\s\S]*Gerente Ribeiro/);
    const radios = [...html.matchAll(/<input[^>]*name="attachUser"[^>]*>/g)].map((m) => m[0]);
    expect(radios.map((r) => /value="([^"]*)"/.exec(r)?.[1])).toEqual([senderId, manager!.id, 'none']);
    expect(radios.some((r) => /checked/.test(r))).toBe(false);

    // The approval must say who; a user who is not one of the request's candidates is refused.
    expect(await approveAccessRequestAction(approveForm(requestId, nif))).toMatchObject({ ok: false, error: { fieldErrors: { attachUser: ['Admin.People.validation.attachRequired'] } } });
    await createAccount(db, { email: 'outra.pessoa@obras.example.pt', password: TEST_PASSWORD, fullName: 'Outra Pessoa', role: 'viewer', isAdmin: false, userType: 'particular' });
    const [stranger] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'outra.pessoa@obras.example.pt'));
    for (const other of [stranger!.id, 'invite', 'qualquer-coisa']) {
      expect(await approveAccessRequestAction(approveForm(requestId, nif, other))).toMatchObject({ ok: false, error: { code: 'bad_request', message: 'Admin.People.requests.attachInvalid' } });
    }
    expect(await db.select().from(proAccounts).where(eq(proAccounts.nif, nif))).toHaveLength(0);
    expect((await getAccessRequest(requestId))?.status).toBe('pending');

    // Staff give the access to the account with the request's e-mail: the sender gets nothing.
    smtp.clear();
    const done = await approveAccessRequestAction(approveForm(requestId, nif, manager!.id));
    expect(done).toMatchObject({ ok: true, data: { userId: manager!.id } });
    const accountId = done.ok ? done.data.accountId : 0;
    const [managerRow] = await db.select().from(users).where(eq(users.id, manager!.id));
    expect(managerRow).toMatchObject({ userType: 'pro', proAccountId: accountId });
    const [senderRow] = await db.select().from(users).where(eq(users.id, senderId));
    expect(senderRow).toMatchObject({ userType: 'particular', proAccountId: null });
    const [row] = await db.select().from(accessRequests).where(eq(accessRequests.id, requestId));
    expect(row).toMatchObject({ status: 'approved', userId: manager!.id });
    await processDueJobs();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toContain('gerente@ribeiro-canalizacoes.pt');
  });

  it('may give the access to nobody: the account is made, no one joins it, and the request\'s address is told only that', async () => {
    const nif = '506000001';
    const { requestId, senderId } = await requestFromAnotherAccount('ivo2@obras.example.pt', 'compras@ribeiro-porto.example.pt', nif);
    const detail = await getAccessRequest(requestId);
    expect(detail?.attachChoices.map((c) => c.kind)).toEqual(['sender', 'invite', 'none']);
    smtp.clear();
    const done = await approveAccessRequestAction(approveForm(requestId, nif, 'none'));
    expect(done).toMatchObject({ ok: true, data: { userId: null } });
    const db = await getDb();
    const [senderRow] = await db.select().from(users).where(eq(users.id, senderId));
    expect(senderRow).toMatchObject({ userType: 'particular', proAccountId: null });
    expect(await db.select().from(users).where(eq(users.email, 'compras@ribeiro-porto.example.pt'))).toHaveLength(0);
    await processDueJobs();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toContain('compras@ribeiro-porto.example.pt');
    expect(mail!.text).toMatch(/Vamos contactá-lo/);
    expect(mail!.text).not.toMatch(/reset-password|preços profissionais/);
  });
});

describe('the screens’ forms (FormData through the actions)', () => {
  it('approves from the form: a new account whose NIF another holds, once confirmed by the box', async () => {
    const requestId = await newRequest('form@ribeiro.example.pt', { fiscalNumber: '502000007' });
    const form = new FormData();
    for (const [k, v] of Object.entries({ requestId: String(requestId), mode: 'new', name: 'Ribeiro Formulário', fiscalName: '', nif: '502 000 007', phcClientId: '', address: '', postalCode: '', city: '', profile: 'revendedor-30-25-20', copyFromAccountId: '', attachUser: 'invite' })) form.set(k, v);
    const refused = await approveAccessRequestAction(form);
    expect(refused).toMatchObject({ ok: false, error: { code: 'conflict', message: 'Admin.People.requests.nifDuplicate' } });
    form.set('confirmDuplicate', 'true');
    const done = await approveAccessRequestAction(form);
    expect(done).toMatchObject({ ok: true, data: { message: 'Admin.People.requests.approved' } });
    const accountId = done.ok ? done.data.accountId : 0;
    const rules = await (await getDb()).select().from(priceRules).where(eq(priceRules.accountId, accountId));
    expect(rules.find((r) => r.discountGroup === 'A1')?.discountPercentage).toBe('30.00');
    // Bad input is a refusal, never an error page.
    expect(await approveAccessRequestAction({ requestId: 'abc', mode: 'x' })).toMatchObject({ ok: false, error: { code: 'bad_request' } });
  });

  it('creates a user with an invitation mail; the e-mail must be new', async () => {
    smtp.clear();
    const created = await createUserAction({ email: 'Nova.Staff@Loja.example.pt', fullName: 'Nova Staff', role: 'editor', userType: 'particular', accountId: '' });
    expect(created).toMatchObject({ ok: true });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toContain('nova.staff@loja.example.pt');
    expect(mail!.text).toMatch(/área de gestão/);
    expect(mail!.text).toMatch(/reset-password\?token=/);
    expect(await createUserAction({ email: 'nova.staff@loja.example.pt', fullName: 'Outra', role: 'viewer', userType: 'particular' })).toMatchObject({ ok: false, error: { code: 'conflict', fieldErrors: { email: ['Admin.People.users.emailTaken'] } } });
    mockedViewer.mockResolvedValue(staff('staff-eva', 'editor', false));
    expect(await createUserAction({ email: 'x@loja.example.pt', fullName: 'X', role: 'viewer', userType: 'particular' })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('login-debug tells about this browser only: no token, no other user', async () => {
    const session = await signedInAccount({ email: 'debug@example.pt', fullName: 'Debug', role: 'viewer', isAdmin: false, userType: 'pro', accountName: 'Debug Lda' });
    mockedViewer.mockResolvedValue(await viewerFromHeaders(new Headers({ host: 'localhost', authorization: `Bearer ${session.token}` })));
    const debug = await getLoginDebug();
    expect(debug).toMatchObject({ sessionValid: true, user: { email: 'debug@example.pt', role: 'viewer', isAdmin: false, userType: 'pro', badge: 'DEBUG LDA' } });
    expect(debug.access.find((a) => a.path === '/admin/pro-accounts')?.decision).toBe('denied');
    const text = JSON.stringify(debug);
    expect(text).not.toContain(session.token);
    expect(text).not.toContain('admin@');
    mockedViewer.mockResolvedValue(null);
    expect(await getLoginDebug()).toMatchObject({ sessionValid: false, user: null, cookiePresent: false });
  });
});

describe('roles and the admin flag', () => {
  let target: string;
  beforeAll(async () => {
    await createAccount(await getDb(), { email: 'alvo@loja.example.pt', password: TEST_PASSWORD, fullName: 'Alvo', role: 'viewer', isAdmin: false, userType: 'particular' });
    target = (await (await getDb()).select({ id: users.id }).from(users).where(eq(users.email, 'alvo@loja.example.pt')))[0]!.id;
  });

  it('role changes need manage_users', async () => {
    mockedViewer.mockResolvedValue(staff('staff-eva', 'editor', false));
    expect(await setUserRoleAction({ userId: target, role: 'editor' })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    mockedViewer.mockResolvedValue(staff('staff-rita', 'admin', false));
    expect(await setUserRoleAction({ userId: target, role: 'editor' })).toMatchObject({ ok: true });
    const [row] = await (await getDb()).select({ role: users.role }).from(users).where(eq(users.id, target));
    expect(row?.role).toBe('editor');
  });

  it('admin-flag changes need the flag', async () => {
    mockedViewer.mockResolvedValue(staff('staff-rita', 'admin', false));
    expect(await setAdminFlagAction({ userId: target, isAdmin: true })).toMatchObject({ ok: false, error: { code: 'forbidden', message: 'Admin.People.users.adminOnly' } });
    mockedViewer.mockResolvedValue(admin);
    expect(await setAdminFlagAction({ userId: target, isAdmin: true })).toMatchObject({ ok: true });
    const [row] = await (await getDb()).select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, target));
    expect(row?.isAdmin).toBe(true);
    // An editor without the flag cannot change an administrator's role either.
    await expect(setUserRole(target, 'viewer', staff('staff-rita', 'admin', false))).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('the last active administrator cannot lose the flag, not even by their own hand', async () => {
    const db = await getDb();
    // Only `target` is an administrator now.
    await db.update(users).set({ isAdmin: false }).where(sql`${users.id} <> ${target}`);
    const self = { ...admin, id: target };
    await expect(setAdminFlag(target, false, self)).rejects.toMatchObject({ code: 'conflict', key: 'Admin.People.users.lastAdmin' });
    await expect(setUserDisabled(target, true, admin)).rejects.toMatchObject({ code: 'conflict', key: 'Admin.People.users.lastAdmin' });
    await createAccount(db, { email: 'segundo@loja.example.pt', password: TEST_PASSWORD, fullName: 'Segundo', role: 'admin', isAdmin: true, userType: 'particular' });
    await setAdminFlag(target, false, self);
    const [row] = await db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, target));
    expect(row?.isAdmin).toBe(false);
    const [second] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'segundo@loja.example.pt'));
    await expect(setAdminFlag(second!.id, false, { ...admin, id: second!.id })).rejects.toMatchObject({ key: 'Admin.People.users.lastAdmin' });
  });
});

describe('disabling a user', () => {
  it('ends the sessions at once and refuses a new sign-in; enabling lets them in again', async () => {
    const session = await signedInAccount({ email: 'desativar@example.pt', fullName: 'Desativado', role: 'viewer', isAdmin: false, userType: 'particular' });
    const bearer = new Headers({ host: 'localhost', authorization: `Bearer ${session.token}` });
    expect((await viewerFromHeaders(bearer))?.email).toBe('desativar@example.pt');

    const { sessionsEnded } = await setUserDisabled(session.userId, true, admin);
    expect(sessionsEnded).toBeGreaterThanOrEqual(1);
    expect(await viewerFromHeaders(bearer)).toBeNull();
    expect(await viewerFromHeaders(new Headers({ host: 'localhost', cookie: session.cookie }))).toBeNull();
    expect((await call(usersAuthGet, 'GET', '/api/users/auth', { session })).status).toBe(401);
    const db = await getDb();
    expect(await db.select().from(sessions).where(eq(sessions.userId, session.userId))).toEqual([]);

    const signIn = () => authPost(new Request('http://localhost/api/auth/sign-in/email', { method: 'POST', headers: { host: 'localhost', origin: 'http://localhost', 'content-type': 'application/json' }, body: JSON.stringify({ email: 'desativar@example.pt', password: TEST_PASSWORD }) }));
    const refused = await signIn();
    expect(refused.status).not.toBe(200);
    expect(refused.headers.get('set-auth-token')).toBeNull();
    expect(await db.select().from(sessions).where(eq(sessions.userId, session.userId))).toEqual([]);

    await setUserDisabled(session.userId, false, admin);
    expect((await signIn()).status).toBe(200);
  });

  it('one cannot disable oneself', async () => {
    await expect(setUserDisabled(admin.id, true, admin)).rejects.toMatchObject({ key: 'Admin.People.users.notSelf' });
  });
});

describe('price rules', () => {
  let accountId: number;
  let userId: string;
  beforeAll(async () => {
    accountId = await createProAccount({ name: 'Regras Lda', fiscalName: null, nif: '234567899', phcClientId: 'PHC-900', address: null, postalCode: null, city: null }, admin);
    const session = await signedInAccount({ email: 'regras@example.pt', fullName: 'Regras', role: 'viewer', isAdmin: false, userType: 'pro' });
    userId = session.userId;
    const db = await getDb();
    await db.update(users).set({ proAccountId: accountId }).where(eq(users.id, userId));
    await savePriceRule(accountId, null, { discountGroup: 'A1', discountPercentage: '10.00', validFrom: null, validTo: null }, admin);
  });

  it('the prices of the account’s users follow a rule change at once', async () => {
    expect(await price(userId, 'HDT-16200')).toMatchObject({ discountPercentage: 10 });
    const [rule] = await (await getDb()).select().from(priceRules).where(and(eq(priceRules.accountId, accountId), eq(priceRules.discountGroup, 'A1')));
    await savePriceRule(accountId, rule!.id, { discountGroup: 'A1', discountPercentage: '25.00', validFrom: null, validTo: null }, admin);
    const after = await price(userId, 'HDT-16200');
    expect(after).toMatchObject({ discountPercentage: 25 });
    expect(typeof after === 'object' && after.userPrice).toBeCloseTo(1.25 * 0.75, 4);
  });

  it('bulk import is all-or-nothing with the line report, previews without writing, then applies', async () => {
    const db = await getDb();
    const before = await db.select().from(priceRules).where(eq(priceRules.accountId, accountId));
    const bad = Buffer.from('nif;grupo;percentagem;inicio;fim\n234567899;B2;12,5;;\n234567899;C;150;;\n999999999;C;5;;\nPHC?;;;;\n');
    const refused = await importPriceRules(bad, 'regras.csv', { apply: true, actor: admin });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.errors).toEqual(expect.arrayContaining(['Linha 3, coluna percentagem: percentagem entre 0 e 100, até duas casas decimais']));
      expect(refused.errors.some((e) => e.startsWith('Linha 4, coluna nif'))).toBe(true);
    }
    expect(await db.select().from(priceRules).where(eq(priceRules.accountId, accountId))).toEqual(before);

    const good = Buffer.from('erp;grupo;percentagem;inicio;fim\nPHC-900;B2;12,5;01/01/2026;31/12/2099\nPHC-900;A1;30;;\n');
    const preview = await importPriceRules(good, 'regras.csv', { apply: false, actor: admin });
    expect(preview).toMatchObject({ ok: true, applied: false, lines: 2, accounts: [{ accountId, name: 'Regras Lda', rules: 2, replaced: 1 }] });
    expect(await db.select().from(priceRules).where(eq(priceRules.accountId, accountId))).toEqual(before);
    expect(await price(userId, 'HDT-16200')).toMatchObject({ discountPercentage: 25 });

    const applied = await importPriceRules(good, 'regras.csv', { apply: true, actor: admin });
    expect(applied).toMatchObject({ ok: true, applied: true, lines: 2 });
    const rules = await db.select().from(priceRules).where(eq(priceRules.accountId, accountId));
    expect(rules.map((r) => [r.discountGroup, r.discountPercentage, r.validFrom, r.validTo]).sort()).toEqual([
      ['A1', '30.00', null, null],
      ['B2', '12.50', '2026-01-01', '2099-12-31'],
    ]);
    expect(await price(userId, 'HDT-16200')).toMatchObject({ discountPercentage: 30 });
    expect(await price(userId, 'VG-0500')).toMatchObject({ discountPercentage: 12.5 });
  });
});
