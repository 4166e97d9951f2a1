/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { POST as addressesPost } from '@/app/api/addresses/route';
import { POST as itemsPost } from '@/app/api/cart/[cartId]/items/route';
import { POST as cartPost } from '@/app/api/cart/route';
import { POST as checkoutPost } from '@/app/api/checkout/route';
import { GET as navigationGet } from '@/app/api/navigation/route';
import { GET as orderPdfGet } from '@/app/api/orders/[id]/pdf/route';
import { GET as priceListDownloadGet } from '@/app/api/price-lists/[id]/download/route';
import { POST as priceListPost } from '@/app/api/price-lists/route';
import { GET as searchGet } from '@/app/api/products/search/route';
import { GET as sheetFileGet } from '@/app/documentos/fichas-tecnicas/[file]/route';
import { GET as avatarGet } from '@/app/media/avatars/[file]/route';
import { GET as catalogueImageGet } from '@/app/media/[kind]/[file]/route';
import { GET as uploadGet } from '@/app/media/uploads/[...key]/route';
import { resetEnvCache } from '@/lib/env';
import { sheetPdfPath } from '@/lib/technical-sheets';
import { getDb } from '@/server/db/client';
import { inventoryProducts, priceListExports, products, proAccounts, technicalSheets, users } from '@/server/db/schema';
import { importCatalogueFile } from '@/server/import';
import { processDueJobs } from '@/server/jobs';
import { clearPricingCache } from '@/server/pricing';
import { getStorage, setStorage } from '@/server/storage';
import { call, signedInAccount, type Answer, type Session } from '../helpers/api';
import { setupTestDatabase } from '../helpers/db';
import { freePort, startLocalS3, type LocalS3 } from '../helpers/s3';

/**
 * Issue 24, "S3 stopped": the shop keeps its files in a bucket (a real S3 server on this machine,
 * s3rver) and the server is stopped mid-test. Every document download (order PDF, price list,
 * technical sheet, supplier catalogue and other uploads, profile picture) answers 503 with
 * Retry-After and the JSON error, within seconds (no 500, no hang), while the catalogue's data
 * and generated images are still served; once the S3 server is back, the downloads work again
 * without a restart of the shop.
 */
setupTestDatabase();

const env = process.env as Record<string, string | undefined>;
let s3: LocalS3;
let buyer: Session & { userId: string };
let pro: Session & { userId: string };
const model: Record<string, number> = {};

interface Envelope<T> {
  success: boolean;
  data: T;
}

const downloads: { name: string; get: () => Promise<Answer> }[] = [];

beforeAll(async () => {
  env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-outage-'));
  s3 = await startLocalS3('loja', { prefix: 'outage/' });
  const db = await getDb();
  expect((await importCatalogueFile(db, path.join(process.cwd(), 'tests/fixtures/catalogue-small.csv'))).ok).toBe(true);
  for (const row of await db.select({ id: inventoryProducts.id, code: inventoryProducts.code }).from(inventoryProducts)) model[row.code] = row.id;
  clearPricingCache();

  // An order, its PDF rendered into the bucket by the job.
  buyer = await signedInAccount({ email: 'ana.outage@example.pt', fullName: 'Ana Conceição', role: 'viewer', isAdmin: false, userType: 'particular' });
  const home = await call<Envelope<{ id: number }>>(addressesPost, 'POST', '/api/addresses', {
    session: buyer,
    body: { label: 'Casa', name: 'Ana Conceição', nif: '123456789', line1: 'Rua da Estação, 12', postal_code: '4400-100', locality: 'Vila Nova de Gaia', is_default_delivery: true, is_default_billing: true },
  });
  const cart = await call<Envelope<{ cart_id: string }>>(cartPost, 'POST', '/api/cart', { session: buyer, body: {} });
  const cartId = cart.body.data.cart_id;
  expect((await call(itemsPost, 'POST', `/api/cart/${cartId}/items`, { params: { cartId }, session: buyer, body: { product_id: model['HDT-16200'], quantity_of_packages: 1 } })).status).toBe(201);
  const placed = await call<Envelope<{ order_id: number; number: string }>>(checkoutPost, 'POST', '/api/checkout', {
    session: buyer,
    body: { delivery: { address_id: home.body.data.id }, payment_method: 'bank_transfer' },
    headers: { 'Idempotency-Key': `outage-${Date.now()}` },
  });
  expect(placed.status).toBe(201);
  const orderId = String(placed.body.data.order_id);

  // A professional's price list, built by its job into the bucket.
  pro = await signedInAccount({ email: 'pro.outage@example.pt', fullName: 'Pro Obras', role: 'viewer', isAdmin: false, userType: 'pro' });
  const [account] = await db.insert(proAccounts).values({ name: 'Obras Lda', nif: '509123457' }).returning({ id: proAccounts.id });
  await db.update(users).set({ proAccountId: account!.id }).where(eq(users.id, pro.userId));
  const asked = await call<Envelope<{ id: string }>>(priceListPost, 'POST', '/api/price-lists', { session: pro, body: { format: 'csv' } });
  expect(asked.status).toBe(202);
  const listId = asked.body.data.id;

  // A published technical sheet (its PDF rendered by its first download or its job).
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.productCode, 'P100001'));
  const [sheet] = await db.insert(technicalSheets).values({ productId: product!.id, title: 'Ficha do tubo multicamada', published: true }).returning({ id: technicalSheets.id });
  const sheetPath = sheetPdfPath('ficha', { id: sheet!.id, productCode: 'P100001', modelCode: null });

  expect((await processDueJobs()).failed).toBe(0);

  // A supplier catalogue (an uploaded PDF) and a profile picture, as their modules store them.
  const catalogueKey = 'uploads/documents/2026/0123456789abcdef01234567.pdf';
  await getStorage().put(catalogueKey, Buffer.from('%PDF-1.7\ncatálogo do fornecedor\n%%EOF\n'));
  const avatar = `foto-${buyer.userId.replace(/[^A-Za-z0-9_-]/g, '')}-1700000000000.webp`;
  await getStorage().put(`avatars/${avatar}`, Buffer.from('RIFF0000WEBPVP8 '));

  downloads.push(
    { name: 'order PDF', get: () => call(orderPdfGet, 'GET', `/api/orders/${orderId}/pdf`, { session: buyer, params: { id: orderId } }) },
    { name: 'price list', get: () => call(priceListDownloadGet, 'GET', `/api/price-lists/${listId}/download`, { session: pro, params: { id: listId } }) },
    { name: 'technical sheet', get: () => call(sheetFileGet, 'GET', sheetPath, { params: { file: sheetPath.split('/').pop()! } }) },
    { name: 'supplier catalogue', get: () => call(uploadGet, 'GET', `/media/${catalogueKey}`, { params: { key: catalogueKey.split('/').slice(1) } as unknown as Record<string, string> }) },
    { name: 'profile picture', get: () => call(avatarGet, 'GET', `/media/avatars/${avatar}`, { session: buyer, params: { file: avatar } }) },
  );
}, 180_000);

