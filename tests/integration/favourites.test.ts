/** @jest-environment node */
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { POST as authPost } from '@/app/api/auth/[...all]/route';
import { DELETE as removeRoute } from '@/app/api/favourites/[product_code]/route';
import { GET as listRoute, POST as addRoute } from '@/app/api/favourites/route';
import { resetEnvCache } from '@/lib/env';
import { createAccount } from '@/server/auth/accounts';
import { getDb } from '@/server/db/client';
import { favourites, products } from '@/server/db/schema';
import { listFavouriteProducts } from '@/server/favourites/favourites';
import { importCatalogueFile } from '@/server/import';
import { setupTestDatabase } from '../helpers/db';

/**
 * Issue 10, favourites: the three calls of /api/favourites through the app's route handlers, on
 * a real database, with sessions made by better-auth's own sign-in (bearer tokens, as API
 * clients use them). The deployment: PRODUCTION_HOSTS=loja.example.pt (favourites off there)
 * and FULL_FEATURE_HOSTS=staging.loja.example.pt (every feature on).
 */
jest.mock('next/headers', () => ({
  headers: async () => new Headers(),
  cookies: async () => ({ get: () => undefined, getAll: () => [], set: () => undefined, delete: () => undefined }),
}));

const handle = setupTestDatabase();

const env = process.env as Record<string, string | undefined>;
const SITE = 'https://loja.example.pt';
const PRODUCTION = 'loja.example.pt';
const STAGING = 'staging.loja.example.pt';
const PASSWORD = 'Boa-Password-2026';
let ipCounter = 0;

interface Answer {
  status: number;
  body: { success: boolean; data?: Record<string, unknown> | null; error?: { code: string; message: string } };
  headers: Headers;
}

function requestHeaders(host: string, token?: string, json = false): Headers {
  const headers = new Headers({ host, origin: SITE, 'x-forwarded-for': `198.51.100.${++ipCounter % 250}` });
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (json) headers.set('content-type', 'application/json');
  return headers;
}

async function answer(response: Response): Promise<Answer> {
  return { status: response.status, body: (await response.json()) as Answer['body'], headers: response.headers };
}

interface Caller {
  host?: string;
  token?: string;
}

const list = async ({ host = STAGING, token }: Caller = {}) =>
  answer(await listRoute(new Request(`http://${host}/api/favourites`, { headers: requestHeaders(host, token) })));

const add = async (productCode: unknown, { host = STAGING, token }: Caller = {}) =>
  answer(
    await addRoute(
      new Request(`http://${host}/api/favourites`, {
        method: 'POST',
        headers: requestHeaders(host, token, true),
        body: JSON.stringify({ product_code: productCode }),
      }),
    ),
  );

const remove = async (productCode: string, { host = STAGING, token }: Caller = {}) =>
  answer(
    await removeRoute(
      new Request(`http://${host}/api/favourites/${encodeURIComponent(productCode)}`, { method: 'DELETE', headers: requestHeaders(host, token) }),
      { params: Promise.resolve({ product_code: productCode }) },
    ),
  );

const codesOf = (a: Answer) => (a.body.data as { product_codes: string[] }).product_codes;

async function auth(pathname: string, init: { body?: unknown; token?: string }) {
  const headers = requestHeaders(STAGING, init.token, init.body !== undefined);
  return authPost(new Request(`http://${STAGING}/api/auth${pathname}`, { method: 'POST', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) }));
}

async function signIn(email: string): Promise<string> {
  const response = await auth('/sign-in/email', { body: { email, password: PASSWORD } });
  expect(response.status).toBe(200);
  const token = response.headers.get('set-auth-token');
  if (!token) throw new Error('no session');
  return token;
}

/** A confirmed particular customer (or an administrator) and the bearer token of a fresh session. */
async function customer(email: string, opts: { isAdmin?: boolean } = {}): Promise<string> {
  await createAccount(await getDb(), {
    email,
    password: PASSWORD,
    fullName: 'Cliente Teste',
    role: opts.isAdmin ? 'admin' : 'viewer',
    isAdmin: Boolean(opts.isAdmin),
    userType: 'particular',
  });
  return signIn(email);
}

let ana: string;
let rui: string;

beforeAll(async () => {
  env.SITE_URL = SITE;
  env.PRODUCTION_HOSTS = PRODUCTION;
  env.FULL_FEATURE_HOSTS = STAGING;
  resetEnvCache();
  const imported = await importCatalogueFile(handle.current().db, path.join(__dirname, '..', 'fixtures', 'catalogue-small.csv'));
  expect(imported.ok).toBe(true);
  ana = await customer('ana.favoritos@example.pt');
  rui = await customer('rui.favoritos@example.pt');
}, 120_000);

