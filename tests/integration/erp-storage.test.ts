/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { POST as applyPost } from '@/app/api/admin/erp/apply/route';
import { POST as previewPost } from '@/app/api/admin/erp/preview/route';
import { GET as skippedGet } from '@/app/api/admin/erp/skipped/route';
import { resetEnvCache } from '@/lib/env';
import { getDb } from '@/server/db/client';
import { erpSyncRuns, inventoryProducts } from '@/server/db/schema';
import { runErpSource } from '@/server/erp/inbox';
import { importCatalogueFile } from '@/server/import';
import { clearPricingCache } from '@/server/pricing';
import { setStorage } from '@/server/storage';
import { s3Storage } from '@/server/storage/s3';
import { call, signedInAccount, type Session } from '../helpers/api';
import { setupTestDatabase } from '../helpers/db';
import { startLocalS3, type LocalS3 } from '../helpers/s3';

/**
 * Issue 24: the ERP's files live in the shop's storage, so any instance can finish what another
 * started. With S3_BUCKET set (a real S3 server on this machine): a file previewed on
 * /admin/phc-sync is kept in the bucket, not on the instance's disk, and "Aplicar" works from an
 * instance with an empty disk; the ERP's inbox is the bucket's `erp/inbox/`, each file applied
 * once and moved to `erp/done/` or `erp/failed/`, even when two runs look at the same moment.
 */
const mockRequestHeaders = new Map<string, string>();
jest.mock('next/headers', () => ({
  headers: async () => new Headers(Object.fromEntries(mockRequestHeaders)),
  cookies: async () => ({ get: () => undefined, getAll: () => [], set: () => undefined, delete: () => undefined }),
}));

setupTestDatabase();

const env = process.env as Record<string, string | undefined>;
let s3: LocalS3;
let admin: Session & { userId: string };
const csv = (lines: string[]) => Buffer.from(lines.join('\n') + '\n', 'utf8');

/** The bucket seen directly, as an operator (or the ERP) would. */
const bucket = () => s3Storage({ bucket: 'loja', prefix: 'erp-testes/', config: s3.config() });

async function priceOf(code: string): Promise<string> {
  const db = await getDb();
  const [row] = await db.select({ price: inventoryProducts.price }).from(inventoryProducts).where(eq(inventoryProducts.code, code));
  return Number(row!.price).toFixed(4);
}

/** A fresh, empty DATA_DIR and a new storage driver: what another instance on another machine has. */
function anotherInstance(): string {
  env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-storage-b-'));
  resetEnvCache();
  setStorage(undefined);
  return env.DATA_DIR;
}

beforeAll(async () => {
  env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-storage-a-'));
  delete env.PHC_INBOX_DIR;
  s3 = await startLocalS3('loja', { prefix: 'erp-testes/' });
  const db = await getDb();
  expect((await importCatalogueFile(db, path.join(process.cwd(), 'tests/fixtures/catalogue-small.csv'))).ok).toBe(true);
  clearPricingCache();
  admin = await signedInAccount({ email: 'admin.erpstore@example.pt', fullName: 'Ana Admin', role: 'admin', isAdmin: true, userType: 'particular' });
  mockRequestHeaders.set('host', 'localhost');
  mockRequestHeaders.set('cookie', admin.cookie);
}, 120_000);

afterAll(async () => {
  await s3?.dispose();
  delete env.DATA_DIR;
  resetEnvCache();
});

