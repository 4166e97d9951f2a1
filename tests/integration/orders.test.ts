/** @jest-environment node */
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { DELETE as addressDelete, PUT as addressPut } from '@/app/api/addresses/[id]/route';
import { GET as addressesGet, POST as addressesPost } from '@/app/api/addresses/route';
import { GET as itemsGet, POST as itemsPost } from '@/app/api/cart/[cartId]/items/route';
import { POST as cartPost } from '@/app/api/cart/route';
import { POST as checkoutPost } from '@/app/api/checkout/route';
import { GET as orderGet } from '@/app/api/orders/[id]/route';
import { POST as reorderPost } from '@/app/api/orders/[id]/reorder/route';
import { GET as ordersGet } from '@/app/api/orders/route';
import { cartSummary } from '@/lib/cart/summary';
import type { CartItem } from '@/lib/cart/types';
import { DEMO_IBAN, resetEnvCache } from '@/lib/env';
import { getDb } from '@/server/db/client';
import { carts, inventoryProducts, mailOutbox, orderEvents, orderMails, orders, products, users } from '@/server/db/schema';
import { importCatalogueFile } from '@/server/import';
import { getJobs, JOB_QUEUES, processDueJobs } from '@/server/jobs';
import { sendOrderMail } from '@/server/orders/mails';
import { transitionOrder } from '@/server/orders/status';
import { clearPricingCache } from '@/server/pricing';
import { call, signedInAccount, type Session } from '../helpers/api';
import { setupTestDatabase } from '../helpers/db';
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp';

/**
 * Issue 11: addresses, checkout, orders, reorder and the order mails, through the route handlers
 * on a real database (PGlite, or PostgreSQL with DATABASE_URL), signed in over better-auth, mails
 * captured by a real SMTP server. Catalogue: tests/fixtures/catalogue-small.csv. Private
 * customers pay the net list price plus 23 % IVA.
 */
setupTestDatabase();

const env = process.env as Record<string, string | undefined>;
const SHOP_MAIL = 'encomendas@loja.example.pt';

interface Envelope<T> {
  success: boolean;
  data: T;
  message?: string;
  error?: { code: string; message: string; details?: Record<string, string[]> };
}
interface Totals {
  subtotal: number;
  tax: number;
  subtotal_with_tax: number;
  shipping: number;
  total: number;
}
interface Placed {
  order_id: number;
  number: string;
  status: string;
  totals: Totals;
  payment: Record<string, string | number | null>;
}
interface Address {
  id: number;
  nif: string | null;
  is_default_delivery: boolean;
  is_default_billing: boolean;
}

let smtp: SmtpCapture;
let ana: Session & { userId: string };
let rui: Session & { userId: string };
let anaHome: Address;
let ruiHome: Address;
const model: Record<string, number> = {};
let keyCounter = 0;
const newKey = () => `test-key-${Date.now()}-${++keyCounter}`;

const HOME = { label: 'Casa', name: 'Ana Silva', nif: 'PT 123456789', line1: 'Rua do Sol, 12', postal_code: '4400-100', locality: 'Vila Nova de Gaia', phone: '+351 910 000 000' };

beforeAll(async () => {
  smtp = await startSmtpCapture();
  env.SMTP_URL = smtp.url;
  env.SHOP_NOTIFY_EMAIL = SHOP_MAIL;
  resetEnvCache();
  const db = await getDb();
  const result = await importCatalogueFile(db, path.join(process.cwd(), 'tests/fixtures/catalogue-small.csv'));
  expect(result.ok).toBe(true);
  for (const row of await db.select({ id: inventoryProducts.id, code: inventoryProducts.code }).from(inventoryProducts)) model[row.code] = row.id;
  clearPricingCache();
  ana = await signedInAccount({ email: 'ana@example.pt', fullName: 'Ana Silva', role: 'viewer', isAdmin: false, userType: 'particular' });
  rui = await signedInAccount({ email: 'rui@example.pt', fullName: 'Rui Costa', role: 'viewer', isAdmin: false, userType: 'particular' });
  anaHome = (await call<Envelope<Address>>(addressesPost, 'POST', '/api/addresses', { session: ana, body: { ...HOME, is_default_delivery: true, is_default_billing: true } })).body.data;
  ruiHome = (await call<Envelope<Address>>(addressesPost, 'POST', '/api/addresses', { session: rui, body: { ...HOME, name: 'Rui Costa', is_default_delivery: true } })).body.data;
}, 120_000);

