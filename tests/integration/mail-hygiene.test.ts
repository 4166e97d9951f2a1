/** @jest-environment node */
import { desc, eq } from 'drizzle-orm';
import { resetEnvCache } from '@/lib/env';
import { getAuth } from '@/server/auth/auth';
import { createAccount } from '@/server/auth/accounts';
import { getDb } from '@/server/db/client';
import { prepareDatabase } from '@/server/db/prepare';
import { authRateLimits, mailOutbox } from '@/server/db/schema';
import { purgeExpiredRows } from '@/server/maintenance/purge';
import { behindTrustedFront, clientIpHeaders } from '../helpers/client-ip';
import { setupTestDatabase } from '../helpers/db';
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp';

/**
 * The outbox keeps no live link of a mail SMTP delivered, and old outbox mails and expired
 * limit counters are purged (at every start and hourly in the server).
 */
const handle = setupTestDatabase();
behindTrustedFront();
const env = process.env as Record<string, string | undefined>;
const SITE = 'http://localhost:3000';
const EMAIL = 'recupera@example.pt';
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  env.SITE_URL = SITE;
  resetEnvCache();
  await createAccount(await getDb(), { email: EMAIL, password: 'Antiga-Password-1', fullName: 'Rita', role: 'viewer', isAdmin: false, userType: 'particular' });
});

afterAll(async () => {
  delete env.SMTP_URL;
  delete env.SITE_URL;
  resetEnvCache();
  await smtp.close();
});

beforeEach(() => smtp.clear());

async function call(path: string, body: unknown): Promise<Response> {
  const auth = await getAuth();
  return auth.handler(
    new Request(`${SITE}/api/auth${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SITE, ...clientIpHeaders('198.51.100.40') },
      body: JSON.stringify(body),
    }),
  );
}

async function latestOutboxRow() {
  const [row] = await (await getDb()).select().from(mailOutbox).where(eq(mailOutbox.to, EMAIL)).orderBy(desc(mailOutbox.id)).limit(1);
  return row!;
}

describe('mail_outbox', () => {
  it('holds no token of a recovery mail SMTP delivered; the delivered link still works', async () => {
    env.SMTP_URL = smtp.url;
    resetEnvCache();
    expect((await call('/request-password-reset', { email: EMAIL, redirectTo: '/reset-password' })).status).toBe(200);
    const [mail] = await smtp.waitFor(1);
    const token = /\/reset-password\?token=([^\s&"<>]+)/.exec(mail!.text)![1]!;
    expect(token.length).toBeGreaterThan(10);

    const row = await latestOutboxRow();
    expect(row.status).toBe('sent');
    expect(row.text).not.toContain(token);
    expect(row.html).not.toContain(token);
    expect(row.text).toContain('/reset-password?token=[removido]');

    expect((await call('/reset-password', { token: decodeURIComponent(token), newPassword: 'Nova-Password-22' })).status).toBe(200);
  });

  it('keeps the link without SMTP (development: the outbox is the delivery)', async () => {
    delete env.SMTP_URL;
    resetEnvCache();
    expect((await call('/request-password-reset', { email: EMAIL, redirectTo: '/reset-password' })).status).toBe(200);
    const row = await latestOutboxRow();
    expect(row.status).toBe('outbox');
    expect(row.text).toMatch(/\/reset-password\?token=[A-Za-z0-9_-]{10,}/);
  });
});

describe('purge', () => {
  const DAY = 24 * 60 * 60_000;

  it('deletes outbox mails older than 30 days and limit counters whose window passed, at once and at every start', async () => {
    const db = await getDb();
    const now = Date.now();
    await db.delete(mailOutbox);
    await db.insert(mailOutbox).values([
      { to: 'velho@example.pt', subject: 'antigo', text: 't', html: 'h', status: 'sent', createdAt: new Date(now - 31 * DAY) },
      { to: 'recente@example.pt', subject: 'recente', text: 't', html: 'h', status: 'sent', createdAt: new Date(now - 29 * DAY) },
    ]);
    await db.delete(authRateLimits);
    await db.insert(authRateLimits).values([
      { key: 'sign-in:ip:203.0.113.1', hits: 4, windowStartedAt: now - 16 * 60_000 }, // 15-minute window passed
      { key: 'sign-in:ip:203.0.113.2', hits: 4, windowStartedAt: now - 5 * 60_000 }, // still counting
      { key: 'sign-up:email:a@example.pt', hits: 2, windowStartedAt: now - 30 * 60_000 }, // 1-hour window, still counting
      { key: 'recovery:ip:203.0.113.3', hits: 2, windowStartedAt: now - 61 * 60_000 }, // 1-hour window passed
      { key: 'outro-limite:ip:203.0.113.4', hits: 1, windowStartedAt: now - 2 * DAY }, // unknown action: kept a day
      { key: 'outro-limite:ip:203.0.113.5', hits: 1, windowStartedAt: now - 2 * 60 * 60_000 },
    ]);

    expect(await purgeExpiredRows(db, now)).toEqual({ outbox: 1, rateLimits: 3, webVitals: 0 });
    expect((await db.select({ to: mailOutbox.to }).from(mailOutbox)).map((r) => r.to)).toEqual(['recente@example.pt']);
    expect((await db.select({ key: authRateLimits.key }).from(authRateLimits)).map((r) => r.key).sort()).toEqual([
      'outro-limite:ip:203.0.113.5',
      'sign-in:ip:203.0.113.2',
      'sign-up:email:a@example.pt',
    ]);

    // A start purges too.
    await db.insert(mailOutbox).values({ to: 'velho@example.pt', subject: 'antigo', text: 't', html: 'h', status: 'sent', createdAt: new Date(now - 40 * DAY) });
    await db.insert(authRateLimits).values({ key: 'sign-in:email:b@example.pt', hits: 5, windowStartedAt: now - DAY });
    await prepareDatabase(handle.current());
    expect((await db.select({ to: mailOutbox.to }).from(mailOutbox)).map((r) => r.to)).toEqual(['recente@example.pt']);
    expect((await db.select({ key: authRateLimits.key }).from(authRateLimits)).map((r) => r.key)).not.toContain('sign-in:email:b@example.pt');
  });
});
