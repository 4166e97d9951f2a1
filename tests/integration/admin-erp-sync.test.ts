/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { POST as applyPost } from '@/app/api/admin/erp/apply/route';
import { POST as previewPost } from '@/app/api/admin/erp/preview/route';
import { resetEnvCache } from '@/lib/env';
import { getDb } from '@/server/db/client';
import { catalogueChanges, erpClients, erpSyncRuns, inventoryProducts, priceRules, proAccounts, products, users } from '@/server/db/schema';
import { folderSource } from '@/server/erp/adapter';
import { createErpAccountAction, linkErpClientAction } from '@/server/erp/actions';
import { listErpClients } from '@/server/erp/clients';
import { runErpSource } from '@/server/erp/inbox';
import { applyErpFile, listSyncRuns, previewErpFile } from '@/server/erp/sync';
import { importCatalogueFile } from '@/server/import';
import { clearPricingCache, getUserPrices, pricingCacheStats } from '@/server/pricing';
import { call, signedInAccount, type Session } from '../helpers/api';
import { setupTestDatabase } from '../helpers/db';

/**
 * Issue 14, the ERP (PHC) sync: all-or-nothing (one bad line → nothing changed, the report names
 * it), the preview equals what apply does, the same file twice changes nothing, prices re-computed
 * for the affected accounts only (the other accounts' cached prices stay), the admin flag needed,
 * the watched folder, and the ERP clients' links to shop accounts.
 */
const mockRequestHeaders = new Map<string, string>();
jest.mock('next/headers', () => ({
  headers: async () => new Headers(Object.fromEntries(mockRequestHeaders)),
  cookies: async () => ({ get: () => undefined, getAll: () => [], set: () => undefined, delete: () => undefined }),
}));

setupTestDatabase();

const env = process.env as Record<string, string | undefined>;
const admin = { id: 'u-admin', email: 'admin@example.pt', displayName: 'Ana Admin' };
let adminSession: Session & { userId: string };
let editorSession: Session & { userId: string };
let proA: Session & { userId: string };
let proB: Session & { userId: string };
let accountA: number;
let accountB: number;
let counter = 0;

function as(session: Session | null) {
  mockRequestHeaders.clear();
  mockRequestHeaders.set('host', 'localhost');
  mockRequestHeaders.set('x-forwarded-for', `203.0.113.${(++counter % 250) + 1}`);
  if (session) mockRequestHeaders.set('cookie', session.cookie);
}

const csv = (lines: string[]) => Buffer.from(lines.join('\n') + '\n', 'utf8');

beforeAll(async () => {
  env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-sync-'));
  resetEnvCache();
  const db = await getDb();
  const result = await importCatalogueFile(db, path.join(process.cwd(), 'tests/fixtures/catalogue-small.csv'));
  expect(result.ok).toBe(true);
  const [a] = await db.insert(proAccounts).values({ name: 'Conta A', nif: '509123457', phcClientId: 'C001' }).returning({ id: proAccounts.id });
  const [b] = await db.insert(proAccounts).values({ name: 'Conta B', nif: '123456789' }).returning({ id: proAccounts.id });
  accountA = a!.id;
  accountB = b!.id;
  await db.insert(priceRules).values([
    { accountId: accountA, discountGroup: 'A1', discountPercentage: '10' },
    { accountId: accountB, discountGroup: 'A1', discountPercentage: '20' },
  ]);
  adminSession = await signedInAccount({ email: 'admin.erp@example.pt', fullName: 'Ana Admin', role: 'admin', isAdmin: true, userType: 'particular' });
  editorSession = await signedInAccount({ email: 'editor.erp@example.pt', fullName: 'Eva Editora', role: 'editor', isAdmin: false, userType: 'particular' });
  proA = await signedInAccount({ email: 'pro.a@example.pt', fullName: 'Pro A', role: 'viewer', isAdmin: false, userType: 'pro' });
  proB = await signedInAccount({ email: 'pro.b@example.pt', fullName: 'Pro B', role: 'viewer', isAdmin: false, userType: 'pro' });
  await db.update(users).set({ proAccountId: accountA }).where(eq(users.id, proA.userId));
  await db.update(users).set({ proAccountId: accountB }).where(eq(users.id, proB.userId));
  clearPricingCache();
}, 120_000);

afterAll(() => {
  delete env.DATA_DIR;
  delete env.PHC_INBOX_DIR;
  resetEnvCache();
});

