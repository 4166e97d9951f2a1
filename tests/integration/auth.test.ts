/** @jest-environment node */
import { eq, like } from 'drizzle-orm';
import { resetEnvCache } from '@/lib/env';
import { getAuth } from '@/server/auth/auth';
import { createAccount } from '@/server/auth/accounts';
import { getDb } from '@/server/db/client';
import { prepareDatabase } from '@/server/db/prepare';
import { users, verifications } from '@/server/db/schema';
import { clientIpHeaders, behindTrustedFront } from '../helpers/client-ip';
import { setupTestDatabase } from '../helpers/db';
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp';

/**
 * Accounts over better-auth's HTTP API (what API clients use) and its server API (what the
 * forms' actions use), on a real database, with mail through a real SMTP server.
 */
const handle = setupTestDatabase();
behindTrustedFront();
const env = process.env as Record<string, string | undefined>;
const SITE = 'http://localhost:3000';
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  env.SMTP_URL = smtp.url;
  env.SITE_URL = SITE;
  resetEnvCache();
});

afterAll(async () => {
  delete env.SMTP_URL;
  delete env.SITE_URL;
  delete env.ADMIN_EMAIL;
  delete env.ADMIN_PASSWORD;
  resetEnvCache();
  await smtp.close();
});

beforeEach(() => smtp.clear());

