/** @jest-environment node */
import path from 'node:path';
import { POST as itemsPost } from '@/app/api/cart/[cartId]/items/route';
import { POST as cartPost } from '@/app/api/cart/route';
import { POST as checkoutPost } from '@/app/api/checkout/route';
import { resetEnvCache } from '@/lib/env';
import { createAddressAction, deleteAddressAction, setDefaultAddressAction, updateAddressAction } from '@/server/addresses/actions';
import { listAddresses } from '@/server/addresses';
import { getDb } from '@/server/db/client';
import { inventoryProducts } from '@/server/db/schema';
import { importCatalogueFile } from '@/server/import';
import { getOrder, listOrders } from '@/server/orders/queries';
import { transitionOrder } from '@/server/orders/status';
import { clearPricingCache } from '@/server/pricing';
import { call, signedInAccount, type Session } from '../helpers/api';
import { setupTestDatabase } from '../helpers/db';

/**
 * Issue 11's account area on a real database (PGlite, or PostgreSQL with DATABASE_URL): the
 * address actions of /dashboard/addresses (the checkout's schema with its Portuguese keys, the
 * defaults, someone else's address as 'not found'), an order keeping its address snapshot when
 * the address is edited or deleted, and the list of /dashboard/orders (state filter, search by
 * number, the customer's own only). Only Next's request scope (next/headers) is stood in for:
 * each action call gets the Host and session cookie a browser would send.
 */
const mockRequestHeaders = new Map<string, string>();
jest.mock('next/headers', () => ({
  headers: async () => new Headers(Object.fromEntries(mockRequestHeaders)),
  cookies: async () => ({ get: () => undefined, getAll: () => [], set: () => undefined, delete: () => undefined }),
}));

setupTestDatabase();

const env = process.env as Record<string, string | undefined>;
let ana: Session & { userId: string };
let rui: Session & { userId: string };
const model: Record<string, number> = {};
let ipCounter = 0;
let keyCounter = 0;

/** The request scope of the next action call: this session, on a host with every feature on. */
function as(session: Session | null, host = 'localhost') {
  mockRequestHeaders.clear();
  mockRequestHeaders.set('host', host);
  mockRequestHeaders.set('x-forwarded-for', `203.0.113.${(++ipCounter % 250) + 1}`);
  if (session) mockRequestHeaders.set('cookie', session.cookie);
}

const OBRA = {
  label: 'Obra Gaia',
  name: 'Construções Teste, Lda.',
  nif: 'PT 509 123 457',
  line1: 'Rua da Obra, 7',
  line2: '',
  postal_code: '4400-100',
  locality: 'Vila Nova de Gaia',
  country: 'PT',
  phone: '',
  is_default_delivery: true,
  is_default_billing: true,
};

beforeAll(async () => {
  // loja.example.pt plays the production host (dashboard off); localhost has every feature on.
  env.PRODUCTION_HOSTS = 'loja.example.pt';
  env.FULL_FEATURE_HOSTS = 'localhost';
  resetEnvCache();
  const db = await getDb();
  const result = await importCatalogueFile(db, path.join(process.cwd(), 'tests/fixtures/catalogue-small.csv'));
  expect(result.ok).toBe(true);
  for (const row of await db.select({ id: inventoryProducts.id, code: inventoryProducts.code }).from(inventoryProducts)) model[row.code] = row.id;
  clearPricingCache();
  ana = await signedInAccount({ email: 'ana.conta@example.pt', fullName: 'Ana Silva', role: 'viewer', isAdmin: false, userType: 'particular' });
  rui = await signedInAccount({ email: 'rui.conta@example.pt', fullName: 'Rui Costa', role: 'viewer', isAdmin: false, userType: 'particular' });
}, 120_000);

afterAll(() => {
  delete env.PRODUCTION_HOSTS;
  delete env.FULL_FEATURE_HOSTS;
  resetEnvCache();
});