async function priceOf(code: string): Promise<string> {
  const db = await getDb();
  const [row] = await db.select({ price: inventoryProducts.price }).from(inventoryProducts).where(eq(inventoryProducts.code, code));
  return Number(row!.price).toFixed(4);
}

async function snapshot() {
  const db = await getDb();
  const prices = await db.select({ code: inventoryProducts.code, price: inventoryProducts.price, group: inventoryProducts.discountGroup }).from(inventoryProducts).orderBy(inventoryProducts.code);
  const rules = await db.select().from(priceRules).orderBy(priceRules.id);
  const clients = await db.select().from(erpClients).orderBy(erpClients.erpClientId);
  const changes = await db.select({ n: sql<number>`count(*)::int` }).from(catalogueChanges);
  return { prices, rules, clients, changes: changes[0]!.n };
}

describe('prices', () => {
  it('refuses the whole file for one bad line, names it, and changes nothing (a failed run in the history)', async () => {
    const before = await snapshot();
    const file = csv(['model_code;price;discount_group', 'HDT-16200;1,40;A1', 'HDT-20200;abc;A1', 'NAO-EXISTE;2;A1']);
    const outcome = await applyErpFile({ bytes: file, fileName: 'precos-mau.csv', source: 'upload', actor: admin });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    // The unknown code of line 4 is skipped, not refused (issue 23): line 3 alone refuses the file.
    expect(outcome.report).toEqual(['Linha 3, coluna price: preço inválido (número positivo com até 4 casas decimais)']);
    expect(await snapshot()).toEqual(before);
    const [run] = await listSyncRuns(1);
    expect(run).toMatchObject({ status: 'failed', fileName: 'precos-mau.csv', kind: 'prices', actor: 'Ana Admin' });
    expect(run!.report).toHaveLength(1);
  });

  it('previews the changes (largest moves first) and applies exactly them; the same file again changes nothing', async () => {
    const file = csv(['model_code;price;discount_group', 'HDT-16200;1,50;A1', 'HDT-20200;1,85;A1']);
    const preview = await previewErpFile(file);
    expect(preview.ok).toBe(true);
    if (!preview.ok || preview.preview.kind !== 'prices') throw new Error('no preview');
    expect(preview.preview.changes.map((c) => [c.code, c.before, c.after])).toEqual([
      ['HDT-16200', '1.2500', '1.5000'],
      ['HDT-20200', '1.8000', '1.8500'],
    ]);
    const applied = await applyErpFile({ bytes: file, fileName: 'precos.csv', source: 'upload', actor: admin });
    expect(applied.ok).toBe(true);
    if (!applied.ok) return;
    expect(applied.preview).toEqual(preview.preview);
    expect(await priceOf('HDT-16200')).toBe('1.5000');
    const db = await getDb();
    const logged = await db.select().from(catalogueChanges).where(eq(catalogueChanges.modelCode, 'HDT-16200'));
    expect(logged.at(-1)).toMatchObject({ source: 'erp', kind: 'price', before: '1.2500', after: '1.5000', actorName: 'Ana Admin' });
    // The product's derived price range follows, and its version moves on (an open staff form cannot save old prices back).
    const [product] = await db.select({ min: products.minPrice, version: products.version }).from(products).where(eq(products.productCode, 'P100001'));
    expect(Number(product!.min)).toBe(1.5);
    expect(product!.version).toBeGreaterThan(1);

    const before = await snapshot();
    const again = await applyErpFile({ bytes: file, fileName: 'precos.csv', source: 'upload', actor: admin });
    expect(again.ok && again.preview.counts).toMatchObject({ changed: 0, unchanged: 2 });
    expect(await snapshot()).toEqual(before);
    const runs = await listSyncRuns(2);
    expect(runs.map((r) => r.status)).toEqual(['ok', 'ok']);
    expect(runs[0]!.sha256).toBe(runs[1]!.sha256);
  });

  it('reads XLSX files the same way', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Preços');
    sheet.addRow(['model_code', 'price', 'discount_group']);
    sheet.addRow(['HDT-16200', 1.6, 'A1']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const outcome = await applyErpFile({ bytes, fileName: 'precos.xlsx', source: 'upload', actor: admin });
    expect(outcome.ok).toBe(true);
    expect(await priceOf('HDT-16200')).toBe('1.6000');
  });
});

