/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { GET as downloadGet } from '@/app/api/price-lists/[id]/download/route';
import { GET as statusGet } from '@/app/api/price-lists/[id]/route';
import { GET as jobListsGet } from '@/app/api/job-lists/route';
import { GET as listGet, POST as requestPost } from '@/app/api/price-lists/route';
import { resetEnvCache } from '@/lib/env';
import { getDb } from '@/server/db/client';
import { inventoryProducts, priceListExports, priceRules, proAccounts, users } from '@/server/db/schema';
import { importCatalogueFile } from '@/server/import';
import { processDueJobs } from '@/server/jobs';
import { getPriceFacts, getPricingCustomer, priceEntryOf, clearPricingCache } from '@/server/pricing';
import { priceListKey, type PriceListExport } from '@/server/price-lists';
import { getStorage } from '@/server/storage';
import { call, signedInAccount, type Session } from '../helpers/api';
import { setupTestDatabase } from '../helpers/db';

/**
 * Issue 12, the professional price list: asked over the API, built by the `price-list` job,
 * downloaded by its owner only. Catalogue: tests/fixtures/catalogue-small.csv; two professional
 * accounts with different rules, a private customer. Files go to a temporary DATA_DIR.
 */
setupTestDatabase();

const env = process.env as Record<string, string | undefined>;

interface Envelope<T> {
  success: boolean;
  data: T;
  message?: string;
  error?: { code: string; message: string };
}

let dataDir: string;
let pro: Session & { userId: string };
let rival: Session & { userId: string };
let particular: Session & { userId: string };
let accountId: number;
let rivalAccountId: number;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'price-list-test-'));
  env.DATA_DIR = dataDir;
  resetEnvCache();
  const db = await getDb();
  const result = await importCatalogueFile(db, path.join(process.cwd(), 'tests/fixtures/catalogue-small.csv'));
  expect(result.ok).toBe(true);
  await db.update(inventoryProducts).set({ taxRate: '6' }).where(eq(inventoryProducts.code, 'HDT-20200'));
  pro = await signedInAccount({ email: 'tabela-pro@example.pt', fullName: 'Instalador', role: 'viewer', isAdmin: false, userType: 'pro', accountName: 'Obras Lda' });
  rival = await signedInAccount({ email: 'tabela-rival@example.pt', fullName: 'Rival', role: 'viewer', isAdmin: false, userType: 'pro', accountName: 'Rival Lda' });
  particular = await signedInAccount({ email: 'tabela-cliente@example.pt', fullName: 'Cliente', role: 'viewer', isAdmin: false, userType: 'particular' });
  const [a, b] = await db.insert(proAccounts).values([{ name: 'Obras Lda', nif: '509123457' }, { name: 'Rival Lda', nif: '509123449' }]).returning({ id: proAccounts.id });
  accountId = a!.id;
  rivalAccountId = b!.id;
  await db.update(users).set({ proAccountId: accountId }).where(eq(users.id, pro.userId));
  await db.update(users).set({ proAccountId: rivalAccountId }).where(eq(users.id, rival.userId));
  await db.insert(priceRules).values([
    { accountId, discountGroup: 'A1', discountPercentage: '25' },
    { accountId, discountGroup: 'B2', discountPercentage: '12.5' },
    { accountId: rivalAccountId, discountGroup: 'A1', discountPercentage: '40' },
  ]);
  clearPricingCache();
}, 120_000);