afterAll(() => {
  for (const name of ['SITE_URL', 'PRODUCTION_HOSTS', 'FULL_FEATURE_HOSTS']) delete env[name];
  resetEnvCache();
});

describe('/api/favourites', () => {
  it('answers a guest 401 on every call, private and never stored', async () => {
    for (const a of [await list(), await add('P100001'), await remove('P100001')]) {
      expect(a.status).toBe(401);
      expect(a.body).toMatchObject({ success: false, error: { code: 'unauthorized' } });
      expect(a.headers.get('cache-control')).toBe('private, no-store');
    }
    expect(await (await getDb()).select().from(favourites)).toEqual([]);
  });

  it('adds, lists and removes, idempotently, as private no-store answers', async () => {
    let a = await list({ token: ana });
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ success: true, data: { product_codes: [] } });
    expect(a.headers.get('cache-control')).toBe('private, no-store');

    a = await add('P100001', { token: ana });
    expect(a.status).toBe(201);
    expect(a.body.data).toEqual({ product_code: 'P100001', favourite: true, changed: true });
    expect(a.headers.get('cache-control')).toBe('private, no-store');
    // The same add again: nothing changes, one row.
    a = await add('P100001', { token: ana });
    expect(a.status).toBe(200);
    expect(a.body.data).toEqual({ product_code: 'P100001', favourite: true, changed: false });
    expect(await add('P100002', { token: ana })).toMatchObject({ status: 201 });

    a = await list({ token: ana });
    expect([...codesOf(a)].sort()).toEqual(['P100001', 'P100002']);

    a = await remove('P100001', { token: ana });
    expect(a.status).toBe(200);
    expect(a.body.data).toEqual({ product_code: 'P100001', favourite: false, changed: true });
    expect(a.headers.get('cache-control')).toBe('private, no-store');
    a = await remove('P100001', { token: ana });
    expect(a.status).toBe(200);
    expect(a.body.data).toEqual({ product_code: 'P100001', favourite: false, changed: false });
    expect(codesOf(await list({ token: ana }))).toEqual(['P100002']);
  });

  it('two adds at once leave one favourite', async () => {
    const both = await Promise.all([add('P100003', { token: ana }), add('P100003', { token: ana })]);
    expect(both.map((a) => a.status).sort()).toEqual([200, 201]);
    expect([...codesOf(await list({ token: ana }))].sort()).toEqual(['P100002', 'P100003']);
    expect(await remove('P100003', { token: ana })).toMatchObject({ status: 200, body: { data: { changed: true } } });
  });

  it('keeps each customer’s favourites to that customer: another never sees nor removes them', async () => {
    expect(codesOf(await list({ token: ana }))).toEqual(['P100002']);
    expect(codesOf(await list({ token: rui }))).toEqual([]);
    // Rui removing Ana's favourite removes nothing of hers.
    expect((await remove('P100002', { token: rui })).body.data).toEqual({ product_code: 'P100002', favourite: false, changed: false });
    expect(codesOf(await list({ token: ana }))).toEqual(['P100002']);
    // Rui's own favourites are his alone, and removing his leaves hers.
    expect((await add('P100002', { token: rui })).status).toBe(201);
    expect((await add('P100001', { token: rui })).status).toBe(201);
    expect([...codesOf(await list({ token: rui }))].sort()).toEqual(['P100001', 'P100002']);
    expect(codesOf(await list({ token: ana }))).toEqual(['P100002']);
    expect((await remove('P100002', { token: rui })).body.data).toMatchObject({ changed: true });
    expect(codesOf(await list({ token: ana }))).toEqual(['P100002']);
    expect(codesOf(await list({ token: rui }))).toEqual(['P100001']);
    // No call takes a user id: one in the body is ignored, the session decides.
    const db = await getDb();
    const [ruiRow] = await db.select({ userId: favourites.userId }).from(favourites).innerJoin(products, eq(products.id, favourites.productId)).where(eq(products.productCode, 'P100001'));
    expect(ruiRow).toBeDefined();
    const spoofed = await addRoute(
      new Request(`http://${STAGING}/api/favourites`, {
        method: 'POST',
        headers: requestHeaders(STAGING, ana, true),
        body: JSON.stringify({ product_code: 'P100003', user_id: ruiRow!.userId }),
      }),
    );
    expect(spoofed.status).toBe(201);
    expect(codesOf(await list({ token: rui }))).toEqual(['P100001']);
    expect([...codesOf(await list({ token: ana }))].sort()).toEqual(['P100002', 'P100003']);
    await remove('P100003', { token: ana });
  });

  it('keeps favourites across logout and login', async () => {
    expect((await auth('/sign-out', { token: ana, body: {} })).status).toBe(200);
    expect((await list({ token: ana })).status).toBe(401);
    ana = await signIn('ana.favoritos@example.pt');
    expect(codesOf(await list({ token: ana }))).toEqual(['P100002']);
  });

  it('answers 404 for an unknown or inactive product and 400 for a malformed code, changing nothing', async () => {
    let a = await add('P999999', { token: ana });
    expect(a.status).toBe(404);
    expect(a.body).toMatchObject({ success: false, error: { code: 'not_found', message: 'Produto não encontrado.' } });
    expect(a.headers.get('cache-control')).toBe('private, no-store');

    const db = await getDb();
    await db.update(products).set({ active: false }).where(eq(products.productCode, 'P100003'));
    try {
      expect((await add('P100003', { token: ana })).status).toBe(404);
    } finally {
      await db.update(products).set({ active: true }).where(eq(products.productCode, 'P100003'));
    }
    for (const bad of ['', ' P100001', '../P100001', 'x'.repeat(65), 42, null]) {
      a = await add(bad, { token: ana });
      expect(a.status).toBe(400);
      expect(a.body.error?.code).toBe('bad_request');
    }
    expect((await remove('P1000<script>', { token: ana })).status).toBe(400);
    expect(codesOf(await list({ token: ana }))).toEqual(['P100002']);
  });

  it('hides favourites of a product that is no longer active, and shows them again when it is', async () => {
    const db = await getDb();
    await db.update(products).set({ active: false }).where(eq(products.productCode, 'P100002'));
    try {
      expect(codesOf(await list({ token: ana }))).toEqual([]);
    } finally {
      await db.update(products).set({ active: true }).where(eq(products.productCode, 'P100002'));
    }
    expect(codesOf(await list({ token: ana }))).toEqual(['P100002']);
  });

  it('answers 403 feature_off on the production host (and to a Host it does not know); administrators pass', async () => {
    for (const host of [PRODUCTION, 'localhost']) {
      for (const a of [await list({ host, token: ana }), await add('P100001', { host, token: ana }), await remove('P100002', { host, token: ana })]) {
        expect(a.status).toBe(403);
        expect(a.body).toMatchObject({ success: false, error: { code: 'feature_off' } });
        expect(a.headers.get('cache-control')).toBe('private, no-store');
      }
    }
    expect(codesOf(await list({ token: ana }))).toEqual(['P100002']);
    // A guest there is still told to sign in first.
    expect((await list({ host: PRODUCTION })).status).toBe(401);
    const admin = await customer('admin.favoritos@example.pt', { isAdmin: true });
    expect((await add('P100001', { host: PRODUCTION, token: admin })).status).toBe(201);
    expect(codesOf(await list({ host: PRODUCTION, token: admin }))).toEqual(['P100001']);
  });
});