async function placeOrder(session: Session, addressId: number, codes: string[]): Promise<{ order_id: number; number: string }> {
  const cart = await call<{ data: { cart_id: string } }>(cartPost, 'POST', '/api/cart', { session, body: {} });
  const cartId = cart.body.data.cart_id;
  for (const code of codes) {
    const added = await call(itemsPost, 'POST', `/api/cart/${cartId}/items`, { params: { cartId }, session, body: { product_id: model[code], quantity_of_packages: 1 } });
    expect(added.status).toBe(201);
  }
  const placed = await call<{ success: boolean; data: { order_id: number; number: string } }>(checkoutPost, 'POST', '/api/checkout', {
    session,
    body: { delivery: { address_id: addressId }, payment_method: 'bank_transfer' },
    headers: { 'Idempotency-Key': `account-test-${Date.now()}-${++keyCounter}` },
  });
  expect(placed.status).toBe(201);
  return placed.body.data;
}

/** Models of the fixture sold by the unit (tests/integration/orders.test.ts uses them too). */
function someCodes(n: number): string[] {
  return ['VG-0750', 'SN-001'].slice(0, n);
}

describe('address actions', () => {
  it('refuse a guest and a production host (dashboard off)', async () => {
    as(null);
    expect(await createAddressAction(OBRA)).toEqual({ ok: false, error: { code: 'unauthorized', message: 'Errors.unauthenticated' } });
    as(ana, 'loja.example.pt');
    expect(await createAddressAction(OBRA)).toMatchObject({ ok: false, error: { code: 'feature_off' } });
  });

  it('refuse a bad postal code and a NIF with a wrong check digit with the form’s message keys', async () => {
    as(ana);
    const answer = await createAddressAction({ ...OBRA, postal_code: '4400100', nif: '123456780', locality: '' });
    expect(answer).toEqual({
      ok: false,
      error: {
        code: 'bad_request',
        message: 'Errors.badRequest',
        fieldErrors: { nif: ['Orders.validation.nifInvalid'], postal_code: ['Orders.validation.postalCodeInvalid'], locality: ['Orders.validation.localityRequired'] },
      },
    });
    expect(await listAddresses(ana.userId)).toEqual([]);
  });

  it('create an address with the NIF normalised, move the defaults, and treat someone else’s as not found', async () => {
    as(ana);
    const first = await createAddressAction(OBRA);
    expect(first).toMatchObject({ ok: true, data: { message: 'Account.addresses.created' } });
    const second = await createAddressAction({ ...OBRA, label: 'Casa', nif: '', is_default_delivery: false, is_default_billing: false });
    expect(second.ok).toBe(true);
    const [obra, casa] = await listAddresses(ana.userId);
    expect(obra).toMatchObject({ label: 'Obra Gaia', nif: '509123457', line2: null, phone: null, is_default_delivery: true, is_default_billing: true });
    expect(casa).toMatchObject({ label: 'Casa', nif: null, is_default_delivery: false });

    expect(await setDefaultAddressAction({ id: casa!.id, kind: 'delivery' })).toEqual({ ok: true, data: { message: 'Account.addresses.defaultDeliverySet' } });
    const after = await listAddresses(ana.userId);
    expect(after.find((a) => a.label === 'Casa')).toMatchObject({ is_default_delivery: true, is_default_billing: false });
    expect(after.find((a) => a.label === 'Obra Gaia')).toMatchObject({ is_default_delivery: false, is_default_billing: true });

    // Rui cannot touch Ana's addresses: the same answer as an id that does not exist.
    as(rui);
    const notFound = { ok: false, error: { code: 'not_found', message: 'Account.addresses.notFound' } };
    expect(await updateAddressAction({ ...OBRA, id: casa!.id, label: 'Roubada' })).toEqual(notFound);
    expect(await deleteAddressAction({ id: casa!.id })).toEqual(notFound);
    expect(await setDefaultAddressAction({ id: casa!.id, kind: 'billing' })).toEqual(notFound);
    expect(await deleteAddressAction({ id: 2_147_483_647 })).toEqual(notFound);
    expect(await deleteAddressAction({ id: 99_999_999_999 })).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect((await listAddresses(ana.userId)).map((a) => a.label).sort()).toEqual(['Casa', 'Obra Gaia']);
  });
});