afterAll(async () => {
  await s3?.dispose();
  delete env.DATA_DIR;
  resetEnvCache();
});

/** What a customer browsing the catalogue asks for: none of it needs the object store. */
async function catalogueAnswers(): Promise<number[]> {
  const search = await call(searchGet, 'GET', '/api/products/search?q=tubo', {});
  const navigation = await call(navigationGet, 'GET', '/api/navigation', {});
  const image = await call(catalogueImageGet, 'GET', '/media/chapters/40.svg', { params: { kind: 'chapters', file: '40.svg' } });
  return [search.status, navigation.status, image.status];
}

describe('the object store stopped, then back', () => {
  it('serves every download while the store is up', async () => {
    for (const d of downloads) {
      const answer = await d.get();
      expect([d.name, answer.status, answer.status === 200 ? '' : answer.text]).toEqual([d.name, 200, '']);
    }
  });

  it('answers 503 with Retry-After and the JSON error for every download, within seconds; the catalogue still 200', async () => {
    await s3.stop();
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      for (const d of downloads) {
        const started = Date.now();
        const answer = await d.get();
        const seconds = (Date.now() - started) / 1000;
        expect([d.name, answer.status, answer.headers.get('retry-after')]).toEqual([d.name, 503, '30']);
        expect(answer.body).toMatchObject({ success: false, error: { code: 'unavailable' } });
        expect((answer.body as { error: { message: string } }).error.message).toMatch(/temporariamente indisponíveis/);
        expect(seconds).toBeLessThan(10);
      }
      expect(await catalogueAnswers()).toEqual([200, 200, 200]);
    } finally {
      errors.mockRestore();
    }
  }, 90_000);

  it('a price list asked for meanwhile waits (queued, its job retried) instead of failing', async () => {
    const db = await getDb();
    await db.update(priceListExports).set({ createdAt: new Date(Date.now() - 3_600_000) });
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let id: string;
    try {
      const asked = await call<Envelope<{ id: string }>>(priceListPost, 'POST', '/api/price-lists', { session: pro, body: { format: 'xlsx' } });
      expect(asked.status).toBe(202);
      id = asked.body.data.id;
      await processDueJobs();
      const [row] = await db.select({ status: priceListExports.status, error: priceListExports.error }).from(priceListExports).where(eq(priceListExports.id, id));
      expect(row).toEqual({ status: 'queued', error: null });
    } finally {
      errors.mockRestore();
    }
    await s3.start();
    // The retry's backoff (30 s) skipped: the job runs again now and the list is built.
    await db.execute(sql`update pgboss.job set start_after = now() where name = 'price-list' and state = 'retry'`);
    await processDueJobs();
    const [row] = await db.select({ status: priceListExports.status }).from(priceListExports).where(eq(priceListExports.id, id));
    expect(row?.status).toBe('done');
  }, 60_000);

  it('serves the downloads again once the store is back, without a restart', async () => {
    for (const d of downloads) {
      const answer = await d.get();
      expect([d.name, answer.status, answer.status === 200 ? '' : answer.text]).toEqual([d.name, 200, '']);
    }
  });
});

describe('a store that accepts connections and then says nothing', () => {
  let silent: net.Server;
  const sockets: net.Socket[] = [];
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
    env.AWS_ENDPOINT_URL_S3 = `http://127.0.0.1:${s3.port}`;
    resetEnvCache();
    setStorage(undefined);
  });

  it('is a 503 within the client limits (10 s for an answer, one retry), not a hang', async () => {
    silent = net.createServer((socket) => sockets.push(socket));
    const port = await freePort();
    await new Promise<void>((resolve) => silent.listen(port, '127.0.0.1', resolve));
    env.AWS_ENDPOINT_URL_S3 = `http://127.0.0.1:${port}`;
    resetEnvCache();
    setStorage(undefined);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const warnings = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const started = Date.now();
      const answer = await downloads.find((d) => d.name === 'profile picture')!.get();
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('30');
      expect((Date.now() - started) / 1000).toBeLessThan(30);
    } finally {
      errors.mockRestore();
      warnings.mockRestore();
    }
  }, 60_000);
});
