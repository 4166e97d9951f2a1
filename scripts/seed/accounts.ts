import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createAccount, type NewAccount } from '@/server/auth/accounts';
import { DEMO_ACCOUNT_EMAILS, type DemoAccountEmail } from '@/server/auth/demo-accounts';
import type { Db } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { ensureDemoAddresses } from './addresses';
import { ensureDemoProAccount } from './pricing';

/**
 * The demo accounts (README lists them): admin, editor, pro, particular and a staff reader, with
 * public passwords. Keyed by the e-mails the server knows as demo accounts
 * (server/auth/demo-accounts.ts), so the two lists cannot drift apart.
 */
const DEMO_ACCOUNT_DETAILS: Readonly<Record<DemoAccountEmail, Omit<NewAccount, 'email'>>> = {
  'admin@demo.casadasaguas.pt': { password: 'Demo-Admin-1967!', fullName: 'Administrador Demo', role: 'admin', isAdmin: true, userType: 'particular' },
  'editor@demo.casadasaguas.pt': { password: 'Demo-Editor-1967!', fullName: 'Editora Demo', role: 'editor', isAdmin: false, userType: 'particular' },
  'pro@demo.casadasaguas.pt': { password: 'Demo-Pro-1967!', fullName: 'Instalador Demo', role: 'viewer', isAdmin: false, userType: 'pro', accountName: 'Canalizações Demo' },
  'cliente@demo.casadasaguas.pt': { password: 'Demo-Cliente-1967!', fullName: 'Cliente Demo', role: 'viewer', isAdmin: false, userType: 'particular' },
  'leitor@demo.casadasaguas.pt': { password: 'Demo-Leitor-1967!', fullName: 'Leitor Demo', role: 'reader', isAdmin: false, userType: 'particular' },
};

export const DEMO_ACCOUNTS: readonly NewAccount[] = DEMO_ACCOUNT_EMAILS.map((email) => ({ email, ...DEMO_ACCOUNT_DETAILS[email] }));

/**
 * Creates the demo accounts that do not exist yet, the demo pro user's company with its price
 * rules, and the demo customers' default addresses. Returns how many accounts it created.
 */
export async function ensureDemoAccounts(db: Db): Promise<number> {
  let created = 0;
  for (const account of DEMO_ACCOUNTS) if (await createAccount(db, account)) created++;
  // The staff reader is staff ('reader'), never a customer: a demo database may hold it with the
  // customer role 'viewer', which would show it the shop instead of the back office.
  const readers = DEMO_ACCOUNTS.filter((a) => a.role === 'reader').map((a) => a.email);
  if (readers.length) await db.update(users).set({ role: 'reader' }).where(and(inArray(sql`lower(${users.email})`, readers), eq(users.role, 'viewer')));
  // The demo pro user buys for a company with price rules (pricing.ts).
  const pro = DEMO_ACCOUNTS.find((a) => a.userType === 'pro');
  if (pro) await ensureDemoProAccount(db, pro.email);
  // The demo customers get a default delivery and billing address (addresses.ts).
  await ensureDemoAddresses(db);
  return created;
}