describe('an order and the address it was placed with', () => {
  it('keeps the address as it was when the address is edited, then deleted', async () => {
    as(ana);
    const obra = (await listAddresses(ana.userId)).find((a) => a.label === 'Obra Gaia')!;
    const order = await placeOrder(ana, obra.id, someCodes(1));
    const before = await getOrder(ana.userId, order.order_id);
    expect(before.delivery_address).toMatchObject({ label: 'Obra Gaia', line1: 'Rua da Obra, 7', postal_code: '4400-100', nif: '509123457' });

    expect(await updateAddressAction({ ...OBRA, id: obra.id, line1: 'Rua Nova, 99', postal_code: '4430-001', locality: 'Canidelo' })).toEqual({ ok: true, data: { message: 'Account.addresses.updated' } });
    expect((await getOrder(ana.userId, order.order_id)).delivery_address).toEqual(before.delivery_address);
    expect((await getOrder(ana.userId, order.order_id)).billing_address).toEqual(before.billing_address);

    expect(await deleteAddressAction({ id: obra.id })).toEqual({ ok: true, data: { message: 'Account.addresses.deleted' } });
    expect((await listAddresses(ana.userId)).map((a) => a.label)).toEqual(['Casa']);
    const after = await getOrder(ana.userId, order.order_id);
    expect(after.delivery_address).toEqual(before.delivery_address);
    expect(after.billing_address).toEqual(before.billing_address);
  });
});

describe('the list of /dashboard/orders', () => {
  it('filters by state and by a part of the number, newest first, the customer’s own only', async () => {
    as(rui);
    expect(await createAddressAction({ ...OBRA, label: 'Sede Rui' })).toMatchObject({ ok: true });
    const ruiHome = (await listAddresses(rui.userId))[0]!;
    const a = await placeOrder(rui, ruiHome.id, someCodes(1));
    const b = await placeOrder(rui, ruiHome.id, someCodes(2));
    await transitionOrder(b.order_id, 'confirmed', { actor: 'system' });

    const all = await listOrders(rui.userId, { limit: 20, offset: 0 });
    expect(all.items.map((o) => o.number)).toEqual([b.number, a.number]);
    expect(all.total).toBe(2);

    const pending = await listOrders(rui.userId, { limit: 20, offset: 0, status: 'pending_payment' });
    expect(pending.items.map((o) => o.number)).toEqual([a.number]);

    const byTail = await listOrders(rui.userId, { limit: 20, offset: 0, q: b.number.slice(-3) });
    expect(byTail.items.map((o) => o.number)).toContain(b.number);
    expect(byTail.items.every((o) => o.number.includes(b.number.slice(-3)))).toBe(true);
    expect((await listOrders(rui.userId, { limit: 20, offset: 0, q: b.number.toLowerCase() })).items.map((o) => o.number)).toEqual([b.number]);
    // LIKE wildcards are taken literally.
    expect((await listOrders(rui.userId, { limit: 20, offset: 0, q: '%' })).total).toBe(0);
    expect((await listOrders(rui.userId, { limit: 20, offset: 0, q: 'EN-____' })).total).toBe(0);

    // Ana's order is not in Rui's list, whatever he searches.
    const anaOrders = await listOrders(ana.userId, { limit: 20, offset: 0 });
    expect(anaOrders.total).toBe(1);
    expect((await listOrders(rui.userId, { limit: 20, offset: 0, q: anaOrders.items[0]!.number })).total).toBe(0);
    await expect(getOrder(rui.userId, anaOrders.items[0]!.id)).rejects.toMatchObject({ code: 'not_found' });
  });
});