afterAll(async () => {
  delete env.SMTP_URL;
  delete env.SHOP_NOTIFY_EMAIL;
  resetEnvCache();
  await smtp.close();
});

beforeEach(() => {
  smtp.reject = null;
});

async function cartOf(session: Session): Promise<string> {
  const answer = await call<Envelope<{ cart_id: string }>>(cartPost, 'POST', '/api/cart', { session, body: {} });
  expect(answer.status).toBe(200);
  return answer.body.data.cart_id;
}

async function fillCart(session: Session, lines: [code: string, packages: number, per?: number][]): Promise<string> {
  const cartId = await cartOf(session);
  for (const [code, packages, per] of lines) {
    const answer = await call(itemsPost, 'POST', `/api/cart/${cartId}/items`, {
      params: { cartId },
      session,
      body: { product_id: model[code], quantity_of_packages: packages, ...(per ? { items_per_package: per } : {}) },
    });
    expect(answer.status).toBe(201);
  }
  return cartId;
}

/** The total the review page shows: the cart's own summary (lib/cart/summary.ts). */
async function reviewTotal(session: Session, cartId: string): Promise<number> {
  const answer = await call<Envelope<CartItem[]>>(itemsGet, 'GET', `/api/cart/${cartId}/items`, { params: { cartId }, session });
  return cartSummary(answer.body.data).total!;
}

const checkout = (session: Session | null, body: Record<string, unknown>, key: string | null = newKey(), host?: string) =>
  call<Envelope<Placed>>(checkoutPost, 'POST', '/api/checkout', { session, body, host, headers: key ? { 'Idempotency-Key': key } : {} });

const toHome = (address = anaHome) => ({ delivery: { address_id: address.id }, payment_method: 'bank_transfer' });

async function setPrice(code: string, price: string): Promise<void> {
  const db = await getDb();
  await db.update(inventoryProducts).set({ price }).where(eq(inventoryProducts.code, code));
}

