/** @jest-environment node */
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { resetEnvCache } from '@/lib/env';
import { listAudit } from '@/server/admin/audit';
import { clearCacheTagAction, clearCustomerPricesAction } from '@/server/cache/admin-actions';
import { lastInvalidated } from '@/server/cache/invalidate';
import { cacheSeries, cacheSnapshot, sampleCaches } from '@/server/cache/metrics';
import { getDb } from '@/server/db/client';
import { priceRules, proAccounts, users } from '@/server/db/schema';
import { importCatalogueFile } from '@/server/import';
import { clearPricingCache, getUserPrices } from '@/server/pricing';
import { signedInAccount, type Session } from '../helpers/api';
import { setupTestDatabase } from '../helpers/db';

/** Issue 14, /admin/cache-performance: real figures, the series, and the audited actions (manage_users). */
const mockRequestHeaders = new Map<string, string>();
jest.mock('next/headers', () => ({
  headers: async () => new Headers(Object.fromEntries(mockRequestHeaders)),
  cookies: async () => ({ get: () => undefined, getAll: () => [], set: () => undefined, delete: () => undefined }),
}));

setupTestDatabase();

let admin: Session & { userId: string };
let editor: Session & { userId: string };
let proA: Session & { userId: string };
let proB: Session & { userId: string };
let accountA: number;
let counter = 0;

function as(session: Session | null) {
  mockRequestHeaders.clear();
  mockRequestHeaders.set('host', 'localhost');
  mockRequestHeaders.set('x-forwarded-for', `203.0.113.${(++counter % 250) + 1}`);
  if (session) mockRequestHeaders.set('cookie', session.cookie);
}

beforeAll(async () => {
  resetEnvCache();
  const db = await getDb();
  expect((await importCatalogueFile(db, path.join(process.cwd(), 'tests/fixtures/catalogue-small.csv'))).ok).toBe(true);
  const [a] = await db.insert(proAccounts).values({ name: 'Conta A' }).returning({ id: proAccounts.id });
  const [b] = await db.insert(proAccounts).values({ name: 'Conta B' }).returning({ id: proAccounts.id });
  accountA = a!.id;
  await db.insert(priceRules).values([
    { accountId: a!.id, discountGroup: 'A1', discountPercentage: '10' },
    { accountId: b!.id, discountGroup: 'A1', discountPercentage: '20' },
  ]);
  admin = await signedInAccount({ email: 'admin.cache@example.pt', fullName: 'Ana Admin', role: 'admin', isAdmin: false, userType: 'particular' });
  editor = await signedInAccount({ email: 'editor.cache@example.pt', fullName: 'Eva Editora', role: 'editor', isAdmin: false, userType: 'particular' });
  proA = await signedInAccount({ email: 'pro.a.cache@example.pt', fullName: 'Pro A', role: 'viewer', isAdmin: false, userType: 'pro' });
  proB = await signedInAccount({ email: 'pro.b.cache@example.pt', fullName: 'Pro B', role: 'viewer', isAdmin: false, userType: 'pro' });
  await db.update(users).set({ proAccountId: a!.id }).where(eq(users.id, proA.userId));
  await db.update(users).set({ proAccountId: b!.id }).where(eq(users.id, proB.userId));
  clearPricingCache();
}, 120_000);

it('reports the pricing cache’s real hits and misses, and a series of the last hour', async () => {
  sampleCaches(Date.now() - 120_000);
  const before = cacheSnapshot().find((c) => c.id === 'pricing')!;
  await getUserPrices(proA.userId, ['HDT-16200']);
  await getUserPrices(proA.userId, ['HDT-16200']);
  const after = cacheSnapshot().find((c) => c.id === 'pricing')!;
  expect(after.misses - before.misses).toBe(1);
  expect(after.hits - before.hits).toBe(1);
  const series = cacheSeries('hour');
  expect(series.byCache.pricing).toHaveLength(60);
  const last = series.byCache.pricing.at(-1)!;
  expect(last.hits + last.misses).toBeGreaterThanOrEqual(2);
  expect(cacheSeries('day').byCache.images).toHaveLength(96);
});

it('clears one customer’s prices only, and one tag; audited; manage_users needed', async () => {
  await getUserPrices(proA.userId, ['HDT-16200']);
  await getUserPrices(proB.userId, ['HDT-16200']);
  as(editor);
  expect(await clearCustomerPricesAction({ customer: 'pro.a.cache@example.pt' })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  as(admin);
  expect(await clearCustomerPricesAction({ customer: 'ninguem@example.pt' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  expect(await clearCustomerPricesAction({ customer: 'pro.a.cache@example.pt' })).toMatchObject({ ok: true });
  expect((await getUserPrices(proB.userId, ['HDT-16200'])).cached).toBe(true);
  expect((await getUserPrices(proA.userId, ['HDT-16200'])).cached).toBe(false);
  expect(await clearCustomerPricesAction({ customer: String(accountA) })).toMatchObject({ ok: true });
  expect((await getUserPrices(proB.userId, ['HDT-16200'])).cached).toBe(true);

  const t0 = Date.now();
  expect(await clearCacheTagAction({ tag: 'bad tag!' })).toMatchObject({ ok: false, error: { code: 'bad_request' } });
  expect(await clearCacheTagAction({ tag: 'product:P100001' })).toMatchObject({ ok: true });
  expect(lastInvalidated(['product:P100001'])).toBeGreaterThanOrEqual(t0);
  const audit = await listAudit('cache', 'product:P100001');
  expect(audit[0]).toMatchObject({ actor: 'Ana Admin', summary: 'Cache limpa: etiqueta product:P100001' });
});
