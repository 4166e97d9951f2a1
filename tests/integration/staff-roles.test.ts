/** @jest-environment node */
import { eq, inArray } from 'drizzle-orm';
import { resetEnvCache } from '@/lib/env';
import { isStaff } from '@/lib/auth/permissions';
import { POST as authPost } from '@/app/api/auth/[...all]/route';
import { DEMO_ACCOUNTS, ensureDemoAccounts } from '@/scripts/seed/accounts';
import { viewerFromHeaders } from '@/server/auth/session';
import { getDb } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { isStaffSession } from '@/server/front/staff-session';
import { behindTrustedFront, clientIpHeaders } from '../helpers/client-ip';
import { setupTestDatabase } from '../helpers/db';

/**
 * Customers and the staff reader do not share a role (issue 23, item 8): every customer (private
 * or professional) keeps spec 6's default 'viewer', the shop's read-only staff member is 'reader'.
 * Only staff see the console; a customer gets the customers' page at /admin.
 */
setupTestDatabase();
behindTrustedFront();

const env = process.env as Record<string, string | undefined>;
const SITE = 'http://localhost:3000';
const demo = (email: string) => DEMO_ACCOUNTS.find((a) => a.email.startsWith(email))!;

beforeAll(async () => {
  env.SITE_URL = SITE;
  resetEnvCache();
  await ensureDemoAccounts(await getDb());
});

afterAll(() => {
  delete env.SITE_URL;
  resetEnvCache();
});

let ip = 0;
async function tokenOf(account: { email: string; password: string }): Promise<string> {
  const response = await authPost(
    new Request(`${SITE}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SITE, ...clientIpHeaders(`198.51.100.${++ip}`) },
      body: JSON.stringify({ email: account.email, password: account.password }),
    }),
  );
  expect(response.status).toBe(200);
  return response.headers.get('set-auth-token')!;
}

async function roles(): Promise<Record<string, string>> {
  const rows = await (await getDb()).select({ email: users.email, role: users.role }).from(users).where(inArray(users.email, DEMO_ACCOUNTS.map((a) => a.email)));
  return Object.fromEntries(rows.map((r) => [r.email.split('@')[0], r.role]));
}

it('the demo staff reader has a role of its own; the demo customers keep the default role', async () => {
  expect(await roles()).toEqual({ admin: 'admin', editor: 'editor', leitor: 'reader', pro: 'viewer', cliente: 'viewer' });
});

it('a demo database seeded before the change gets its staff reader back, and its customers stay customers', async () => {
  const db = await getDb();
  await db.update(users).set({ role: 'viewer' }).where(eq(users.email, demo('leitor').email));
  await ensureDemoAccounts(db);
  expect(await roles()).toEqual({ admin: 'admin', editor: 'editor', leitor: 'reader', pro: 'viewer', cliente: 'viewer' });
});

it('a signed-in customer is not staff, the signed-in reader is; the reader is not given the staff upload size', async () => {
  const session = async (email: string) => {
    const token = await tokenOf(demo(email));
    const viewer = await viewerFromHeaders(new Headers({ authorization: `Bearer ${token}` }));
    return { viewer: viewer!, bigUploads: await isStaffSession(null, `Bearer ${token}`) };
  };
  const pro = await session('pro@');
  expect(pro.viewer.role).toBe('viewer');
  expect(isStaff(pro.viewer)).toBe(false);
  expect(pro.bigUploads).toBe(false);
  const particular = await session('cliente@');
  expect(isStaff(particular.viewer)).toBe(false);
  const reader = await session('leitor@');
  expect(reader.viewer.role).toBe('reader');
  expect(isStaff(reader.viewer)).toBe(true);
  expect(reader.bigUploads).toBe(false);
  const editor = await session('editor@');
  expect(isStaff(editor.viewer)).toBe(true);
  expect(editor.bigUploads).toBe(true);
});
