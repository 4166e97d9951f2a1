/** @jest-environment node */
import { eq } from 'drizzle-orm';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { toViewer } from '@/lib/auth/viewer';
import { resetEnvCache } from '@/lib/env';
import { getAccountSettings } from '@/server/account/settings';
import { getAuth } from '@/server/auth/auth';
import { createAccount } from '@/server/auth/accounts';
import { verifyBackupCodeAction, verifyTotpAction } from '@/server/auth/actions';
import { confirmTwoFactorAction, disableTwoFactorAction, startTwoFactorAction } from '@/server/auth/two-factor-actions';
import { getDb } from '@/server/db/client';
import { twoFactors, users } from '@/server/db/schema';
import { CLIENT_IP_HEADER, clientIpHeaders, behindTrustedFront } from '../helpers/client-ip';
import { setupTestDatabase } from '../helpers/db';

/**
 * Optional TOTP second factor of staff accounts, on a real database: over better-auth's HTTP API
 * (what the login form ends up calling), then through the server actions of /dashboard/settings.
 */

/** The request a server action runs in: its headers (cookie, client IP) are set by each test. */
const mockRequestHeaders = new Map<string, string>();
jest.mock('next/headers', () => ({
  headers: async () => new Headers(Object.fromEntries(mockRequestHeaders)),
  cookies: async () => {
    throw new Error('`cookies` was called outside a request scope.');
  },
}));

setupTestDatabase();
behindTrustedFront();

const env = process.env as Record<string, string | undefined>;
const SITE = 'http://localhost:3000';

beforeAll(() => {
  env.SITE_URL = SITE;
  resetEnvCache();
});

afterAll(() => {
  delete env.SITE_URL;
  resetEnvCache();
});

let ipCounter = 0;
async function call(path: string, body: unknown, cookie?: string): Promise<Response> {
  const auth = await getAuth();
  return auth.handler(
    new Request(`${SITE}/api/auth${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: SITE,
        ...clientIpHeaders(`203.0.113.${++ipCounter}`),
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify(body),
    }),
  );
}

/** The Cookie header after a response: `previous` with the response's Set-Cookie applied. */
function cookiesAfter(response: Response, previous = ''): string {
  const jar = new Map<string, string>();
  for (const pair of previous.split('; ').filter(Boolean)) {
    const at = pair.indexOf('=');
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  for (const line of response.headers.getSetCookie()) {
    const [pair = '', ...attributes] = line.split(';').map((s) => s.trim());
    const at = pair.indexOf('=');
    const name = pair.slice(0, at);
    const value = pair.slice(at + 1);
    const expired = !value || attributes.some((a) => /^max-age=0$/i.test(a));
    if (expired) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

const hasSession = (cookie: string) => /(^|; )cag\.session_token=/.test(cookie);

/** The raw secret of an otpauth:// URI (base32 in the URI; createOTP wants the decoded string). */
function rawSecret(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${totpURI}`);
  return new TextDecoder().decode(base32.decode(secret));
}

const currentCode = (secret: string) => createOTP(secret).totp();

/** A 6-digit code the authenticator would not show now (nor one period either side). */
async function wrongCode(secret: string): Promise<string> {
  const counter = Math.floor(Date.now() / 30_000);
  const otp = createOTP(secret);
  const valid = new Set(await Promise.all([-2, -1, 0, 1, 2].map((d) => otp.hotp(counter + d))));
  return ['000000', '111111', '222222'].find((c) => !valid.has(c))!;
}

async function signIn(email: string, password: string): Promise<{ response: Response; body: Record<string, unknown>; cookie: string }> {
  const response = await call('/sign-in/email', { email, password });
  const body = (await response.json()) as Record<string, unknown>;
  return { response, body, cookie: cookiesAfter(response) };
}

async function twoFactorEnabledOf(email: string): Promise<boolean | null> {
  const [row] = await (await getDb()).select({ enabled: users.twoFactorEnabled }).from(users).where(eq(users.email, email));
  return row?.enabled ?? null;
}

async function sessionUser(cookie: string): Promise<string | null> {
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers: new Headers({ cookie }) });
  return session?.user.email ?? null;
}

