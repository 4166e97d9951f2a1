/** @jest-environment node */
import { eq } from 'drizzle-orm';
import { POST as authPost, GET as authGet } from '@/app/api/auth/[...all]/route';
import { resetEnvCache } from '@/lib/env';
import { removeAvatarAction } from '@/server/account/actions';
import { changeEmailAction, deleteAccountAction, signUpAction, updateProfileAction } from '@/server/auth/actions';
import { createAccount } from '@/server/auth/accounts';
import { getAuth } from '@/server/auth/auth';
import { getDb } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { setupTestDatabase } from '../helpers/db';
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp';

/**
 * Issue 9 (flags on the server, production host from configuration, account changes need the
 * password, safe callback URLs), through what API clients and the forms really use: better-auth's
 * HTTP API behind app/api/auth/[...all] and the server actions, on a real database, with mail
 * through a real SMTP server. Only Next's request scope (next/headers) is stood in for: each
 * action call gets the Host and session cookie a browser would send.
 *
 * The deployment: PRODUCTION_HOSTS=loja.example.pt with SITE_URL on it, and
 * FULL_FEATURE_HOSTS=staging.loja.example.pt (every feature on there).
 */
const mockRequestHeaders = new Map<string, string>();
jest.mock('next/headers', () => ({
  headers: async () => new Headers(Object.fromEntries(mockRequestHeaders)),
  cookies: async () => ({ get: () => undefined, getAll: () => [], set: () => undefined, delete: () => undefined }),
}));

setupTestDatabase();

const env = process.env as Record<string, string | undefined>;
const SITE = 'https://loja.example.pt';
const PRODUCTION = 'loja.example.pt';
const STAGING = 'staging.loja.example.pt';
const PASSWORD = 'Boa-Password-2026';
let smtp: SmtpCapture;
let ipCounter = 0;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  env.SMTP_URL = smtp.url;
  env.SITE_URL = SITE;
  env.PRODUCTION_HOSTS = PRODUCTION;
  env.FULL_FEATURE_HOSTS = STAGING;
  resetEnvCache();
});

afterAll(async () => {
  for (const name of ['SMTP_URL', 'SITE_URL', 'PRODUCTION_HOSTS', 'FULL_FEATURE_HOSTS']) delete env[name];
  resetEnvCache();
  await smtp.close();
});

beforeEach(() => smtp.clear());

interface Answer {
  status: number;
  body: Record<string, unknown> | null;
  headers: Headers;
}