async function jobCount(): Promise<number> {
  await getJobs();
  const db = await getDb();
  const result = await db.execute(sql`select count(*)::int as n from pgboss.job`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

describe('addresses', () => {
  it('keeps a customer address with the NIF normalised, and lists it to its owner only', async () => {
    expect(anaHome.nif).toBe('123456789');
    expect(anaHome.is_default_delivery && anaHome.is_default_billing).toBe(true);
    const mine = await call<Envelope<Address[]>>(addressesGet, 'GET', '/api/addresses', { session: ana });
    expect(mine.body.data.map((a) => a.id)).toEqual([anaHome.id]);
    const theirs = await call<Envelope<Address[]>>(addressesGet, 'GET', '/api/addresses', { session: rui });
    expect(theirs.body.data.map((a) => a.id)).toEqual([ruiHome.id]);
  });

  it('refuses a bad postal code and a NIF with a wrong check digit, in Portuguese', async () => {
    const postal = await call<Envelope<null>>(addressesPost, 'POST', '/api/addresses', { session: ana, body: { ...HOME, postal_code: '4400100' } });
    expect(postal.status).toBe(400);
    expect(postal.body.error?.details?.postal_code?.[0]).toMatch(/Código postal inválido/);
    const nif = await call<Envelope<null>>(addressesPost, 'POST', '/api/addresses', { session: ana, body: { ...HOME, nif: '123456780' } });
    expect(nif.status).toBe(400);
    expect(nif.body.error?.details?.nif?.[0]).toMatch(/NIF inválido/);
  });

  it('moves the default to a new default address, and answers 404 for anyone else’s', async () => {
    const work = await call<Envelope<Address>>(addressesPost, 'POST', '/api/addresses', { session: rui, body: { ...HOME, label: 'Obra', is_default_delivery: true } });
    expect(work.status).toBe(201);
    const list = (await call<Envelope<Address[]>>(addressesGet, 'GET', '/api/addresses', { session: rui })).body.data;
    expect(list.filter((a) => a.is_default_delivery).map((a) => a.id)).toEqual([work.body.data.id]);
    const id = String(work.body.data.id);
    expect((await call(addressPut, 'PUT', `/api/addresses/${id}`, { params: { id }, session: ana, body: HOME })).status).toBe(404);
    expect((await call(addressDelete, 'DELETE', `/api/addresses/${id}`, { params: { id }, session: ana })).status).toBe(404);
    expect((await call(addressDelete, 'DELETE', '/api/addresses/x', { params: { id: 'x' }, session: rui })).status).toBe(404);
    expect((await call(addressDelete, 'DELETE', `/api/addresses/${id}`, { params: { id }, session: rui })).status).toBe(200);
    // Back to the first one as default delivery.
    const back = await call(addressPut, 'PUT', `/api/addresses/${ruiHome.id}`, { params: { id: String(ruiHome.id) }, session: rui, body: { ...HOME, name: 'Rui Costa', is_default_delivery: true } });
    expect(back.status).toBe(200);
  });
});

describe('POST /api/checkout: who may call it', () => {
  it('answers 401 to a guest and 400 without an Idempotency-Key', async () => {
    expect((await checkout(null, toHome())).status).toBe(401);
    const noKey = await checkout(ana, toHome(), null);
    expect(noKey.status).toBe(400);
    expect(noKey.body.message).toMatch(/Idempotency-Key/);
  });

  it('is off (403 feature_off) on the production host', async () => {
    env.PRODUCTION_HOSTS = 'loja.example.pt';
    resetEnvCache();
    try {
      const answer = await checkout(ana, toHome(), newKey(), 'loja.example.pt');
      expect(answer.status).toBe(403);
      expect(answer.body.error?.code).toBe('feature_off');
      expect((await call(ordersGet, 'GET', '/api/orders', { session: ana, host: 'loja.example.pt' })).status).toBe(403);
    } finally {
      delete env.PRODUCTION_HOSTS;
      resetEnvCache();
    }
  });

  it('refuses an empty cart', async () => {
    await cartOf(ana);
    const answer = await checkout(ana, toHome());
    expect(answer.status).toBe(422);
    expect(answer.body.message).toMatch(/carrinho está vazio/);
  });
});

describe('placing an order', () => {
  let placed: Placed;
  let cartId: string;

  it('places the cart: priced now, numbered, snapshotted, the cart ordered and a new one next time', async () => {
    // 2 × 189,00 + 10 × 1,25 = 390,50 net; 480,32 with IVA: free shipping.
    cartId = await fillCart(ana, [
      ['SN-001', 2],
      ['HDT-16200', 10],
    ]);
    const expected = await reviewTotal(ana, cartId);
    expect(expected).toBe(480.32);
    const answer = await checkout(ana, { ...toHome(), po_reference: 'OBRA-77', notes: 'Entregar de manhã.', expected_total: expected });
    expect(answer.status).toBe(201);
    placed = answer.body.data;
    expect(placed.number).toMatch(/^EN-\d{4}-000001$/);
    expect(placed.status).toBe('pending_payment');
    expect(placed.totals).toEqual({ subtotal: 390.5, tax: 89.82, subtotal_with_tax: 480.32, shipping: 0, total: 480.32 });
    expect(placed.payment).toMatchObject({ method: 'bank_transfer', iban: DEMO_IBAN, reference: placed.number, amount: 480.32 });

    const db = await getDb();
    const [cart] = await db.select({ status: carts.status }).from(carts).where(eq(carts.id, cartId));
    expect(cart!.status).toBe('ordered');
    const next = await cartOf(ana);
    expect(next).not.toBe(cartId);
    expect((await call<Envelope<CartItem[]>>(itemsGet, 'GET', `/api/cart/${next}/items`, { params: { cartId: next }, session: ana })).body.data).toEqual([]);

    const id = String(placed.order_id);
    const detail = await call<Envelope<Record<string, unknown> & { lines: Record<string, unknown>[]; history: { from: string | null; to: string }[] }>>(orderGet, 'GET', `/api/orders/${id}`, { params: { id }, session: ana });
    expect(detail.status).toBe(200);
    expect(detail.headers.get('cache-control')).toBe('private, no-store');
    expect(detail.body.data).toMatchObject({ number: placed.number, po_reference: 'OBRA-77', notes: 'Entregar de manhã.', delivery_method: 'delivery' });
    expect(detail.body.data.delivery_address).toMatchObject({ name: 'Ana Silva', nif: '123456789', postal_code: '4400-100' });
    expect(detail.body.data.lines).toEqual([
      expect.objectContaining({ position: 1, model_code: 'SN-001', product_code: 'P100003', packages: 2, units: 2, base_unit_price: 189, discount_percentage: 0, unit_price: 189, tax_rate: 23, total_price: 378, total_price_with_tax: 464.94 }),
      expect.objectContaining({ position: 2, model_code: 'HDT-16200', packages: 10, units: 10, unit_price: 1.25, total_price: 12.5, total_price_with_tax: 15.38 }),
    ]);
    expect(detail.body.data.history).toEqual([expect.objectContaining({ from: null, to: 'pending_payment' })]);

    const list = await call<Envelope<{ id: number; number: string }[]> & { pagination: { total: number } }>(ordersGet, 'GET', '/api/orders', { session: ana });
    expect(list.body.data.map((o) => o.number)).toContain(placed.number);
  });

  it('answers a replay of the same submission with the same order', async () => {
    const db = await getDb();
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(orders);
    const key = `replay-${Date.now()}`;
    const cart = await fillCart(ana, [['VG-0750', 1]]);
    const body = { ...toHome(), notes: 'Primeira tentativa' };
    const first = await checkout(ana, body, key);
    expect(first.status).toBe(201);
    const jobs = await jobCount();
    const again = await checkout(ana, body, key);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data).toEqual(first.body.data);
    expect(await jobCount()).toBe(jobs); // a replay enqueues no second mail
    const [after] = await db.select({ n: sql<number>`count(*)::int` }).from(orders);
    expect(after!.n).toBe(row!.n + 1);
    // Same key, another body: 409, nothing placed.
    const other = await checkout(ana, { ...body, notes: 'Outra coisa' }, key);
    expect(other.status).toBe(409);
    expect(other.body.message).toMatch(/chave de idempotência/);
    const [last] = await db.select({ n: sql<number>`count(*)::int` }).from(orders);
    expect(last!.n).toBe(row!.n + 1);
    expect(cart).toBeTruthy();
  });

  it('refuses with the new totals when a price changed between review and place, then places at the new price', async () => {
    const cart = await fillCart(ana, [['VG-0750', 3]]);
    const seen = await reviewTotal(ana, cart); // 3 × 6,95 = 20,85 → 25,65 + 7,00 shipping
    expect(seen).toBe(32.65);
    await setPrice('VG-0750', '7.5000');
    const jobsBefore = await jobCount();
    const refused = await checkout(ana, { ...toHome(), expected_total: seen });
    // A refused placement leaves nothing behind: no order, no job.
    expect(await jobCount()).toBe(jobsBefore);
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe('conflict');
    expect(refused.body.message).toMatch(/preços mudaram/);
    const data = (refused.body as unknown as { data: { totals: Totals } }).data;
    // 3 × 7,50 = 22,50 → 27,68 with IVA, + 7,00
    expect(data.totals).toEqual({ subtotal: 22.5, tax: 5.18, subtotal_with_tax: 27.68, shipping: 7, total: 34.68 });
    const db = await getDb();
    expect((await db.select({ status: carts.status }).from(carts).where(eq(carts.id, cart)))[0]!.status).toBe('active');
    const accepted = await checkout(ana, { ...toHome(), expected_total: data.totals.total });
    expect(accepted.status).toBe(201);
    expect(accepted.body.data.totals.total).toBe(34.68);
    await setPrice('VG-0750', '6.9500');
  });

  it('keeps the snapshot when the catalogue price changes later', async () => {
    await setPrice('SN-001', '250.0000');
    const id = String(placed.order_id);
    const detail = await call<Envelope<{ lines: { model_code: string; unit_price: number }[]; totals: Totals }>>(orderGet, 'GET', `/api/orders/${id}`, { params: { id }, session: ana });
    expect(detail.body.data.lines[0]).toMatchObject({ model_code: 'SN-001', unit_price: 189 });
    expect(detail.body.data.totals.total).toBe(480.32);
    await setPrice('SN-001', '189.0000');
  });

  it('gives pickup no shipping, confirms pay-at-pickup at once and refuses it with a delivery', async () => {
    await fillCart(ana, [['VG-0750', 1]]);
    const refused = await checkout(ana, { delivery: { address_id: anaHome.id }, payment_method: 'pay_at_pickup' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/levantamento/);
    const answer = await checkout(ana, { delivery: { pickup: 'warehouse' }, payment_method: 'pay_at_pickup' });
    expect(answer.status).toBe(201);
    expect(answer.body.data.status).toBe('confirmed');
    expect(answer.body.data.totals).toMatchObject({ shipping: 0, total: 8.55 });
    const id = String(answer.body.data.order_id);
    const detail = await call<Envelope<{ delivery_method: string; delivery_address: { label: string; line1: string } }>>(orderGet, 'GET', `/api/orders/${id}`, { params: { id }, session: ana });
    expect(detail.body.data.delivery_method).toBe('pickup_warehouse');
    expect(detail.body.data.delivery_address.line1).toMatch(/Canelas/);
  });

  it('refuses a cart with a model that is no longer sold, naming it', async () => {
    const cart = await fillCart(ana, [['HDT-16200', 1]]);
    const db = await getDb();
    await db.update(inventoryProducts).set({ productStatus: 'inactive' }).where(eq(inventoryProducts.code, 'HDT-16200'));
    try {
      const answer = await checkout(ana, toHome());
      expect(answer.status).toBe(409);
      expect(answer.body.message).toMatch(/HDT-16200/);
    } finally {
      await db.update(inventoryProducts).set({ productStatus: 'active' }).where(eq(inventoryProducts.code, 'HDT-16200'));
    }
    expect((await checkout(ana, toHome())).status).toBe(201);
    expect(cart).toBeTruthy();
  });

  it('answers 404 for another customer’s order, address and reorder', async () => {
    const id = String(placed.order_id);
    expect((await call(orderGet, 'GET', `/api/orders/${id}`, { params: { id }, session: rui })).status).toBe(404);
    expect((await call(reorderPost, 'POST', `/api/orders/${id}/reorder`, { params: { id }, session: rui })).status).toBe(404);
    expect((await call(orderGet, 'GET', '/api/orders/99999999999', { params: { id: '99999999999' }, session: ana })).status).toBe(404);
    expect((await call(orderGet, 'GET', `/api/orders/${id}`, { params: { id } })).status).toBe(401);
    // Rui cannot deliver to Ana's address.
    await fillCart(rui, [['VG-0750', 1]]);
    expect((await checkout(rui, toHome(anaHome))).status).toBe(404);
    expect((await checkout(rui, { delivery: { address_id: ruiHome.id }, billing_address_id: anaHome.id, payment_method: 'bank_transfer' })).status).toBe(404);
    const mine = await call<Envelope<{ id: number }[]>>(ordersGet, 'GET', '/api/orders', { session: rui });
    expect(mine.body.data).toEqual([]);
  });

  it('numbers the orders of a year one after the other, without gaps', async () => {
    const db = await getDb();
    const rows = await db.select({ number: orders.number }).from(orders).orderBy(orders.id);
    const seqs = rows.map((r) => Number(r.number.slice(-6)));
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
  });

  it('reorders the lines at today’s prices and lists the models no longer sold', async () => {
    const db = await getDb();
    await db.update(products).set({ active: false }).where(eq(products.productCode, 'P100003'));
    try {
      const id = String(placed.order_id);
      const answer = await call<Envelope<{ cart_id: string; added: { model_code: string }[]; unavailable: { model_code: string; reason: string }[] }>>(reorderPost, 'POST', `/api/orders/${id}/reorder`, { params: { id }, session: ana });
      expect(answer.status).toBe(200);
      expect(answer.body.data.added.map((a) => a.model_code)).toEqual(['HDT-16200']);
      expect(answer.body.data.unavailable).toEqual([expect.objectContaining({ model_code: 'SN-001' })]);
      const cartId = answer.body.data.cart_id;
      const items = await call<Envelope<CartItem[]>>(itemsGet, 'GET', `/api/cart/${cartId}/items`, { params: { cartId }, session: ana });
      expect(items.body.data).toEqual([expect.objectContaining({ quantity_of_packages: 10, unit_price_at_purchase: 1.25 })]);
    } finally {
      await db.update(products).set({ active: true }).where(eq(products.productCode, 'P100003'));
    }
  });

  it('moves through the states only as allowed, keeping the history', async () => {
    await transitionOrder(placed.order_id, 'confirmed', { actor: 'staff:test', note: 'Pagamento recebido' });
    await expect(transitionOrder(placed.order_id, 'completed', { actor: 'staff:test' })).rejects.toMatchObject({ code: 'conflict' });
    await transitionOrder(placed.order_id, 'preparing', { actor: 'staff:test' });
    await transitionOrder(placed.order_id, 'shipped', { actor: 'staff:test' });
    await expect(transitionOrder(placed.order_id, 'cancelled', { actor: 'staff:test' })).rejects.toMatchObject({ code: 'conflict' });
    const db = await getDb();
    const events = await db.select({ from: orderEvents.fromStatus, to: orderEvents.toStatus }).from(orderEvents).where(eq(orderEvents.orderId, placed.order_id)).orderBy(orderEvents.id);
    expect(events).toEqual([
      { from: null, to: 'pending_payment' },
      { from: 'pending_payment', to: 'confirmed' },
      { from: 'confirmed', to: 'preparing' },
      { from: 'preparing', to: 'shipped' },
    ]);
  });
});

describe('order mails (jobs)', () => {
  it('sends exactly one confirmation and one shop notice per order, however often the worker runs', async () => {
    smtp.clear();
    const db = await getDb();
    const placedCount = (await db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n;
    // Two workers at once (two server instances), then once more.
    await Promise.all([processDueJobs(), processDueJobs()]);
    await processDueJobs();
    const mails = await smtp.waitFor(placedCount * 2);
    const confirmations = mails.filter((m) => /^Encomenda EN-\d{4}-\d{6} recebida$/.test(m.subject));
    const notices = mails.filter((m) => m.subject.startsWith('Nova encomenda'));
    expect(confirmations).toHaveLength(placedCount);
    expect(notices).toHaveLength(placedCount);
    expect(new Set(confirmations.map((m) => m.subject)).size).toBe(placedCount);
    expect(notices.every((m) => m.envelopeTo[0] === SHOP_MAIL)).toBe(true);
    const first = confirmations.find((m) => m.subject.includes('000001'))!;
    expect(first.envelopeTo).toEqual(['ana@example.pt']);
    expect(first.text).toContain(DEMO_IBAN);
    expect(first.text).toContain('não é uma fatura');

    // A second delivery of the same job (a worker that crashed before completing it) sends nothing.
    const [row] = await db.select({ id: orders.id }).from(orders).where(sql`${orders.number} like '%000001'`);
    expect(await sendOrderMail(row!.id, 'confirmation')).toBe('already-sent');
    await processDueJobs();
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages).toHaveLength(placedCount * 2);
    const marked = await db.select({ n: sql<number>`count(*)::int` }).from(orderMails).where(sql`${orderMails.sentAt} is not null`);
    expect(marked[0]!.n).toBe(placedCount * 2);
  });

  it('retries a mail the SMTP server refused, with backoff, and sends it once when it comes back', async () => {
    await fillCart(rui, [['VG-0750', 2]]);
    const answer = await checkout(rui, { delivery: { address_id: ruiHome.id }, payment_method: 'bank_transfer' });
    expect(answer.status).toBe(201);
    const orderId = answer.body.data.order_id;
    smtp.clear();
    smtp.reject = 'Mailbox unavailable';
    const failed = await processDueJobs();
    expect(failed.failed).toBe(2);
    const db = await getDb();
    const [mail] = await db.select().from(orderMails).where(and(eq(orderMails.orderId, orderId), eq(orderMails.kind, 'confirmation')));
    expect(mail).toMatchObject({ sentAt: null, attempts: 1 });
    expect(mail!.lastError).toBeTruthy();
    // Not due yet (backoff): nothing runs.
    smtp.reject = null;
    expect(await processDueJobs()).toEqual({ completed: 0, failed: 0 });
    // Make the retries due now.
    const boss = await getJobs();
    const jobs = await db.execute(sql`update pgboss.job set start_after = now() - interval '1 second' where name = ${JOB_QUEUES.orderMail} and state = 'retry' returning id`);
    expect((jobs as unknown as { rows: unknown[] }).rows).toHaveLength(2);
    expect(await processDueJobs()).toEqual({ completed: 2, failed: 0 });
    const mails = await smtp.waitFor(2);
    expect(mails.filter((m) => m.envelopeTo[0] === 'rui@example.pt')).toHaveLength(1);
    await processDueJobs();
    expect(smtp.messages).toHaveLength(2);
    expect(boss).toBeTruthy();
    const sent = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.to, 'rui@example.pt'));
    expect(sent.length).toBeGreaterThanOrEqual(1);
  });
});