describe('listFavouriteProducts (/dashboard/favorites)', () => {
  it('lists the viewer’s products with their family, page and active models, and nothing of anyone else’s', async () => {
    const db = await getDb();
    const [row] = await db.select({ userId: favourites.userId }).from(favourites).innerJoin(products, eq(products.id, favourites.productId)).where(eq(products.productCode, 'P100002'));
    const items = await listFavouriteProducts(row!.userId);
    expect(items).toHaveLength(1);
    const [item] = items;
    expect(item).toMatchObject({
      productCode: 'P100002',
      name: 'Válvula de esfera em latão F-F',
      brandName: 'Valgaia',
      familyTitle: 'Válvulas de Esfera',
      path: expect.stringMatching(/^\/produtos\/[a-z0-9-]+\/valvulas-de-esfera\/P100002$/),
      familyPath: expect.stringMatching(/^\/produtos\/[a-z0-9-]+\/valvulas-de-esfera$/),
      imageUrl: expect.any(String),
    });
    expect(item!.models.map((m) => [m.code, m.size, m.smallPackage, m.stockStatus])).toEqual([
      ['VG-0500', '1/2"', '10/50', 'on_order'],
      ['VG-0750', '3/4"', '10/50', 'in_stock'],
    ]);
    // No price in what the page gets.
    expect(JSON.stringify(items)).not.toMatch(/price/i);
    expect(await listFavouriteProducts('someone-else')).toEqual([]);
  });
});
