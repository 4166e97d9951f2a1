import 'server-only';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import { env } from '@/lib/env';
import type { Db } from '@/server/db/client';
import { accounts, users, type UserType } from '@/server/db/schema';

/**
 * Accounts created at start: the first administrator from ADMIN_EMAIL / ADMIN_PASSWORD (there is
 * no default admin password), and with the embedded demo catalogue one account of each kind.
 */

export interface SeedAccount {
  email: string;
  password: string;
  fullName: string;
  role: 'admin' | 'editor' | 'viewer';
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
  { email: 'leitor@demo.casadasaguas.pt', password: 'Demo-Leitor-1967!', fullName: 'Leitor Demo', role: 'viewer', isAdmin: false, userType: 'particular' },
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

/** The administrator of ADMIN_EMAIL / ADMIN_PASSWORD, when both are set and the e-mail is new. */
export async function ensureAdminFromEnv(db: Db): Promise<string | null> {
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = env();
  if (!ADMIN_EMAIL || !ADMIN_PASSWORD) return null;
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
  return created;
}