/** A request to /api/auth/<path> through the app's route handler, as sent to `host`. */
async function http(path: string, init: { host: string; body?: unknown; token?: string; method?: 'GET' | 'POST' }): Promise<Answer> {
  const headers = new Headers({ host: init.host, origin: SITE, 'x-forwarded-for': `198.51.100.${++ipCounter}` });
  if (init.body !== undefined) headers.set('content-type', 'application/json');
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  const method = init.method ?? 'POST';
  const request = new Request(`http://${init.host}/api/auth${path}`, {
    method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const response = await (method === 'GET' ? authGet : authPost)(request);
  const text = await response.text();
  let body: Record<string, unknown> | null = null;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = null;
  }
  return { status: response.status, body, headers: response.headers };
}

async function userRow(email: string) {
  const [row] = await (await getDb())
    .select({ id: users.id, email: users.email, name: users.name, avatarUrl: users.avatarUrl, fiscalNumber: users.fiscalNumber, fullName: users.fullName })
    .from(users)
    .where(eq(users.email, email));
  return row;
}

/** A confirmed account and a bearer token of a fresh session (signed in on the staging host). */
async function account(email: string, opts: { isAdmin?: boolean } = {}): Promise<{ token: string; cookie: string }> {
  await createAccount(await getDb(), { email, password: PASSWORD, fullName: 'Ana Teste', role: opts.isAdmin ? 'admin' : 'viewer', isAdmin: Boolean(opts.isAdmin), userType: 'particular' });
  const login = await http('/sign-in/email', { host: STAGING, body: { email, password: PASSWORD } });
  expect(login.status).toBe(200);
  const token = login.headers.get('set-auth-token');
  const cookie = login.headers.getSetCookie().find((c) => c.includes('session_token='))?.split(';')[0];
  if (!token || !cookie) throw new Error('no session');
  return { token, cookie };
}

/** The request scope of the next action call: this host, this session. */
function browserOn(host: string, cookie?: string) {
  mockRequestHeaders.clear();
  mockRequestHeaders.set('host', host);
  mockRequestHeaders.set('x-forwarded-for', `203.0.113.${++ipCounter % 250}`);
  if (cookie) mockRequestHeaders.set('cookie', cookie);
}

const FEATURE_OFF = { success: false, error: { code: 'feature_off' } };

const signUpValues = (email: string) => ({
  firstName: 'Rui',
  lastName: 'Registo',
  email,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  phoneNumber: '912345678',
  taxNumber: '',
  acceptPrivacyPolicy: true,
  newsletter: false,
});

describe('registration follows the configured hosts, over HTTP and through the action', () => {
  it('POST /api/auth/sign-up/email on the production host answers 403 feature_off and creates nothing', async () => {
    const email = 'registo.producao@example.pt';
    const answer = await http('/sign-up/email', { host: PRODUCTION, body: { name: 'Rui', email, password: PASSWORD } });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject(FEATURE_OFF);
    // Variants of the path reach the same endpoint and are refused the same way.
    for (const path of ['/sign-up/email/', '//sign-up/email', '/Sign-Up/Email', '/sign%2Dup/email']) {
      expect((await http(path, { host: PRODUCTION, body: { name: 'Rui', email, password: PASSWORD } })).status).not.toBe(200);
    }
    expect(await userRow(email)).toBeUndefined();
  });

  it('Host: localhost sent straight to a production deployment does not switch registration on', async () => {
    const email = 'registo.localhost@example.pt';
    for (const host of ['localhost', 'localhost:3000', '127.0.0.1']) {
      const answer = await http('/sign-up/email', { host, body: { name: 'Rui', email, password: PASSWORD } });
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject(FEATURE_OFF);
    }
    // Nor does a forged X-Forwarded-Host naming the full-feature host.
    const request = new Request('http://localhost/api/auth/sign-up/email', {
      method: 'POST',
      headers: { host: 'localhost', 'x-forwarded-host': STAGING, origin: SITE, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Rui', email, password: PASSWORD }),
    });
    expect((await authPost(request)).status).toBe(403);
    expect(await userRow(email)).toBeUndefined();
  });

  it('the sign-up action is refused on the production host and on an unconfigured host, not on the full-feature host', async () => {
    for (const host of [PRODUCTION, 'localhost:3000']) {
      const email = `registo.acao.${host.replace(/\W/g, '')}@example.pt`;
      browserOn(host);
      expect(await signUpAction(signUpValues(email))).toEqual({ ok: false, error: { code: 'feature_off', message: 'Errors.featureOff' } });
      expect(await userRow(email)).toBeUndefined();
    }
    // On the full-feature host of the same deployment both ways create the account.
    const viaHttp = await http('/sign-up/email', { host: STAGING, body: { name: 'Rui', email: 'registo.http@example.pt', password: PASSWORD } });
    expect(viaHttp.status).toBe(200);
    browserOn(STAGING);
    const viaAction = await signUpAction(signUpValues('registo.acao@example.pt'));
    expect(viaAction.ok).toBe(true);
    expect(await userRow('registo.acao@example.pt')).toMatchObject({ fullName: 'Rui Registo' });
  });

});

describe('account endpoints behind the dashboard and profile flags', () => {
  it('update-user, change-email and delete-user answer 403 feature_off on the production host; administrators pass', async () => {
    const { token } = await account('flags.cliente@example.pt');
    for (const [path, body] of [
      ['/update-user', { name: 'Outro Nome' }],
      ['/change-email', { newEmail: 'outro@example.pt', password: PASSWORD }],
      ['/delete-user', { password: PASSWORD }],
    ] as const) {
      const answer = await http(path, { host: PRODUCTION, token, body });
      expect({ path, status: answer.status }).toEqual({ path, status: 403 });
      expect(answer.body).toMatchObject(FEATURE_OFF);
    }
    expect(await userRow('flags.cliente@example.pt')).toMatchObject({ name: 'Ana Teste' });

    const admin = await account('flags.admin@example.pt', { isAdmin: true });
    expect((await http('/update-user', { host: PRODUCTION, token: admin.token, body: { name: 'Admin Novo' } })).status).toBe(200);
    expect(await userRow('flags.admin@example.pt')).toMatchObject({ name: 'Admin Novo' });
  });

  it('the profile action is refused on the production host', async () => {
    const { cookie } = await account('flags.perfil@example.pt');
    browserOn(PRODUCTION, cookie);
    expect(await updateProfileAction({ fullName: 'Nome Novo', fiscalName: '' })).toEqual({ ok: false, error: { code: 'feature_off', message: 'Errors.featureOff' } });
    expect(await removeAvatarAction()).toMatchObject({ ok: false, error: { code: 'feature_off' } });
    browserOn(STAGING, cookie);
    expect(await updateProfileAction({ fullName: 'Nome Novo', fiscalName: '' })).toEqual({ ok: true, data: { message: 'Account.profile.saved' } });
    expect(await userRow('flags.perfil@example.pt')).toMatchObject({ name: 'Nome Novo', fullName: 'Nome Novo' });
  });
});

describe('profile fields are written only by the validated actions', () => {
  it('update-user cannot write avatarUrl, fiscalNumber or the other profile fields', async () => {
    const email = 'campos@example.pt';
    const { token } = await account(email);
    const before = await userRow(email);
    for (const body of [
      { avatarUrl: '/media/avatars/outroUtilizador-1700000000000.webp' },
      { fiscalNumber: '999999990' },
      { fullName: 'Outro', name: 'Ana' },
      { phoneNumber: '912345678' },
      { image: 'https://evil.example/x.png' },
      { userType: 'pro' },
    ]) {
      const answer = await http('/update-user', { host: STAGING, token, body });
      expect({ body, status: answer.status }).toEqual({ body, status: 400 });
    }
    expect(await userRow(email)).toEqual(before);
  });

  it('update-user keeps the name valid (not empty, at most 160 characters)', async () => {
    const email = 'nome@example.pt';
    const { token } = await account(email);
    expect((await http('/update-user', { host: STAGING, token, body: { name: 'x'.repeat(161) } })).status).toBe(400);
    expect((await http('/update-user', { host: STAGING, token, body: { name: '   ' } })).status).toBe(400);
    expect((await http('/update-user', { host: STAGING, token, body: { name: 'Ana Válida' } })).status).toBe(200);
    expect(await userRow(email)).toMatchObject({ name: 'Ana Válida' });
  });

  it('sign-up over HTTP cannot set profile fields nor a name of any length', async () => {
    const base = { password: PASSWORD };
    expect((await http('/sign-up/email', { host: STAGING, body: { ...base, name: 'Rui', email: 'campos.registo@example.pt', fiscalNumber: '999999990' } })).status).toBe(400);
    expect((await http('/sign-up/email', { host: STAGING, body: { ...base, name: 'R'.repeat(5000), email: 'nome.longo@example.pt' } })).status).toBe(400);
    expect((await http('/sign-up/email', { host: STAGING, body: { ...base, name: 'Rui', email: 'imagem@example.pt', image: 'https://evil.example/x.png' } })).status).toBe(400);
    expect(await userRow('imagem@example.pt')).toBeUndefined();
    expect(await userRow('campos.registo@example.pt')).toBeUndefined();
    expect(await userRow('nome.longo@example.pt')).toBeUndefined();
  });
});

describe('a change of e-mail needs the password, and the current address is told', () => {
  it('over HTTP: refused without the password or with a wrong one; with it, the OLD address gets the mail', async () => {
    const email = 'muda.http@example.pt';
    const { token } = await account(email);
    const without = await http('/change-email', { host: STAGING, token, body: { newEmail: 'nova.http@example.pt' } });
    expect(without.status).toBe(400);
    const wrong = await http('/change-email', { host: STAGING, token, body: { newEmail: 'nova.http@example.pt', password: 'Errada-Password-1' } });
    expect(wrong.status).toBe(400);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages).toHaveLength(0);

    const ok = await http('/change-email', { host: STAGING, token, body: { newEmail: 'nova.http@example.pt', password: PASSWORD } });
    expect(ok.status).toBe(200);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelopeTo).toEqual([email]);
    expect(mail!.text).toContain('nova.http@example.pt');
    expect(await userRow(email)).toMatchObject({ email });
  });

  it('through the action: the current password is required; the old address authorises, then the new one confirms', async () => {
    const email = 'muda.acao@example.pt';
    const newEmail = 'nova.acao@example.pt';
    const { cookie } = await account(email);
    browserOn(STAGING, cookie);
    const missing = await changeEmailAction({ newEmail });
    expect(missing).toMatchObject({ ok: false, error: { code: 'bad_request', fieldErrors: { currentPassword: ['Validation.currentPasswordRequired'] } } });
    const wrong = await changeEmailAction({ newEmail, currentPassword: 'Errada-Password-1' });
    expect(wrong).toMatchObject({ ok: false, error: { fieldErrors: { currentPassword: ['Account.email.wrongPassword'] } } });
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages).toHaveLength(0);

    expect(await changeEmailAction({ newEmail, currentPassword: PASSWORD })).toEqual({ ok: true, data: { message: 'Account.email.sent', values: { email } } });
    const [toOld] = await smtp.waitFor(1);
    expect(toOld!.envelopeTo).toEqual([email]);
    expect(toOld!.subject).toBe('Pedido de alteração do email da conta — Casa das Águas de Gaia');
    expect(toOld!.text).toContain(newEmail);
    expect(await userRow(email)).toMatchObject({ email });

    // The owner of the old address agrees; the new address gets its link; the change completes.
    const link = (text: string) => new URL(/https?:\/\/\S+\/auth\/confirm\?token=[^\s<>"')]+/.exec(text)![0]);
    const auth = await getAuth();
    await auth.api.verifyEmail({ query: { token: link(toOld!.text).searchParams.get('token')! } });
    const [, toNew] = await smtp.waitFor(2);
    expect(toNew!.envelopeTo).toEqual([newEmail]);
    await auth.api.verifyEmail({ query: { token: link(toNew!.text).searchParams.get('token')! } });
    expect(await userRow(newEmail)).toBeDefined();
    expect(await userRow(email)).toBeUndefined();
  });
});

describe('deleting the account needs the password', () => {
  it('delete-user on a fresh session without the password is refused; with it the account is gone', async () => {
    const email = 'apaga@example.pt';
    const { token } = await account(email);
    const without = await http('/delete-user', { host: STAGING, token, body: {} });
    expect(without.status).toBe(400);
    expect(await userRow(email)).toBeDefined();
    const withToken = await http('/delete-user', { host: STAGING, token, body: { token: 'qualquer' } });
    expect(withToken.status).toBe(400);
    expect(await userRow(email)).toBeDefined();
    expect((await http('/delete-user', { host: STAGING, token, body: { password: 'Errada-Password-1' } })).status).toBe(400);
    expect(await userRow(email)).toBeDefined();
    expect((await http('/delete-user', { host: STAGING, token, body: { password: PASSWORD } })).status).toBe(200);
    expect(await userRow(email)).toBeUndefined();
  });

  it('the action is refused on the production host', async () => {
    const { cookie } = await account('apaga.producao@example.pt');
    browserOn(PRODUCTION, cookie);
    expect(await deleteAccountAction({ password: PASSWORD })).toMatchObject({ ok: false, error: { code: 'feature_off' } });
    expect(await userRow('apaga.producao@example.pt')).toBeDefined();
  });
});

describe('callback URLs are on-site targets only', () => {
  it.each([
    'https://evil.example/reset',
    '//evil.example',
    '/\\evil.example',
    '/%09/evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    '/reset%0d%0aLocation:%20https://evil.example',
  ])('refuses redirectTo / callbackURL %j', async (target) => {
    // Each case asks for its own address, so the per-address recovery limit never answers first.
    const email = `ninguem.${++ipCounter}@example.pt`;
    const reset = await http('/request-password-reset', { host: STAGING, body: { email, redirectTo: target } });
    expect(reset.status).toBe(400);
    const signUp = await http('/sign-up/email', { host: STAGING, body: { name: 'Rui', email: `callback.${email}`, password: PASSWORD, callbackURL: target } });
    expect(signUp.status).toBe(400);
    const verify = await http(`/verify-email?token=x&callbackURL=${encodeURIComponent(target)}`, { host: STAGING, method: 'GET' });
    expect(verify.status).toBe(400);
    expect(verify.headers.get('location')).toBeNull();
  });

  it('accepts the shop\'s own paths', async () => {
    expect((await http('/request-password-reset', { host: STAGING, body: { email: 'proprio.1@example.pt', redirectTo: '/reset-password' } })).status).toBe(200);
    expect((await http('/request-password-reset', { host: STAGING, body: { email: 'proprio.2@example.pt', redirectTo: `${SITE}/reset-password` } })).status).toBe(200);
  });
});