afterAll(() => {
  delete env.DATA_DIR;
  resetEnvCache();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const ask = (session: Session | null, body: unknown) => call<Envelope<PriceListExport>>(requestPost, 'POST', '/api/price-lists', { session, body });
const status = (session: Session, id: string) => call<Envelope<PriceListExport>>(statusGet, 'GET', `/api/price-lists/${id}`, { session, params: { id } });

async function download(session: Session, id: string): Promise<Response> {
  const request = new Request(`http://localhost/api/price-lists/${id}/download`, { headers: { host: 'localhost', authorization: `Bearer ${session.token}` } });
  return downloadGet(request, { params: Promise.resolve({ id }) });
}

/** Asks, runs the worker's step, and answers the finished export. */
async function built(session: Session, body: unknown): Promise<PriceListExport> {
  const asked = await ask(session, body);
  expect(asked.status).toBe(202);
  expect(asked.body.data.status).toBe('queued');
  const run = await processDueJobs();
  expect(run.failed).toBe(0);
  const done = await status(session, asked.body.data.id);
  expect(done.body.data).toMatchObject({ status: 'done', download_url: `/api/price-lists/${asked.body.data.id}/download` });
  return done.body.data;
}

describe('who may have a price list', () => {
  it('refuses a guest (401) and a private customer (403, in Portuguese)', async () => {
    expect((await ask(null, { format: 'csv' })).status).toBe(401);
    const refused = await ask(particular, { format: 'csv' });
    expect(refused.status).toBe(403);
    expect(refused.body.error?.message).toBe('A tabela de preços é reservada a contas profissionais.');
    expect((await call(listGet, 'GET', '/api/price-lists', { session: particular })).status).toBe(403);
  });

  it('is off on the production host (403 feature_off), like the rest of the account area', async () => {
    env.PRODUCTION_HOSTS = 'loja.example.pt';
    resetEnvCache();
    try {
      const asked = await call<Envelope<unknown>>(requestPost, 'POST', '/api/price-lists', { session: pro, host: 'loja.example.pt', body: { format: 'csv' } });
      expect(asked.status).toBe(403);
      expect(asked.body.error?.code).toBe('feature_off');
      const lists = await call<Envelope<unknown>>(jobListsGet, 'GET', '/api/job-lists', { session: pro, host: 'loja.example.pt' });
      expect(lists.status).toBe(403);
      expect(lists.body.error?.code).toBe('feature_off');
    } finally {
      delete env.PRODUCTION_HOSTS;
      resetEnvCache();
    }
  });

  it('answers 404 for an unknown chapter, family or brand, 400 for a bad body', async () => {
    expect((await ask(pro, { format: 'csv', scope: 'family', value: '99-999' })).status).toBe(404);
    expect((await ask(pro, { format: 'csv', scope: 'brand', value: 'nao-existe' })).status).toBe(404);
    expect((await ask(pro, { format: 'pdf' })).status).toBe(400);
    expect((await ask(pro, { format: 'csv', scope: 'chapter' })).status).toBe(400);
  });
});

describe('building and downloading', () => {
  it('builds the whole catalogue as CSV with exactly the pricing module\'s prices for that professional', async () => {
    const done = await built(pro, { format: 'csv', scope: 'all' });
    expect(done).toMatchObject({ total: 5, progress: 5, scope_label: 'Todo o catálogo' });
    const response = await download(pro, done.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="tabela-de-precos-catalogo-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const lines = (await response.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Código do modelo;EAN;Produto;Modelo;Medida;Embalagem;PVP s/ IVA;Desconto %;Preço líquido s/ IVA;Preço c/ IVA;IVA %;Disponibilidade');
    expect(lines).toHaveLength(6);
    // Every row against getPriceFacts/priceEntryOf for the same customer.
    const customer = await getPricingCustomer(pro.userId);
    const codes = lines.slice(1).map((l) => l.split(';')[0]!);
    const { facts } = await getPriceFacts(customer, codes, { fresh: true });
    for (const line of lines.slice(1)) {
      const cells = line.split(';');
      const entry = priceEntryOf(facts.get(cells[0]!)!);
      const n = (s: string) => Number(s.replace(',', '.'));
      // The price with IVA is for information, to the cent (issue 22: no 4-decimal prices with IVA).
      expect([n(cells[6]!), n(cells[7]!), n(cells[8]!), n(cells[9]!), n(cells[10]!)]).toEqual([entry.basePrice, entry.discountPercentage, entry.userPrice, Math.round(entry.priceWithTax * 100) / 100, entry.taxRate]);
    }
    const row = (code: string) => lines.find((l) => l.startsWith(`${code};`));
    expect(lines[1]!.startsWith('SN-001;')).toBe(true); // catalogue order: chapter 10 first
    expect(row('HDT-16200')).toBe('HDT-16200;5601234567892;Tubo multicamada PEX-AL-PEX;Tubo multicamada PEX-AL-PEX 16x2 mm rolo 100 m;16x2 mm;100;1,25;25;0,9375;1,15;23;Em stock');
    expect(row('HDT-20200')).toBe('HDT-20200;;Tubo multicamada PEX-AL-PEX;Tubo multicamada PEX-AL-PEX 20x2 mm rolo 100 m;20x2 mm;100;1,80;25;1,35;1,43;6;Sem stock');
    expect(row('VG-0750')).toContain(';10/50;6,95;12,5;6,0813;7,48;23;Em stock');
  });

  it('builds a family as XLSX; another professional\'s list holds their own prices', async () => {
    const mine = await built(pro, { format: 'xlsx', scope: 'family', value: '40-010' });
    expect(mine).toMatchObject({ total: 2, scope_label: 'Família 40-010 — Tubo Multicamada' });
    const theirs = await built(rival, { format: 'xlsx', scope: 'family', value: '40-010' });
    const read = async (session: Session, id: string) => {
      const response = await download(session, id);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
      return workbook.worksheets[0]!;
    };
    const sheet = await read(pro, mine.id);
    expect(sheet.getRow(1).getCell(1).value).toBe('Código do modelo');
    expect(sheet.getRow(2).values).toEqual([undefined, 'HDT-16200', '5601234567892', 'Tubo multicamada PEX-AL-PEX', 'Tubo multicamada PEX-AL-PEX 16x2 mm rolo 100 m', '16x2 mm', '100', 1.25, 25, 0.9375, 1.15, 23, 'Em stock']);
    expect(sheet.getRow(2).getCell(9).numFmt).toBe('#,##0.00## [$€-816]');
    expect(sheet.getRow(2).getCell(10).numFmt).toBe('#,##0.00 [$€-816]');
    const rivalSheet = await read(rival, theirs.id);
    expect(rivalSheet.getRow(2).getCell(8).value).toBe(40);
    expect(rivalSheet.getRow(2).getCell(9).value).toBe(0.75);
  });

  it('lets nobody else see or download the file (404), and the owner only while in that account', async () => {
    const done = await built(pro, { format: 'csv', scope: 'brand', value: 'valgaia' });
    expect(done.total).toBe(2);
    expect(await getStorage().exists(priceListKey(done.id, 'csv'))).toBe(true);
    expect((await status(rival, done.id)).status).toBe(404);
    expect((await download(rival, done.id)).status).toBe(404);
    expect((await download(particular, done.id)).status).toBe(403);
    expect((await download(pro, 'x'.repeat(22))).status).toBe(404);
    expect((await download(pro, '../../etc/passwd')).status).toBe(404);
    const mine = await call<Envelope<PriceListExport[]>>(listGet, 'GET', '/api/price-lists', { session: pro });
    expect(mine.body.data.map((e) => e.id)).toContain(done.id);
    const theirs = await call<Envelope<PriceListExport[]>>(listGet, 'GET', '/api/price-lists', { session: rival });
    expect(theirs.body.data.map((e) => e.id)).not.toContain(done.id);
    // Moved to the rival account: the old file (the old account's prices) is no longer theirs to download.
    const db = await getDb();
    await db.update(users).set({ proAccountId: rivalAccountId }).where(eq(users.id, pro.userId));
    clearPricingCache();
    const { invalidateCache } = await import('@/server/cache/invalidate');
    await invalidateCache([`pricing:user:${pro.userId}`]);
    expect((await download(pro, done.id)).status).toBe(404);
    await db.update(users).set({ proAccountId: accountId }).where(eq(users.id, pro.userId));
    await invalidateCache([`pricing:user:${pro.userId}`]);
    expect((await download(pro, done.id)).status).toBe(200);
  });

  it('allows one request at a time and answers 409 for a file not built yet', async () => {
    const first = await ask(pro, { format: 'csv' });
    expect(first.status).toBe(202);
    const second = await ask(pro, { format: 'xlsx' });
    expect(second.status).toBe(409);
    expect((await download(pro, first.body.data.id)).status).toBe(409);
    await processDueJobs();
    expect((await status(pro, first.body.data.id)).body.data.status).toBe('done');
    // Older exports beyond the last five are deleted with their files.
    const db = await getDb();
    const rows = await db.select({ id: priceListExports.id }).from(priceListExports).where(eq(priceListExports.userId, pro.userId));
    expect(rows.length).toBeLessThanOrEqual(5);
  });
});