describe('TOTP over the HTTP API', () => {
  const email = 'editora.2fa@example.pt';
  const password = 'Editora-Password-1';
  let secret = '';
  let backup: string[] = [];

  beforeAll(async () => {
    await createAccount(await getDb(), { email, password, fullName: 'Editora 2FA', role: 'editor', isAdmin: false, userType: 'particular' });
  });

  it('enables the second factor: password → otpauth URI and 10 backup codes, active only after a first code', async () => {
    const login = await signIn(email, password);
    expect(login.response.status).toBe(200);
    let cookie = login.cookie;
    expect(hasSession(cookie)).toBe(true);

    const wrongPassword = await call('/two-factor/enable', { password: 'Outra-Password-9' }, cookie);
    expect(wrongPassword.status).toBe(400);
    expect(((await wrongPassword.json()) as { code: string }).code).toBe('INVALID_PASSWORD');

    const enable = await call('/two-factor/enable', { password }, cookie);
    expect(enable.status).toBe(200);
    const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\//);
    expect(new URL(totpURI).searchParams.get('issuer')).toBe('Casa das Águas de Gaia');
    expect(backupCodes).toHaveLength(10);
    cookie = cookiesAfter(enable, cookie);
    secret = rawSecret(totpURI);
    backup = backupCodes;
    // Not active until the app has proved it has the secret.
    expect(await twoFactorEnabledOf(email)).toBe(false);

    const verify = await call('/two-factor/verify-totp', { code: await currentCode(secret) }, cookie);
    expect(verify.status).toBe(200);
    cookie = cookiesAfter(verify, cookie);
    expect(await twoFactorEnabledOf(email)).toBe(true);
    const [row] = await (await getDb())
      .select({ verified: twoFactors.verified })
      .from(twoFactors)
      .innerJoin(users, eq(users.id, twoFactors.userId))
      .where(eq(users.email, email));
    expect(row?.verified).toBe(true);
    // The rotated session still works.
    expect(await sessionUser(cookie)).toBe(email);
  });

  it('then asks for the code at sign-in: no session before it, a wrong code refused, the right one signs in', async () => {
    const login = await signIn(email, password);
    expect(login.response.status).toBe(200);
    expect(login.body).toMatchObject({ twoFactorRedirect: true });
    expect(login.body.token).toBeUndefined();
    expect(hasSession(login.cookie)).toBe(false);
    expect(login.cookie).toMatch(/(^|; )cag\.two_factor=/);
    expect(await sessionUser(login.cookie)).toBeNull();

    const wrong = await call('/two-factor/verify-totp', { code: await wrongCode(secret), trustDevice: false }, login.cookie);
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { code: string }).code).toBe('INVALID_CODE');
    expect(hasSession(cookiesAfter(wrong, login.cookie))).toBe(false);

    const right = await call('/two-factor/verify-totp', { code: await currentCode(secret), trustDevice: false }, login.cookie);
    expect(right.status).toBe(200);
    const cookie = cookiesAfter(right, login.cookie);
    expect(hasSession(cookie)).toBe(true);
    expect(await sessionUser(cookie)).toBe(email);
  });

  it('accepts a backup code once instead of the app code', async () => {
    const first = await signIn(email, password);
    const used = await call('/two-factor/verify-backup-code', { code: backup[0] }, first.cookie);
    expect(used.status).toBe(200);
    expect(hasSession(cookiesAfter(used, first.cookie))).toBe(true);
    const again = await signIn(email, password);
    const reused = await call('/two-factor/verify-backup-code', { code: backup[0] }, again.cookie);
    expect(reused.status).toBe(401);
    expect(hasSession(cookiesAfter(reused, again.cookie))).toBe(false);
  });

  it('refuses the code without the sign-in challenge cookie', async () => {
    const response = await call('/two-factor/verify-totp', { code: await currentCode(secret) });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { code: string }).code).toBe('INVALID_TWO_FACTOR_COOKIE');
  });
});

