import 'server-only';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import { env } from '@/lib/env';
import { failedPasswordRules, PASSWORD_MAX_LENGTH } from '@/lib/validation/auth';
import type { Db } from '@/server/db/client';
import { accounts, users, type UserType } from '@/server/db/schema';
import { serverText } from '@/server/i18n';

/**
 * Accounts created outside the sign-up form: the first administrator from ADMIN_EMAIL /
 * ADMIN_PASSWORD at start (there is no default admin password, and it must meet the password
 * rules), and the accounts a seed or a test creates with `createAccount`. The demo accounts of a
 * local demo are the seed's (scripts/seed/accounts.ts); which e-mails they are, and when they are
 * removed, is server/auth/demo-accounts.ts.
 */

export interface NewAccount {
  email: string;
  password: string;
  fullName: string;
  role: 'admin' | 'editor' | 'reader' | 'viewer';
  isAdmin: boolean;
  userType: UserType;
  accountName?: string;
}

/** Creates a confirmed account with a password unless the e-mail exists. Returns true when created. */
export async function createAccount(db: Db, account: NewAccount): Promise<boolean> {
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