describe('a mail delivered twice at once', () => {
  it('is sent once: the second run waits on the mail row and finds it sent', async () => {
    await fillCart(rui, [['HDT-16200', 3]]);
    const answer = await checkout(rui, toHome(ruiHome));
    expect(answer.status).toBe(201);
    smtp.clear();
    const results = await Promise.all([sendOrderMail(answer.body.data.order_id, 'confirmation'), sendOrderMail(answer.body.data.order_id, 'confirmation')]);
    expect(results.sort()).toEqual(['already-sent', 'sent']);
    // The jobs themselves then complete without sending the confirmation again.
    await processDueJobs();
    const mails = await smtp.waitFor(2);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages).toHaveLength(2);
    expect(mails.filter((m) => m.subject === `Encomenda ${answer.body.data.number} recebida`)).toHaveLength(1);
  });
});

describe('concurrent placements', () => {
  it('makes exactly one order of one cart placed twice at once', async () => {
    const cart = await fillCart(rui, [['SN-001', 1]]);
    const db = await getDb();
    const before = (await db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n;
    const answers = await Promise.all([checkout(rui, toHome(ruiHome)), checkout(rui, toHome(ruiHome)), checkout(rui, toHome(ruiHome))]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 422, 422]);
    const after = (await db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n;
    expect(after).toBe(before + 1);
    const [order] = await db.select({ cartId: orders.cartId }).from(orders).where(eq(orders.cartId, cart));
    expect(order).toBeTruthy();
  });

  it('answers concurrent retries of one submission with the same order', async () => {
    await fillCart(rui, [['VG-0750', 4]]);
    const key = `same-${Date.now()}`;
    const answers = await Promise.all([checkout(rui, toHome(ruiHome), key), checkout(rui, toHome(ruiHome), key), checkout(rui, toHome(ruiHome), key)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.data.order_id)).size).toBe(1);
  });
});

