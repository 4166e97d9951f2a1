import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import { env, siteIsHttps, type Env } from '@/lib/env';
import { failedPasswordRules, PASSWORD_MAX_LENGTH } from '@/lib/validation/auth';
import type { Db, DbOrTx } from '@/server/db/client';
import { accounts, users, type UserType } from '@/server/db/schema';
import { serverText } from '@/server/i18n';
import { forgetCachedSessions } from '@/server/redis/sessions';

/**
 * Accounts created at start: the first administrator from ADMIN_EMAIL / ADMIN_PASSWORD (there is
 * no default admin password, and it must meet the password rules), and in a local demo one
 * account of each kind with a known password (README).
 */

export interface SeedAccount {
  email: string;
  password: string;
  fullName: string;
  role: 'admin' | 'editor' | 'reader' | 'viewer';
  isAdmin: boolean;
  userType: UserType;
  accountName?: string;
}

/** Demo accounts (README lists them): admin, editor, pro, particular and a staff viewer. Only with the demo catalogue. */
export const DEMO_ACCOUNTS: readonly SeedAccount[] = [
  { email: 'admin@demo.casadasaguas.pt', password: 'Demo-Admin-1967!', fullName: 'Administrador Demo', role: 'admin', isAdmin: true, userType: 'particular' },
  { email: 'editor@demo.casadasaguas.pt', password: 'Demo-Editor-1967!', fullName: 'Editora Demo', role: 'editor', isAdmin: false, userType: 'particular' },
  { email: 'pro@demo.casadasaguas.pt', password: 'Demo-Pro-1967!', fullName: 'Instalador Demo', role: 'viewer', isAdmin: false, userType: 'pro', accountName: 'Canalizações Demo' },
  { email: 'cliente@demo.casadasaguas.pt', password: 'Demo-Cliente-1967!', fullName: 'Cliente Demo', role: 'viewer', isAdmin: false, userType: 'particular' },
  { email: 'leitor@demo.casadasaguas.pt', password: 'Demo-Leitor-1967!', fullName: 'Leitor Demo', role: 'reader', isAdmin: false, userType: 'particular' },
];

/** Creates a confirmed account with a password unless the e-mail exists. Returns true when created. */
export async function createAccount(db: Db, account: SeedAccount): Promise<boolean> {
  const email = account.email.trim().toLowerCase();
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email));
  if (existing) return false;
  const id = randomBytes(16).toString('base64url');
  const password = await hashPassword(account.password);
  await db.transaction(async (tx) => {
    await tx.insert(users).values({
      id,
      name: account.fullName,
      email,
      emailVerified: true,
      fullName: account.fullName,
      role: account.role,
      isAdmin: account.isAdmin,
      userType: account.userType,
      accountName: account.accountName ?? null,
      phcClientId: '03',
    });
    await tx.insert(accounts).values({ id: randomBytes(16).toString('base64url'), accountId: id, providerId: 'credential', userId: id, password });
  });
  return true;
}

/**
 * The password rules of spec 5 that ADMIN_PASSWORD breaks, as 'pt-PT text (rule id)' lines;
 * empty when it meets them (or is unset).
 */
export function adminPasswordProblems(password: string | undefined): string[] {
  if (!password) return [];
  const problems = failedPasswordRules(password).map((rule) => `${serverText(rule.message)} (${rule.id})`);
  if (Array.from(password).length > PASSWORD_MAX_LENGTH) problems.push(`mais de ${PASSWORD_MAX_LENGTH} caracteres (too long)`);
  return problems;
}

/**
 * The administrator of ADMIN_EMAIL / ADMIN_PASSWORD, when both are set and the e-mail is new.
 * Throws when ADMIN_PASSWORD breaks the password rules (the start stops with the reasons).
 */
export async function ensureAdminFromEnv(db: Db): Promise<string | null> {
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = env();
  if (!ADMIN_EMAIL || !ADMIN_PASSWORD) return null;
  const problems = adminPasswordProblems(ADMIN_PASSWORD);
  if (problems.length) {
    throw new Error(`ADMIN_PASSWORD não cumpre as regras de palavra-passe / does not meet the password rules: ${problems.join('; ')}`);
  }
  const created = await createAccount(db, {
    email: ADMIN_EMAIL,
    password: ADMIN_PASSWORD,
    fullName: 'Administrador',
    role: 'admin',
    isAdmin: true,
    userType: 'particular',
  });
  return created ? ADMIN_EMAIL : null;
}

export async function ensureDemoAccounts(db: Db): Promise<number> {
  let created = 0;
  for (const account of DEMO_ACCOUNTS) if (await createAccount(db, account)) created++;
  // The demo staff reader of a database seeded before it had a role of its own (issue 23: it was a
  // customer's 'viewer') becomes the staff 'reader'.
  const readers = DEMO_ACCOUNTS.filter((a) => a.role === 'reader').map((a) => a.email);
  if (readers.length) await db.update(users).set({ role: 'reader' }).where(and(inArray(sql`lower(${users.email})`, readers), eq(users.role, 'viewer')));
  // The demo pro user buys for a company with price rules (server/demo/pricing.ts).
  const pro = DEMO_ACCOUNTS.find((a) => a.userType === 'pro');
  if (pro) {
    const { ensureDemoProAccount } = await import('@/server/demo/pricing');
    await ensureDemoProAccount(db, pro.email);
  }
  // The demo customers get a default delivery and billing address (server/demo/addresses.ts).
  const { ensureDemoAddresses } = await import('@/server/demo/addresses');
  await ensureDemoAddresses(db);
  return created;
}

/**
 * When this configuration has the demo accounts (their passwords are public):
 * - 'never' with an https SITE_URL (a real deployment), with DEMO_ACCOUNTS=0, and with
 *   PRODUCTION_HOSTS set unless DEMO_ACCOUNTS=1;
 * - 'always' with DEMO_ACCOUNTS=1 on an http SITE_URL (the end-to-end server, which plays a
 *   production host and imports catalogues): created at every start, kept through imports;
 * - otherwise 'demo-catalogue': a local demo, while the catalogue is the embedded demo one (a
 *   real import deletes them).
 */
export type DemoAccountsRule = 'never' | 'demo-catalogue' | 'always';

export function demoAccountsRule(e: Env = env()): DemoAccountsRule {
  if (e.DEMO_ACCOUNTS === 'off' || siteIsHttps(e)) return 'never';
  if (e.DEMO_ACCOUNTS === 'on') return 'always';
  return e.PRODUCTION_HOSTS ? 'never' : 'demo-catalogue';
}

const DEMO_EMAILS = DEMO_ACCOUNTS.map((a) => a.email);

/** Deletes the demo accounts; their sessions, passwords and second factors go with them (cascade). */
export async function removeDemoAccounts(db: DbOrTx): Promise<number> {
  const removed = await db.delete(users).where(inArray(sql`lower(${users.email})`, DEMO_EMAILS)).returning({ id: users.id });
  await forgetCachedSessions(removed.map((r) => r.id));
  return removed.length;
}

/** How many demo accounts the database holds. */
export async function countDemoAccounts(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(inArray(sql`lower(${users.email})`, DEMO_EMAILS));
  return row?.n ?? 0;
}
