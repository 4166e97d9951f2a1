/** @jest-environment node */
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { createAccount } from '@/server/auth/accounts';
import { getDb } from '@/server/db/client';
import { inventoryProducts, priceRules, proAccounts, users } from '@/server/db/schema';
import { importCatalogueFile } from '@/server/import';
import { addJobListLines, createJobList, listJobLists } from '@/server/worksite-lists';
import { listProAccounts } from '@/server/pro-accounts/accounts';
import { setupTestDatabase } from '../helpers/db';

/**
 * Counts shown beside list rows come from correlated subqueries: each must count the rows of
 * *its* record (a subquery that compared a column with its own table's `id` counted nothing, or
 * the wrong rows, and one on pro accounts failed outright on PostgreSQL's types).
 */
setupTestDatabase();

beforeAll(async () => {
  expect((await importCatalogueFile(await getDb(), path.join(process.cwd(), 'tests/fixtures/catalogue-small.csv'))).ok).toBe(true);
});

it('the pro-accounts list counts each account’s users and rules', async () => {
  const db = await getDb();
  const [a] = await db.insert(proAccounts).values({ name: 'Canalizações Alfa', nif: '123456789' }).returning({ id: proAccounts.id });
  const [b] = await db.insert(proAccounts).values({ name: 'Beta Instalações', nif: '234567891' }).returning({ id: proAccounts.id });
  for (const [email, account] of [['um@alfa.pt', a!.id], ['dois@alfa.pt', a!.id], ['tres@beta.pt', b!.id]] as const) {
    await createAccount(db, { email, password: 'Boa-Password-2026', fullName: email, role: 'viewer', isAdmin: false, userType: 'pro' });
    await db.update(users).set({ proAccountId: account }).where(eq(users.email, email));
  }
  await db.insert(priceRules).values([
    { accountId: a!.id, discountGroup: 'A1', discountPercentage: '20' },
    { accountId: b!.id, discountGroup: 'A1', discountPercentage: '10' },
    { accountId: b!.id, discountGroup: 'B1', discountPercentage: '5' },
  ]);
  const { items } = await listProAccounts();
  const byName = Object.fromEntries(items.map((i) => [i.name, i]));
  expect(byName['Canalizações Alfa']).toMatchObject({ users: 2, rules: 1 });
  expect(byName['Beta Instalações']).toMatchObject({ users: 1, rules: 2 });
});

it('the job lists count each list’s own lines', async () => {
  const db = await getDb();
  await createAccount(db, { email: 'obra@example.pt', password: 'Boa-Password-2026', fullName: 'Obra', role: 'viewer', isAdmin: false, userType: 'particular' });
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'obra@example.pt'));
  const models = await db.select({ id: inventoryProducts.id }).from(inventoryProducts).limit(3);
  const first = await createJobList(user!.id, 'Cozinha');
  const second = await createJobList(user!.id, 'Casa de banho');
  await addJobListLines(user!.id, first.id, [{ modelId: models[0]!.id, packages: 1 }]);
  await addJobListLines(user!.id, second.id, models.map((m) => ({ modelId: m.id, packages: 2 })));
  const lists = Object.fromEntries((await listJobLists(user!.id)).map((l) => [l.name, l.line_count]));
  expect(lists).toEqual({ Cozinha: 1, 'Casa de banho': 3 });
});