describe('deleting an account', () => {
  it('keeps its orders, with the customer as they were', async () => {
    const eva = await signedInAccount({ email: 'eva@example.pt', fullName: 'Eva Lopes', role: 'viewer', isAdmin: false, userType: 'particular' });
    await fillCart(eva, [['VG-0750', 1]]);
    // A pickup still needs a billing address: none yet → 400.
    const noBilling = await checkout(eva, { delivery: { pickup: 'showroom' }, payment_method: 'pay_at_pickup' });
    expect(noBilling.status).toBe(400);
    expect(noBilling.body.message).toMatch(/faturação/);
    await call(addressesPost, 'POST', '/api/addresses', { session: eva, body: { ...HOME, name: 'Eva Lopes', nif: null, is_default_billing: true } });
    const answer = await checkout(eva, { delivery: { pickup: 'showroom' }, payment_method: 'pay_at_pickup' });
    expect(answer.status).toBe(201);
    const db = await getDb();
    await db.delete(users).where(eq(users.id, eva.userId));
    const [order] = await db.select().from(orders).where(eq(orders.id, answer.body.data.order_id));
    expect(order).toMatchObject({ userId: null, cartId: null, customerName: 'Eva Lopes', customerEmail: 'eva@example.pt', number: answer.body.data.number });
    // Its mails are dropped, not retried for ever.
    expect(await sendOrderMail(order!.id, 'confirmation')).toBe('gone');
  });
});