let ipCounter = 0;
async function call(path: string, body: unknown, ip = `198.51.100.${++ipCounter}`): Promise<Response> {
  const auth = await getAuth();
  return auth.handler(
    new Request(`${SITE}/api/auth${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SITE, ...clientIpHeaders(ip) },
      body: JSON.stringify(body),
    }),
  );
}

function linkIn(text: string, prefix: string): URL {
  const found = [...text.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((m) => new URL(m[0])).find((u) => u.pathname.startsWith(prefix));
  if (!found) throw new Error(`no ${prefix} link in: ${text}`);
  return found;
}

describe('sign-up, confirmation and login', () => {
  it('refuses a weak password with the Portuguese rules, whatever the way in', async () => {
    const response = await call('/sign-up/email', { name: 'Ana', email: 'fraca@example.pt', password: 'semmaiusculas1!' });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string };
    expect(body.message).toContain('A password deve conter pelo menos uma letra maiúscula');
    expect(await (await getDb()).select().from(users).where(eq(users.email, 'fraca@example.pt'))).toHaveLength(0);
  });

  it('sends a pt-PT confirmation link to /auth/confirm; login waits for it; the session cookie is HttpOnly and Lax', async () => {
    const email = 'confirma@example.pt';
    const password = 'Boa-Password-2026';
    expect((await call('/sign-up/email', { name: 'Ana Confirma', email, password })).status).toBe(200);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelopeTo).toEqual([email]);
    expect(mail!.subject).toBe('Confirme o seu email — Casa das Águas de Gaia');
    expect(mail!.text).toContain('Obrigado por criar conta');
    const link = linkIn(mail!.text, '/auth/confirm');

    const early = await call('/sign-in/email', { email, password });
    expect(early.status).toBe(403);
    expect(((await early.json()) as { code: string }).code).toBe('EMAIL_NOT_VERIFIED');

    const auth = await getAuth();
    await auth.api.verifyEmail({ query: { token: link.searchParams.get('token')! } });
    const login = await call('/sign-in/email', { email, password });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith('cag.session_token='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(login.headers.get('set-auth-token')).toBeTruthy();

    const [row] = await (await getDb()).select({ role: users.role, isAdmin: users.isAdmin }).from(users).where(eq(users.email, email));
    expect(row).toEqual({ role: 'viewer', isAdmin: false });
  });

  it('ignores a role or admin flag sent at sign-up', async () => {
    const email = 'esperto@example.pt';
    expect((await call('/sign-up/email', { name: 'Esperto', email, password: 'Boa-Password-2026', role: 'admin', isAdmin: true })).status).toBe(200);
    const [row] = await (await getDb()).select({ role: users.role, isAdmin: users.isAdmin }).from(users).where(eq(users.email, email));
    expect(row).toEqual({ role: 'viewer', isAdmin: false });
  });
});

describe('password recovery', () => {
  const email = 'recupera@example.pt';
  beforeAll(async () => {
    await createAccount(await getDb(), { email, password: 'Antiga-Password-1', fullName: 'Rita Recupera', role: 'viewer', isAdmin: false, userType: 'particular' });
  });

  it('mails a one-time link to /reset-password that expires', async () => {
    expect((await call('/request-password-reset', { email, redirectTo: '/reset-password' })).status).toBe(200);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.subject).toBe('Recuperar password — Casa das Águas de Gaia');
    const token = linkIn(mail!.text, '/reset-password').searchParams.get('token')!;

    // Expired: refused.
    const db = await getDb();
    await db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) }).where(like(verifications.identifier, `%${token}`));
    expect((await call('/reset-password', { token, newPassword: 'Nova-Password-22' })).status).toBe(400);

    smtp.clear();
    await call('/request-password-reset', { email, redirectTo: '/reset-password' });
    const fresh = linkIn((await smtp.waitFor(1))[0]!.text, '/reset-password').searchParams.get('token')!;
    expect((await call('/reset-password', { token: fresh, newPassword: 'Nova-Password-22' })).status).toBe(200);
    // Used: refused.
    expect((await call('/reset-password', { token: fresh, newPassword: 'Outra-Password-33' })).status).toBe(400);
    expect((await call('/sign-in/email', { email, password: 'Antiga-Password-1' })).status).toBe(401);
    expect((await call('/sign-in/email', { email, password: 'Nova-Password-22' })).status).toBe(200);
  });

  it('answers an unknown address the same way and sends nothing', async () => {
    const known = await call('/request-password-reset', { email, redirectTo: '/reset-password' });
    const unknown = await call('/request-password-reset', { email: 'ninguem@example.pt', redirectTo: '/reset-password' });
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    await smtp.waitFor(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages.filter((m) => m.envelopeTo.includes('ninguem@example.pt'))).toHaveLength(0);
  });
});

describe('abuse limits', () => {
  it('stops the 6th login attempt for one e-mail from one IP within 15 minutes, with a Portuguese 429', async () => {
    const email = 'alvo@example.pt';
    const ip = '203.0.113.50';
    await createAccount(await getDb(), { email, password: 'Certa-Password-1', fullName: 'Alvo', role: 'viewer', isAdmin: false, userType: 'particular' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await call('/sign-in/email', { email, password: 'Errada-Password-1' }, ip)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const blocked = await call('/sign-in/email', { email, password: 'Certa-Password-1' }, ip);
    expect(blocked.status).toBe(429);
    expect(((await blocked.json()) as { message: string }).message).toMatch(/^Demasiadas tentativas\. Por favor, aguarde \d+ minutos? e tente novamente\.$/);
    // Another account is not affected.
    expect((await call('/sign-in/email', { email: 'outro@example.pt', password: 'Qualquer-Pass-1' }, ip)).status).toBe(401);
  });

  it('stops the 31st login attempt from one IP', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < 30; i++) await call('/sign-in/email', { email: `varios-${i}@example.pt`, password: 'Qualquer-Pass-1' }, ip);
    expect((await call('/sign-in/email', { email: 'mais-um@example.pt', password: 'Qualquer-Pass-1' }, ip)).status).toBe(429);
  });
});

describe('first administrator', () => {
  it('is created from ADMIN_EMAIL and ADMIN_PASSWORD, once, and can log in', async () => {
    env.ADMIN_EMAIL = 'Chefe@Example.pt';
    env.ADMIN_PASSWORD = 'Admin-Password-2026';
    resetEnvCache();
    expect((await prepareDatabase(handle.current())).accountsCreated).toBe(1);
    expect((await prepareDatabase(handle.current())).accountsCreated).toBe(0);
    const [row] = await (await getDb()).select({ role: users.role, isAdmin: users.isAdmin, verified: users.emailVerified }).from(users).where(eq(users.email, 'chefe@example.pt'));
    expect(row).toEqual({ role: 'admin', isAdmin: true, verified: true });
    expect((await call('/sign-in/email', { email: 'chefe@example.pt', password: 'Admin-Password-2026' })).status).toBe(200);
  });

  it('is not created without a password (there is no default one)', async () => {
    env.ADMIN_EMAIL = 'semsenha@example.pt';
    delete env.ADMIN_PASSWORD;
    resetEnvCache();
    expect((await prepareDatabase(handle.current())).accountsCreated).toBe(0);
    expect(await (await getDb()).select().from(users).where(eq(users.email, 'semsenha@example.pt'))).toHaveLength(0);
  });
});
