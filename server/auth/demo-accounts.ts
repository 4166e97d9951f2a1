import 'server-only';
import { and, count, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { env, siteIsHttps, type Env } from '@/lib/env';
import type { Db, DbOrTx } from '@/server/db/client';
import { appState, users, type UserType } from '@/server/db/schema';
import { forgetCachedSessions } from '@/server/redis/sessions';
import { userIdentity, userIdentityColumns } from './users';

/**
 * The demo accounts of a local demo: one account of each kind with a password that the README
 * publishes. The seed creates them (scripts/seed/accounts.ts, its details keyed by these e-mails);
 * the server only needs to know which accounts they are, to remove them where a real shop runs.
 * In the order of the README's list.
 */
export const DEMO_ACCOUNT_EMAILS = [
  'admin@demo.casadasaguas.pt',
  'editor@demo.casadasaguas.pt',
  'pro@demo.casadasaguas.pt',
  'cliente@demo.casadasaguas.pt',
  'leitor@demo.casadasaguas.pt',
] as const;

export type DemoAccountEmail = (typeof DEMO_ACCOUNT_EMAILS)[number];

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

/** The demo accounts' e-mails, lower case, in their order. */
const demoEmails: readonly string[] = DEMO_ACCOUNT_EMAILS;

/** Deletes the demo accounts; their sessions, passwords and second factors go with them (cascade). */
export async function removeDemoAccounts(db: DbOrTx): Promise<number> {
  const removed = await db.delete(users).where(inArray(sql`lower(${users.email})`, [...demoEmails])).returning({ id: users.id });
  await forgetCachedSessions(removed.map((r) => r.id));
  return removed.length;
}

/** How many demo accounts the database holds. */
export async function countDemoAccounts(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(inArray(sql`lower(${users.email})`, [...demoEmails]));
  return row?.n ?? 0;
}

/**
 * Which demo accounts a real catalogue import removes, computed before it is done so that the
 * preview can say it, and done exactly so:
 *
 * - the account that confirms the import is never removed (its session stays: the editor who
 *   imports is not sent to the login page);
 * - the last administrator (an active account with the admin flag) is never removed: when every
 *   other administrator is a demo account that would go, the demo administrator stays;
 * - every other demo account goes, with its sessions (cascade).
 *
 * The accounts an import kept are recorded (`app_state.demo_accounts_kept`), so that a later start
 * of a local demo whose catalogue is now real keeps them too instead of removing them behind the
 * import's back. A production configuration (https SITE_URL, PRODUCTION_HOSTS, DEMO_ACCOUNTS=0)
 * still removes every demo account at start: there the administrator comes from ADMIN_EMAIL.
 */

export type KeptReason = 'confirmer' | 'last_admin' | 'kept_before';

export interface DemoAccountRef {
  id: string;
  email: string;
  name: string;
  role: string;
  isAdmin: boolean;
  userType: UserType;
}

export interface DemoRemovalPlan {
  /** Demo accounts that go, in the order of the demo list. */
  remove: DemoAccountRef[];
  /** Demo accounts that stay, and why. */
  keep: (DemoAccountRef & { reason: KeptReason })[];
}

const KEPT_KEY = 'demo_accounts_kept';

export const EMPTY_REMOVAL_PLAN: DemoRemovalPlan = { remove: [], keep: [] };

async function recordedKept(db: DbOrTx): Promise<Set<string>> {
  const [row] = await db.select({ value: appState.value }).from(appState).where(eq(appState.key, KEPT_KEY));
  const ids = (row?.value as { ids?: unknown } | undefined)?.ids;
  return new Set(Array.isArray(ids) ? ids.filter((v): v is string => typeof v === 'string') : []);
}

/**
 * The plan for removing the demo accounts of this database: `keepUserId` is the account that
 * confirms (never removed); `keepRecorded` also keeps the accounts an earlier import kept (a start).
 */
export async function planDemoAccountRemoval(db: DbOrTx, options: { keepUserId?: string | null; keepRecorded?: boolean } = {}): Promise<DemoRemovalPlan> {
  const rows = await db
    .select({ ...userIdentityColumns, disabledAt: users.disabledAt })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, [...demoEmails]));
  const order = (email: string) => demoEmails.indexOf(email.toLowerCase());
  rows.sort((a, b) => order(a.email) - order(b.email));
  const ref = (r: (typeof rows)[number]): DemoAccountRef => userIdentity(r);

  const kept = new Map<string, KeptReason>();
  if (options.keepUserId && rows.some((r) => r.id === options.keepUserId)) kept.set(options.keepUserId, 'confirmer');
  if (options.keepRecorded) for (const id of await recordedKept(db)) if (!kept.has(id) && rows.some((r) => r.id === id)) kept.set(id, 'kept_before');

  // The last administrator: an active admin outside the demo accounts, or one the plan keeps.
  const demoIds = rows.map((r) => r.id);
  const [others] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.isAdmin, true), isNull(users.disabledAt), demoIds.length ? notInArray(users.id, demoIds) : undefined));
  const keptAdmin = rows.some((r) => kept.has(r.id) && r.isAdmin && r.disabledAt === null);
  if ((others?.n ?? 0) === 0 && !keptAdmin) {
    const admin = rows.find((r) => r.isAdmin && r.disabledAt === null);
    if (admin) kept.set(admin.id, 'last_admin');
  }

  return {
    remove: rows.filter((r) => !kept.has(r.id)).map(ref),
    keep: rows.filter((r) => kept.has(r.id)).map((r) => ({ ...ref(r), reason: kept.get(r.id)! })),
  };
}

/**
 * Removes the plan's accounts (their sessions, passwords and second factors go with them) and
 * records the kept ones for later starts. Returns how many were removed.
 */
export async function applyDemoAccountRemoval(db: DbOrTx, plan: DemoRemovalPlan, options: { record?: boolean } = {}): Promise<number> {
  const ids = plan.remove.map((a) => a.id);
  const removed = ids.length ? await db.delete(users).where(inArray(users.id, ids)).returning({ id: users.id }) : [];
  await forgetCachedSessions(removed.map((r) => r.id));
  if (options.record) {
    const value = { ids: plan.keep.map((a) => a.id), at: new Date().toISOString() };
    if (value.ids.length) await db.insert(appState).values({ key: KEPT_KEY, value }).onConflictDoUpdate({ target: appState.key, set: { value, updatedAt: sql`now()` } });
    else await db.delete(appState).where(eq(appState.key, KEPT_KEY));
  }
  return removed.length;
}