describe('uploads of /admin/phc-sync', () => {
  it('are kept in the bucket: previewed on one instance, applied on another with an empty disk', async () => {
    const first = env.DATA_DIR!;
    const form = new FormData();
    form.set('file', new File([csv(['model_code;price;discount_group', 'HDT-16200;1,61;A1', 'NAO-EXISTE;2;A1'])], 'precos-s3.csv', { type: 'text/csv' }));
    const preview = await call<{ data: { token: string } }>(previewPost, 'POST', '/api/admin/erp/preview', { session: admin, body: form });
    expect(preview.status).toBe(200);
    const token = preview.body.data.token;
    expect((await bucket().list('erp/uploads/')).sort()).toEqual([`erp/uploads/${token}`, `erp/uploads/${token}.json`, `erp/uploads/${token}.skipped.csv`]);
    expect(fs.existsSync(path.join(first, 'phc-uploads'))).toBe(false);

    anotherInstance();
    const skipped = await call(skippedGet, 'GET', `/api/admin/erp/skipped?token=${token}`, { session: admin });
    expect(skipped.status).toBe(200);
    expect(skipped.text).toContain('NAO-EXISTE');
    const applied = await call<{ data: { counts: { changed: number } } }>(applyPost, 'POST', '/api/admin/erp/apply', { session: admin, body: { token } });
    expect(applied.status).toBe(200);
    expect(await priceOf('HDT-16200')).toBe('1.6100');
    // Applied: the upload is gone from the bucket; the run's skipped lines are kept there.
    expect(await bucket().list('erp/uploads/')).toEqual([]);
    expect((await bucket().list('erp-runs/')).length).toBe(1);
  });

  it('a file previewed before the move (DATA_DIR/phc-uploads on this machine) still applies', async () => {
    const dir = path.join(anotherInstance(), 'phc-uploads');
    const bytes = csv(['model_code;price;discount_group', 'HDT-16200;1,62;A1']);
    const token = 'a'.repeat(64);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, token), bytes);
    fs.writeFileSync(path.join(dir, `${token}.json`), JSON.stringify({ fileName: 'antigo.csv', kind: 'prices' }));
    const applied = await call(applyPost, 'POST', '/api/admin/erp/apply', { session: admin, body: { token } });
    expect(applied.status).toBe(200);
    expect(await priceOf('HDT-16200')).toBe('1.6200');
    expect(fs.existsSync(path.join(dir, token))).toBe(false);
  });
});

describe("the ERP's inbox in the bucket", () => {
  it('applies the files under erp/inbox/ and moves them to erp/done/ or erp/failed/; other names are left alone', async () => {
    const erp = bucket();
    await erp.put('erp/inbox/precos-bons.csv', csv(['model_code;price;discount_group', 'HDT-16200;1,75;A1']));
    await erp.put('erp/inbox/precos-maus.csv', csv(['model_code;price;discount_group', 'HDT-16200;-1;A1']));
    await erp.put('erp/inbox/leia-me.pdf', Buffer.from('%PDF'));
    const results = await runErpSource();
    expect(results?.map((r) => [r.name, r.outcome.ok]).sort()).toEqual([
      ['precos-bons.csv', true],
      ['precos-maus.csv', false],
    ]);
    expect(await priceOf('HDT-16200')).toBe('1.7500');
    expect(await erp.list('erp/inbox/')).toEqual(['erp/inbox/leia-me.pdf']);
    expect(await erp.list('erp/processing/')).toEqual([]);
    const done = await erp.list('erp/done/');
    const failed = await erp.list('erp/failed/');
    expect(done).toHaveLength(1);
    expect(done[0]).toMatch(/^erp\/done\/\d{4}-\d\d-\d\dT[\d-]+Z-precos-bons\.csv$/);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatch(/-precos-maus\.csv$/);
    expect((await erp.get(done[0]!))?.toString()).toContain('HDT-16200;1,75;A1');
    const db = await getDb();
    const runs = await db.select().from(erpSyncRuns).where(eq(erpSyncRuns.source, 'inbox'));
    expect(runs.map((r) => [r.fileName, r.status]).sort()).toEqual([
      ['precos-bons.csv', 'ok'],
      ['precos-maus.csv', 'failed'],
    ]);
  });

  it('two runs at the same moment (two instances) apply a file once', async () => {
    const erp = bucket();
    for (let i = 1; i <= 3; i++) await erp.put(`erp/inbox/lote-${i}.csv`, csv(['model_code;price;discount_group', `HDT-16200;1,8${i};A1`]));
    const [a, b] = await Promise.all([runErpSource(), runErpSource()]);
    const names = [...(a ?? []), ...(b ?? [])].map((r) => r.name).sort();
    expect(names).toEqual(['lote-1.csv', 'lote-2.csv', 'lote-3.csv']);
    const db = await getDb();
    const runs = await db.select({ fileName: erpSyncRuns.fileName }).from(erpSyncRuns).where(eq(erpSyncRuns.source, 'inbox'));
    for (const name of ['lote-1.csv', 'lote-2.csv', 'lote-3.csv']) expect(runs.filter((r) => r.fileName === name)).toHaveLength(1);
    expect((await erp.list('erp/done/')).filter((k) => k.includes('lote-'))).toHaveLength(3);
    expect(await priceOf('HDT-16200')).toBe('1.8300');
  });
});