describe('server actions of /dashboard/settings', () => {
  const staff = { email: 'admin.2fa@example.pt', password: 'Admin-Password-1' };
  const customer = { email: 'cliente.2fa@example.pt', password: 'Cliente-Password-1' };

  beforeAll(async () => {
    const db = await getDb();
    await createAccount(db, { ...staff, fullName: 'Admin 2FA', role: 'admin', isAdmin: true, userType: 'particular' });
    await createAccount(db, { ...customer, fullName: 'Cliente 2FA', role: 'viewer', isAdmin: false, userType: 'particular' });
  });

  beforeEach(() => mockRequestHeaders.clear());

  function actAs(cookie: string) {
    mockRequestHeaders.clear();
    mockRequestHeaders.set('cookie', cookie);
    mockRequestHeaders.set(CLIENT_IP_HEADER, `203.0.113.${++ipCounter}`);
  }

  it('refuses accounts that are not staff, and visitors without a session', async () => {
    const login = await signIn(customer.email, customer.password);
    actAs(login.cookie);
    expect(await startTwoFactorAction({ password: customer.password })).toEqual({
      ok: false,
      error: { code: 'forbidden', message: 'Account.twoFactor.staffOnly' },
    });
    actAs('');
    expect(await startTwoFactorAction({ password: customer.password })).toEqual({
      ok: false,
      error: { code: 'unauthorized', message: 'Errors.unauthenticated' },
    });
    expect(await (await getDb()).select().from(twoFactors).innerJoin(users, eq(users.id, twoFactors.userId)).where(eq(users.email, customer.email))).toHaveLength(0);
  });

  it('start → QR code as SVG, secret and backup codes; a wrong code is refused; the right one turns it on; disable turns it off', async () => {
    const login = await signIn(staff.email, staff.password);
    actAs(login.cookie);

    expect(await startTwoFactorAction({ password: 'Errada-Password-1' })).toEqual({
      ok: false,
      error: { code: 'bad_request', message: 'Account.twoFactor.wrongPassword' },
    });
    expect(await startTwoFactorAction({ password: '' })).toMatchObject({
      ok: false,
      error: { fieldErrors: { password: ['Validation.ownPasswordRequired'] } },
    });

    const started = await startTwoFactorAction({ password: staff.password });
    if (!started.ok) throw new Error(started.error.message);
    const { uri, secret, qrSvg, backupCodes } = started.data;
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    expect(new URL(uri).searchParams.get('secret')).toBe(secret);
    expect(qrSvg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(qrSvg).not.toMatch(/<script|on\w+=/i);
    expect(backupCodes).toHaveLength(10);
    const raw = new TextDecoder().decode(base32.decode(secret));

    expect(await confirmTwoFactorAction({ code: '12a456' })).toMatchObject({
      ok: false,
      error: { fieldErrors: { code: ['Validation.codeSixDigits'] } },
    });
    expect(await confirmTwoFactorAction({ code: await wrongCode(raw) })).toEqual({
      ok: false,
      error: { code: 'bad_request', message: 'Account.twoFactor.invalidCode' },
    });
    expect(await twoFactorEnabledOf(staff.email)).toBe(false);

    expect(await confirmTwoFactorAction({ code: await currentCode(raw) })).toEqual({ ok: true, data: { message: 'Account.twoFactor.enabled' } });
    expect(await twoFactorEnabledOf(staff.email)).toBe(true);

    // The confirmation rotated the session (the cookie goes back through nextCookies); sign in again with the code.
    const again = await signIn(staff.email, staff.password);
    expect(again.body).toMatchObject({ twoFactorRedirect: true });
    const verified = await call('/two-factor/verify-totp', { code: await currentCode(raw) }, again.cookie);
    expect(verified.status).toBe(200);
    actAs(cookiesAfter(verified, again.cookie));

    expect(await disableTwoFactorAction({ password: 'Errada-Password-1' })).toMatchObject({
      ok: false,
      error: { message: 'Account.twoFactor.wrongPassword' },
    });
    expect(await twoFactorEnabledOf(staff.email)).toBe(true);
    expect(await disableTwoFactorAction({ password: staff.password })).toEqual({ ok: true, data: { message: 'Account.twoFactor.disabled' } });
    expect(await twoFactorEnabledOf(staff.email)).toBe(false);

    const plain = await signIn(staff.email, staff.password);
    expect(plain.body.twoFactorRedirect).toBeUndefined();
    expect(hasSession(plain.cookie)).toBe(true);
  });

  it('the settings page data: the second factor is offered to staff only, with its state', async () => {
    const db = await getDb();
    const viewerOf = async (email: string, role: 'admin' | 'viewer', isAdmin: boolean) => {
      const [row] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.email, email));
      return toViewer({ id: row!.id, email, name: row!.name, isAdmin }, role);
    };
    const admin = await viewerOf(staff.email, 'admin', true);
    expect(await getAccountSettings(admin)).toEqual({ email: staff.email, twoFactorOffered: true, twoFactorEnabled: false });
    await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, admin.id));
    expect(await getAccountSettings(admin)).toMatchObject({ twoFactorOffered: true, twoFactorEnabled: true });
    await db.update(users).set({ twoFactorEnabled: false }).where(eq(users.id, admin.id));
    expect(await getAccountSettings(await viewerOf(customer.email, 'viewer', false))).toEqual({
      email: customer.email,
      twoFactorOffered: false,
      twoFactorEnabled: false,
    });
  });
});