describe('clients', () => {
  it('syncs clients: new / changed / missing, rules into the linked account only, other accounts’ cached prices untouched', async () => {
    // Both pros price a model now: both accounts' lists are cached.
    await getUserPrices(proA.userId, ['HDT-16200']);
    const bPrice = (await getUserPrices(proB.userId, ['HDT-16200'])).prices['HDT-16200'];
    expect((await getUserPrices(proB.userId, ['HDT-16200'])).cached).toBe(true);

    const file = csv([
      'erp_client_id;nif;name;email;account;discounts',
      'C001;509123457;Canalizações A, Lda.;compras@a.pt;Conta A;A1=30|B=5',
      'C002;123456789;Empresa B, Lda.;pro.b@example.pt;;A1=25',
      'C003;;Cliente Novo;;;',
    ]);
    const preview = await previewErpFile(file);
    if (!preview.ok || preview.preview.kind !== 'clients') throw new Error('no preview');
    expect(preview.preview.counts).toMatchObject({ rows: 3, created: 3, changed: 0, missing: 0 });
    expect(preview.preview.accountsRepriced).toEqual([accountA]);
    const applied = await applyErpFile({ bytes: file, fileName: 'clientes.csv', source: 'upload', actor: admin });
    if (!applied.ok) throw new Error(applied.report.join('\n'));
    expect(applied.preview).toEqual(preview.preview);

    const db = await getDb();
    const rulesA = await db.select({ g: priceRules.discountGroup, p: priceRules.discountPercentage }).from(priceRules).where(eq(priceRules.accountId, accountA)).orderBy(priceRules.discountGroup);
    expect(rulesA).toEqual([{ g: 'A1', p: '30.00' }, { g: 'B', p: '5.00' }]);
    const rulesB = await db.select({ p: priceRules.discountPercentage }).from(priceRules).where(eq(priceRules.accountId, accountB));
    expect(rulesB).toEqual([{ p: '20.00' }]);
    // B's cached list is still there (a hit), A's was dropped (a miss, at the new discount).
    const hitsBefore = pricingCacheStats().hits;
    const b = await getUserPrices(proB.userId, ['HDT-16200']);
    expect(b.cached).toBe(true);
    expect(b.prices['HDT-16200']).toEqual(bPrice);
    expect(pricingCacheStats().hits).toBe(hitsBefore + 1);
    const a = await getUserPrices(proA.userId, ['HDT-16200']);
    expect(a.cached).toBe(false);
    expect(a.prices['HDT-16200']?.discountPercentage).toBe(30);

    // Same file twice: nothing.
    const before = await snapshot();
    const again = await applyErpFile({ bytes: file, fileName: 'clientes.csv', source: 'upload', actor: admin });
    expect(again.ok && again.preview.counts).toMatchObject({ created: 0, changed: 0, unchanged: 3, missing: 0 });
    expect(await snapshot()).toEqual(before);

    // Next file: C003 missing, C002 changed.
    const next = csv(['erp_client_id;nif;name;email;account;discounts', 'C001;509123457;Canalizações A, Lda.;compras@a.pt;Conta A;A1=30|B=5', 'C002;123456789;Empresa B, S.A.;pro.b@example.pt;;A1=25']);
    const p2 = await previewErpFile(next);
    if (!p2.ok || p2.preview.kind !== 'clients') throw new Error('no preview');
    expect(p2.preview.changed.map((c) => [c.erpClientId, c.fields])).toEqual([['C002', ['name']]]);
    expect(p2.preview.missing.map((m) => m.erpClientId)).toEqual(['C003']);
    expect(p2.preview.accountsRepriced).toEqual([]);
  });

  it('lists links and conflicts, links by hand and creates accounts (admin flag only)', async () => {
    const list = await listErpClients({ page: 1 });
    const byId = Object.fromEntries(list.items.map((i) => [i.erpClientId, i]));
    expect(byId.C001?.state).toBe('linked');
    expect(byId.C002?.state).toBe('conflict');
    expect(byId.C002?.candidates.map((c) => c.id)).toEqual([accountB]);
    expect(byId.C003?.state).toBe('unlinked');

    as(editorSession);
    expect(await linkErpClientAction({ erpClientId: 'C002', accountId: accountB })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    as(adminSession);
    // Linking to an account of another ERP client is refused.
    expect(await linkErpClientAction({ erpClientId: 'C002', accountId: accountA })).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(await linkErpClientAction({ erpClientId: 'C002', accountId: accountB })).toMatchObject({ ok: true });
    const db = await getDb();
    const rulesB = await db.select({ p: priceRules.discountPercentage }).from(priceRules).where(eq(priceRules.accountId, accountB));
    expect(rulesB).toEqual([{ p: '25.00' }]);
    // The account's version moved on (a staff form opened before cannot save the old rules back).
    const [linked] = await db.select({ version: proAccounts.version, phc: proAccounts.phcClientId }).from(proAccounts).where(eq(proAccounts.id, accountB));
    expect(linked).toMatchObject({ phc: 'C002' });
    expect(linked!.version).toBeGreaterThan(1);
    const b = await getUserPrices(proB.userId, ['HDT-16200']);
    expect(b.prices['HDT-16200']?.discountPercentage).toBe(25);

    expect(await createErpAccountAction({ erpClientId: 'C003' })).toMatchObject({ ok: true });
    expect(await createErpAccountAction({ erpClientId: 'C003' })).toMatchObject({ ok: false, error: { code: 'conflict' } });
    const [created] = await db.select().from(proAccounts).where(eq(proAccounts.phcClientId, 'C003'));
    expect(created).toMatchObject({ name: 'Cliente Novo' });
    expect((await listErpClients({ page: 1, state: 'linked' })).total).toBe(3);
  });
});

describe('uploads over HTTP and the watched folder', () => {
  it('needs the admin flag; previews with a token and applies it', async () => {
    const form = () => {
      const f = new FormData();
      f.set('file', new File([csv(['model_code;price;discount_group', 'HDT-16200;1,70;A1'])], 'precos.csv', { type: 'text/csv' }));
      return f;
    };
    expect((await call(previewPost, 'POST', '/api/admin/erp/preview', { session: editorSession, body: form() })).status).toBe(403);
    const preview = await call<{ data: { token: string; preview: { kind: string; changes: { code: string }[] } } }>(previewPost, 'POST', '/api/admin/erp/preview', { session: adminSession, body: form() });
    expect(preview.status).toBe(200);
    expect(preview.body.data.preview.changes.map((c) => c.code)).toEqual(['HDT-16200']);
    expect((await call(applyPost, 'POST', '/api/admin/erp/apply', { session: editorSession, body: { token: preview.body.data.token } })).status).toBe(403);
    const applied = await call<{ data: { counts: { changed: number } } }>(applyPost, 'POST', '/api/admin/erp/apply', { session: adminSession, body: { token: preview.body.data.token } });
    expect(applied.status).toBe(200);
    expect(applied.body.data.counts.changed).toBe(1);
    expect(await priceOf('HDT-16200')).toBe('1.7000');
    // Bad input: a 4xx, never a 500.
    expect((await call(applyPost, 'POST', '/api/admin/erp/apply', { session: adminSession, body: { token: '../../etc/passwd' } })).status).toBe(404);
    const bad = new FormData();
    bad.set('file', new File([Buffer.from('qualquer;coisa\n1;2\n')], 'x.csv'));
    const refused = await call<{ error: { details: { rows: string[] } } }>(previewPost, 'POST', '/api/admin/erp/preview', { session: adminSession, body: bad });
    expect(refused.status).toBe(422);
  });

  it('applies the files dropped in the inbox and moves them to done/ or failed/', async () => {
    const inbox = fs.mkdtempSync(path.join(os.tmpdir(), 'phc-inbox-'));
    fs.writeFileSync(path.join(inbox, 'precos-bons.csv'), csv(['model_code;price;discount_group', 'HDT-16200;1,75;A1']));
    fs.writeFileSync(path.join(inbox, 'precos-maus.csv'), csv(['model_code;price;discount_group', 'HDT-16200;-1;A1']));
    const old = new Date(Date.now() - 60_000);
    for (const f of fs.readdirSync(inbox)) fs.utimesSync(path.join(inbox, f), old, old);
    const results = (await runErpSource(folderSource(inbox))) ?? [];
    expect(results.map((r) => [r.name, r.outcome.ok]).sort()).toEqual([['precos-bons.csv', true], ['precos-maus.csv', false]]);
    expect(fs.readdirSync(path.join(inbox, 'done')).some((f) => f.endsWith('precos-bons.csv'))).toBe(true);
    expect(fs.readdirSync(path.join(inbox, 'failed')).some((f) => f.endsWith('precos-maus.csv'))).toBe(true);
    expect(await priceOf('HDT-16200')).toBe('1.7500');
    const db = await getDb();
    const runs = await db.select().from(erpSyncRuns).where(eq(erpSyncRuns.source, 'inbox'));
    expect(runs.map((r) => r.status).sort()).toEqual(['failed', 'ok']);
    expect(runs.every((r) => r.actorId === null)).toBe(true);
  });
});