describe('limits of the second factor at sign-in (someone who has the password guessing the code)', () => {
  const SIGN_IN_AGAIN = 'Demasiadas tentativas. Inicie sessão novamente.';

  /** A staff account with the second factor on (over the HTTP API): its TOTP secret. */
  async function staffWithTwoFactor(email: string, password: string): Promise<string> {
    await createAccount(await getDb(), { email, password, fullName: 'Staff 2FA', role: 'editor', isAdmin: false, userType: 'particular' });
    const login = await signIn(email, password);
    const enable = await call('/two-factor/enable', { password }, login.cookie);
    const { totpURI } = (await enable.json()) as { totpURI: string };
    const secret = rawSecret(totpURI);
    const verify = await call('/two-factor/verify-totp', { code: await currentCode(secret) }, cookiesAfter(enable, login.cookie));
    expect(verify.status).toBe(200);
    expect(await twoFactorEnabledOf(email)).toBe(true);
    return secret;
  }

  function actAs(cookie: string) {
    mockRequestHeaders.clear();
    mockRequestHeaders.set('cookie', cookie);
    mockRequestHeaders.set(CLIENT_IP_HEADER, `203.0.113.${++ipCounter}`);
  }

  it('gives a pending sign-in 5 codes; then it is void and the password is asked again (HTTP API)', async () => {
    const email = 'limite.http.2fa@example.pt';
    const password = 'Limite-Password-1';
    const secret = await staffWithTwoFactor(email, password);
    const login = await signIn(email, password);
    expect(login.body).toMatchObject({ twoFactorRedirect: true });
    for (let i = 0; i < 5; i++) {
      const wrong = await call('/two-factor/verify-totp', { code: await wrongCode(secret) }, login.cookie);
      expect(wrong.status).toBe(401);
    }
    // The 6th code is refused even when it is the right one, and the pending sign-in is gone.
    const sixth = await call('/two-factor/verify-totp', { code: await currentCode(secret) }, login.cookie);
    expect(sixth.status).toBe(429);
    expect(await sixth.json()).toMatchObject({ code: 'TWO_FACTOR_CHALLENGE_VOID', message: SIGN_IN_AGAIN });
    expect(hasSession(cookiesAfter(sixth, login.cookie))).toBe(false);
    const backup = await call('/two-factor/verify-backup-code', { code: 'abcde-fghij' }, login.cookie);
    expect(backup.status).toBe(401);
    expect(hasSession(cookiesAfter(backup, login.cookie))).toBe(false);

    // With the password again, the right code signs in.
    const again = await signIn(email, password);
    const right = await call('/two-factor/verify-totp', { code: await currentCode(secret) }, again.cookie);
    expect(right.status).toBe(200);
    expect(await sessionUser(cookiesAfter(right, again.cookie))).toBe(email);
  });

  it("the login form's actions: app and backup codes share the 5, then 'Demasiadas tentativas. Inicie sessão novamente.'", async () => {
    const email = 'limite.form.2fa@example.pt';
    const password = 'Limite-Password-2';
    const secret = await staffWithTwoFactor(email, password);
    const login = await signIn(email, password);
    actAs(login.cookie);
    for (let i = 0; i < 3; i++) {
      expect(await verifyTotpAction({ code: await wrongCode(secret), trustDevice: false })).toEqual({ ok: false, error: { code: 'unauthorized', message: 'Auth.twoFactor.invalidCode' } });
    }
    for (let i = 0; i < 2; i++) {
      expect(await verifyBackupCodeAction({ code: `errado-${i}` })).toEqual({ ok: false, error: { code: 'unauthorized', message: 'Auth.twoFactor.invalidBackupCode' } });
    }
    expect(await verifyTotpAction({ code: await currentCode(secret), trustDevice: false })).toEqual({ ok: false, error: { code: 'rate_limited', message: 'Auth.twoFactor.signInAgain' } });
    // The void sign-in stays void: the form goes back to the password.
    expect(await verifyTotpAction({ code: await currentCode(secret), trustDevice: false })).toEqual({ ok: false, error: { code: 'unauthorized', message: 'Auth.twoFactor.challengeGone' } });
  });

  it('caps an account at 20 wrong codes an hour, however many times the password is given again', async () => {
    const email = 'limite.conta.2fa@example.pt';
    const password = 'Limite-Password-3';
    const secret = await staffWithTwoFactor(email, password);
    const db = await getDb();
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    // Four sign-ins with the password, five wrong codes each: twenty wrong codes.
    for (let round = 0; round < 4; round++) {
      const login = await signIn(email, password);
      expect(login.body).toMatchObject({ twoFactorRedirect: true });
      for (let i = 0; i < 5; i++) {
        const wrong = await call('/two-factor/verify-totp', { code: await wrongCode(secret) }, login.cookie);
        expect([401, 429]).toContain(wrong.status);
        expect(hasSession(cookiesAfter(wrong, login.cookie))).toBe(false);
      }
    }
    // better-auth's own lock (10 wrong codes in a row, 15 minutes) has run out meanwhile…
    await db.update(twoFactors).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(twoFactors.userId, user!.id));
    // …but within the hour a new sign-in gets no more tries, not even the right code.
    const login = await signIn(email, password);
    const right = await call('/two-factor/verify-totp', { code: await currentCode(secret) }, login.cookie);
    expect(right.status).toBe(429);
    const body = (await right.json()) as { code: string; message: string; retryAfter?: number };
    expect(body.code).toBe('RATE_LIMITED');
    expect(body.message).toMatch(/^Demasiadas tentativas\. Por favor, aguarde \d+ minutos/);
    expect(body.retryAfter).toBeGreaterThan(45 * 60);
    expect(hasSession(cookiesAfter(right, login.cookie))).toBe(false);
    // The login form's action says how long to wait.
    const other = await signIn(email, password);
    actAs(other.cookie);
    const refused = await verifyTotpAction({ code: await currentCode(secret), trustDevice: false });
    expect(refused).toMatchObject({ ok: false, error: { code: 'rate_limited', message: 'Errors.rateLimited' } });
    const minutes = refused.ok ? 0 : Number(refused.error.values?.minutes);
    expect(minutes).toBeGreaterThan(45);
    expect(minutes).toBeLessThanOrEqual(60);
  });
});
