/** @jest-environment node */
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { POST as itemsPost } from '@/app/api/cart/[cartId]/items/route';
import { POST as cartPost } from '@/app/api/cart/route';
import { POST as addressesPost } from '@/app/api/addresses/route';
import { POST as checkoutPost } from '@/app/api/checkout/route';
import { GET as orderGet } from '@/app/api/orders/[id]/route';
import { GET as callbackGet } from '@/app/api/payments/ifthenpay/callback/route';
import { resetEnvCache } from '@/lib/env';
import { getDb } from '@/server/db/client';
import { inventoryProducts, orderEvents, orderPayments, orders } from '@/server/db/schema';
import { importCatalogueFile } from '@/server/import';
import { getJobs, JOB_QUEUES, processDueJobs } from '@/server/jobs';
import { availablePaymentMethods } from '@/server/payments';
import { requestProviderPayment } from '@/server/payments/ifthenpay/request';
import { clearPricingCache } from '@/server/pricing';
import { call, signedInAccount, type Session } from '../helpers/api';
import { setupTestDatabase } from '../helpers/db';
import { startFakeIfthenpay, type FakeIfthenpay } from '../helpers/fake-ifthenpay';
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp';

/**
 * Issue 11, payments through a provider: Multibanco references and MB WAY with ifthenpay. The
 * real adapter (server/payments/ifthenpay) talks HTTP to a local fake of ifthenpay's API started
 * here (tests/helpers/fake-ifthenpay.ts); checkout, order reads and the provider's callback go
 * through the route handlers on a real database (PGlite, or PostgreSQL with DATABASE_URL); mails
 * are captured by a real SMTP server.
 */
setupTestDatabase();

const env = process.env as Record<string, string | undefined>;
const PROVIDER_VARS = ['IFTHENPAY_API_URL', 'IFTHENPAY_MB_KEY', 'IFTHENPAY_MBWAY_KEY', 'IFTHENPAY_ANTI_PHISHING_KEY', 'IFTHENPAY_TIMEOUT_MS'];

interface Envelope<T> {
  success: boolean;
  data: T;
  message?: string;
  error?: { code: string; message: string; details?: Record<string, string[]> };
}
interface Placed {
  order_id: number;
  number: string;
  status: string;
  totals: { total: number };
  payment: Record<string, string | number | null>;
}
interface CallbackData {
  order_number: string;
  outcome: string;
  order_status: string;
}

let fake: FakeIfthenpay;
let smtp: SmtpCapture;
let ana: Session & { userId: string };
let homeId: number;
const model: Record<string, number> = {};
let keyCounter = 0;
const newKey = () => `pay-key-${Date.now()}-${++keyCounter}`;

function configure(vars: Record<string, string | undefined>): void {
  for (const name of PROVIDER_VARS) delete env[name];
  for (const [name, value] of Object.entries(vars)) if (value !== undefined) env[name] = value;
  resetEnvCache();
}
const configureFake = () => configure({ ...fake.env(), IFTHENPAY_TIMEOUT_MS: '1500' });

beforeAll(async () => {
  fake = await startFakeIfthenpay();
  smtp = await startSmtpCapture();
  env.SMTP_URL = smtp.url;
  env.SHOP_NOTIFY_EMAIL = 'encomendas@loja.example.pt';
  configureFake();
  const db = await getDb();
  const result = await importCatalogueFile(db, path.join(process.cwd(), 'tests/fixtures/catalogue-small.csv'));
  expect(result.ok).toBe(true);
  for (const row of await db.select({ id: inventoryProducts.id, code: inventoryProducts.code }).from(inventoryProducts)) model[row.code] = row.id;
  clearPricingCache();
  ana = await signedInAccount({ email: 'ana.pagamentos@example.pt', fullName: 'Ana Silva', role: 'viewer', isAdmin: false, userType: 'particular' });
  const home = await call<Envelope<{ id: number }>>(addressesPost, 'POST', '/api/addresses', {
    session: ana,
    body: { label: 'Casa', name: 'Ana Silva', nif: '123456789', line1: 'Rua do Sol, 12', postal_code: '4400-100', locality: 'Vila Nova de Gaia', is_default_delivery: true, is_default_billing: true },
  });
  homeId = home.body.data.id;
}, 120_000);

afterAll(async () => {
  configure({});
  delete env.SMTP_URL;
  delete env.SHOP_NOTIFY_EMAIL;
  resetEnvCache();
  await fake.close();
  await smtp.close();
});

beforeEach(() => {
  fake.mode = 'up';
  fake.mbwayInitStatus = '000';
});

async function fillCart(session: Session, lines: [code: string, packages: number][]): Promise<void> {
  const cart = await call<Envelope<{ cart_id: string }>>(cartPost, 'POST', '/api/cart', { session, body: {} });
  const cartId = cart.body.data.cart_id;
  for (const [code, packages] of lines) {
    const answer = await call(itemsPost, 'POST', `/api/cart/${cartId}/items`, { params: { cartId }, session, body: { product_id: model[code], quantity_of_packages: packages } });
    expect(answer.status).toBe(201);
  }
}

const checkout = (body: Record<string, unknown>, key = newKey()) =>
  call<Envelope<Placed>>(checkoutPost, 'POST', '/api/checkout', { session: ana, body: { delivery: { address_id: homeId }, ...body }, headers: { 'Idempotency-Key': key } });

async function place(body: Record<string, unknown>): Promise<Placed> {
  await fillCart(ana, [['VG-0750', 2]]);
  const answer = await checkout(body);
  expect(answer.status).toBe(201);
  return answer.body.data;
}

const callback = (query: URLSearchParams | string) =>
  call<Envelope<CallbackData>>(callbackGet, 'GET', `/api/payments/ifthenpay/callback?${query.toString()}`);

async function orderState(orderId: number) {
  const db = await getDb();
  const [order] = await db.select({ status: orders.status, payment: orders.paymentData }).from(orders).where(eq(orders.id, orderId));
  const [payment] = await db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
  const events = await db.select({ from: orderEvents.fromStatus, to: orderEvents.toStatus, actor: orderEvents.actor, note: orderEvents.note }).from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id);
  return { status: order!.status, payment: order!.payment, row: payment!, events };
}

/** Makes the retried and delayed jobs of a queue due now (as time passing would). */
async function makeJobsDue(queue: string): Promise<number> {
  await getJobs();
  const db = await getDb();
  const result = await db.execute(sql`update pgboss.job set start_after = now() - interval '1 second' where name = ${queue} and state in ('created', 'retry') returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

describe('which methods are offered', () => {
  it('offers Multibanco and MB WAY only with the provider configured, and refuses them otherwise with a 422 in Portuguese', async () => {
    configure({});
    try {
      expect(availablePaymentMethods('delivery')).toEqual(['bank_transfer']);
      expect(availablePaymentMethods('pickup_showroom')).toEqual(['bank_transfer', 'pay_at_pickup']);
      // A method key without the anti-phishing key is not enough: no callback could be trusted.
      configure({ IFTHENPAY_MB_KEY: fake.mbKey, IFTHENPAY_API_URL: fake.url });
      expect(availablePaymentMethods('delivery')).toEqual(['bank_transfer']);

      await fillCart(ana, [['VG-0750', 1]]);
      const db = await getDb();
      const before = (await db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n;
      const refused = await checkout({ payment_method: 'multibanco' });
      expect(refused.status).toBe(422);
      expect(refused.body.error?.code).toBe('unprocessable');
      expect(refused.body.message).toMatch(/forma de pagamento não está disponível/);
      expect(refused.body.error?.details?.payment_method?.[0]).toMatch(/não está disponível/);
      const mbway = await checkout({ payment_method: 'mbway', mbway_phone: '912345678' });
      expect(mbway.status).toBe(422);
      expect((await db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n).toBe(before);
      expect(fake.requests).toHaveLength(0);
    } finally {
      configureFake();
    }
    expect(availablePaymentMethods('delivery')).toEqual(['bank_transfer', 'multibanco', 'mbway']);
    expect(availablePaymentMethods('pickup_warehouse')).toEqual(['bank_transfer', 'pay_at_pickup', 'multibanco', 'mbway']);
  });

  it('asks MB WAY for a Portuguese mobile number, in Portuguese', async () => {
    const missing = await checkout({ payment_method: 'mbway' });
    expect(missing.status).toBe(400);
    expect(missing.body.error?.details?.mbway_phone?.[0]).toMatch(/número de telemóvel associado ao MB WAY/);
    for (const bad of ['812345678', '91234567', '+34 912 345 678', '9123456789']) {
      const answer = await checkout({ payment_method: 'mbway', mbway_phone: bad });
      expect(answer.status).toBe(400);
      expect(answer.body.error?.details?.mbway_phone?.[0]).toMatch(/telemóvel inválido/);
    }
  });
});

describe('Multibanco', () => {
  let placed: Placed;

  it('places the order pending payment and shows entity, reference, amount and expiry from the provider', async () => {
    placed = await place({ payment_method: 'multibanco' });
    expect(placed.status).toBe('pending_payment');
    const issued = fake.paymentFor(placed.number)!;
    expect(issued).toBeTruthy();
    expect(fake.calls('/multibanco/reference/init')).toHaveLength(1);
    expect(fake.calls('/multibanco/reference/init')[0]!.body).toMatchObject({ mbKey: fake.mbKey, orderId: placed.number, amount: placed.totals.total.toFixed(2), expiryDays: 3 });
    expect(placed.payment).toMatchObject({
      method: 'multibanco',
      provider: 'ifthenpay',
      status: 'awaiting_payment',
      entity: '12345',
      reference: issued.reference!,
      amount: placed.totals.total,
      request_id: issued.requestId,
    });
    expect(placed.payment.expires_on).toBe(new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10));
    // The order reads the same.
    const id = String(placed.order_id);
    const detail = await call<Envelope<{ payment: Record<string, unknown>; payment_method: string }>>(orderGet, 'GET', `/api/orders/${id}`, { params: { id }, session: ana });
    expect(detail.body.data.payment).toEqual(placed.payment);
    expect(detail.body.data.payment_method).toBe('multibanco');
  });

  it('mails the entity, reference and amount; the job finds the reference asked and asks nothing more', async () => {
    smtp.clear();
    await processDueJobs();
    const mails = await smtp.waitFor(2);
    const confirmation = mails.find((m) => m.subject === `Encomenda ${placed.number} recebida`)!;
    expect(confirmation).toBeTruthy();
    const reference = String(placed.payment.reference).replace(/(\d{3})(?=\d)/g, '$1 ');
    expect(confirmation.text).toContain('entidade 12345');
    expect(confirmation.text).toContain(`referência ${reference}`);
    expect(confirmation.text).toMatch(new RegExp(`montante ${placed.totals.total.toFixed(2).replace('.', ',')}`));
    // The payment job (due a minute later) runs and does not ask the provider again.
    expect(await makeJobsDue(JOB_QUEUES.paymentRequest)).toBeGreaterThanOrEqual(1);
    await processDueJobs();
    expect(fake.calls('/multibanco/reference/init').filter((r) => r.body?.orderId === placed.number)).toHaveLength(1);
  });

  it('answers 403 to a wrong or missing anti-phishing key and changes nothing', async () => {
    const issued = fake.paymentFor(placed.number)!;
    const wrong = await callback(fake.callbackQuery(issued.requestId, { key: `${fake.antiPhishingKey.slice(0, -1)}x` }));
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toMatch(/Chave anti-phishing inválida/);
    expect((await callback(fake.callbackQuery(issued.requestId, { key: null }))).status).toBe(403);
    expect((await callback(fake.callbackQuery(issued.requestId, { key: 'x'.repeat(5000) }))).status).toBe(403);
    expect((await callback('garbage=%ZZ&key')).status).toBe(403);
    const state = await orderState(placed.order_id);
    expect(state.status).toBe('pending_payment');
    expect(state.row.paidAt).toBeNull();
  });

  it('answers 404 for an unknown order, and refuses a wrong amount or reference leaving the order unchanged', async () => {
    const issued = fake.paymentFor(placed.number)!;
    const unknown = await callback(fake.callbackQuery(issued.requestId, { orderId: 'EN-1999-000001', requestId: null, entity: null, reference: null }));
    expect(unknown.status).toBe(404);
    const cheaper = await callback(fake.callbackQuery(issued.requestId, { amount: (placed.totals.total - 0.01).toFixed(2) }));
    expect(cheaper.status).toBe(422);
    expect(cheaper.body.message).toMatch(/montante pago .* não corresponde/);
    const dearer = await callback(fake.callbackQuery(issued.requestId, { amount: (placed.totals.total + 100).toFixed(2) }));
    expect(dearer.status).toBe(422);
    expect((await callback(fake.callbackQuery(issued.requestId, { amount: 'muito' }))).status).toBe(400);
    expect((await callback(fake.callbackQuery(issued.requestId, { amount: null }))).status).toBe(400);
    expect((await callback(fake.callbackQuery(issued.requestId, { reference: '999999999' }))).status).toBe(422);
    const state = await orderState(placed.order_id);
    expect(state.status).toBe('pending_payment');
    expect(state.row).toMatchObject({ paidAt: null, paidCents: null, transactionId: null });
    expect(state.events).toHaveLength(1);
    expect(state.payment.status).toBe('awaiting_payment');
  });

  it('confirms the order on the right callback, records the payment, and a repeated callback changes nothing', async () => {
    const issued = fake.paymentFor(placed.number)!;
    const query = fake.callbackQuery(issued.requestId);
    const first = await callback(query);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ order_number: placed.number, outcome: 'confirmed', order_status: 'confirmed' });
    const state = await orderState(placed.order_id);
    expect(state.status).toBe('confirmed');
    expect(state.row).toMatchObject({ paidCents: Math.round(placed.totals.total * 100), transactionId: issued.requestId });
    expect(state.row.paidAt).toBeInstanceOf(Date);
    expect(state.payment).toMatchObject({ status: 'paid', reference: issued.reference! });
    expect(state.events).toEqual([
      expect.objectContaining({ from: null, to: 'pending_payment' }),
      expect.objectContaining({ from: 'pending_payment', to: 'confirmed', actor: 'pagamento:ifthenpay', note: expect.stringMatching(/^Referência Multibanco: pagamento de .* recebido/) }),
    ]);

    const again = await callback(query);
    expect(again.status).toBe(200);
    expect(again.body.data.outcome).toBe('already');
    const after = await orderState(placed.order_id);
    expect(after.events).toHaveLength(2);
    expect(after.row.paidAt!.getTime()).toBe(state.row.paidAt!.getTime());
  });

  it('records one payment and one history event when the same callback arrives several times at once', async () => {
    const order = await place({ payment_method: 'multibanco' });
    const issued = fake.paymentFor(order.number)!;
    const answers = await Promise.all([1, 2, 3].map(() => callback(fake.callbackQuery(issued.requestId))));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.body.data.outcome).sort()).toEqual(['already', 'already', 'confirmed']);
    const state = await orderState(order.order_id);
    expect(state.status).toBe('confirmed');
    expect(state.events.filter((e) => e.to === 'confirmed')).toHaveLength(1);
  });
});

describe('MB WAY', () => {
  let placed: Placed;

  it('sends the request to the customer’s phone and keeps only a masked phone with the order', async () => {
    placed = await place({ payment_method: 'mbway', mbway_phone: '+351 912 345 678' });
    expect(placed.status).toBe('pending_payment');
    const sent = fake.calls('/spg/payment/mbway').filter((r) => r.body?.orderId === placed.number);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ mbWayKey: fake.mbwayKey, mobileNumber: '351#912345678', amount: placed.totals.total.toFixed(2) });
    const issued = fake.paymentFor(placed.number)!;
    expect(placed.payment).toMatchObject({ method: 'mbway', provider: 'ifthenpay', status: 'awaiting_payment', phone: '9•• ••• 678', request_id: issued.requestId, amount: placed.totals.total });
    expect(JSON.stringify(placed.payment)).not.toContain('912345678');
  });

  it('asks the provider for the status when the callback carries none: not paid → 409 and nothing changes; paid → confirmed', async () => {
    const issued = fake.paymentFor(placed.number)!;
    const statusCalls = () => fake.calls('/spg/payment/mbway/status').length;
    const before = statusCalls();
    const early = await callback(fake.callbackQuery(issued.requestId));
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/não está concluído/);
    expect(statusCalls()).toBe(before + 1);
    expect(fake.calls('/spg/payment/mbway/status').pop()!.query).toEqual({ mbWayKey: fake.mbwayKey, requestId: issued.requestId });
    expect((await orderState(placed.order_id)).status).toBe('pending_payment');

    // A callback whose own status says "not paid" is acknowledged and changes nothing.
    const declined = await callback(fake.callbackQuery(issued.requestId, { status: '020' }));
    expect(declined.status).toBe(200);
    expect(declined.body.data.outcome).toBe('not_paid');
    expect((await orderState(placed.order_id)).status).toBe('pending_payment');

    // The provider cannot be asked: 503, ifthenpay calls again later; nothing changes.
    fake.mode = 'down';
    expect((await callback(fake.callbackQuery(issued.requestId))).status).toBe(503);
    fake.mode = 'up';
    expect((await orderState(placed.order_id)).status).toBe('pending_payment');

    fake.pay(issued.requestId);
    const paid = await callback(fake.callbackQuery(issued.requestId));
    expect(paid.status).toBe(200);
    expect(paid.body.data.outcome).toBe('confirmed');
    const state = await orderState(placed.order_id);
    expect(state.status).toBe('confirmed');
    expect(state.events.filter((e) => e.to === 'confirmed')).toEqual([expect.objectContaining({ actor: 'pagamento:ifthenpay', note: expect.stringMatching(/^MB WAY: pagamento/) })]);
    // Repeated: already recorded, the provider is not even asked.
    const calls = statusCalls();
    expect((await callback(fake.callbackQuery(issued.requestId))).body.data.outcome).toBe('already');
    expect(statusCalls()).toBe(calls);
  });

  it('keeps the order when the provider declines the request, and does not ask again', async () => {
    fake.mbwayInitStatus = '122';
    const order = await place({ payment_method: 'mbway', mbway_phone: '936000111' });
    expect(order.status).toBe('pending_payment');
    expect(order.payment).toMatchObject({ method: 'mbway', status: 'failed', phone: '9•• ••• 111' });
    const state = await orderState(order.order_id);
    expect(state.row.state).toBe('failed');
    expect(state.row.lastError).toMatch(/recusou o pedido/);
    const asked = fake.calls('/spg/payment/mbway').length;
    fake.mbwayInitStatus = '000';
    await makeJobsDue(JOB_QUEUES.paymentRequest);
    await processDueJobs();
    expect(fake.calls('/spg/payment/mbway').length).toBe(asked);
  });
});

describe('the provider down or slow at placement', () => {
  it('places the order anyway (201, never a 500), and the job asks for the reference when the provider is back; the mail waits for it', async () => {
    // The mails of the orders before this one go first.
    await processDueJobs();
    await new Promise((r) => setTimeout(r, 200));
    smtp.clear();
    fake.mode = 'down';
    const placed = await place({ payment_method: 'multibanco' });
    expect(placed.status).toBe('pending_payment');
    expect(placed.payment).toMatchObject({ method: 'multibanco', status: 'requesting', entity: null, reference: null, amount: placed.totals.total });
    let state = await orderState(placed.order_id);
    expect(state.row).toMatchObject({ state: 'pending', attempts: 1 });
    expect(state.row.lastError).toMatch(/não respondeu/);

    // The shop's notice goes; the customer's confirmation waits for the reference.
    await processDueJobs();
    await smtp.waitFor(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages.map((m) => m.subject)).toEqual([expect.stringMatching(new RegExp(`^Nova encomenda ${placed.number}`))]);

    // Still down when the job runs: retried later.
    await makeJobsDue(JOB_QUEUES.paymentRequest);
    const failed = await processDueJobs();
    expect(failed.failed).toBeGreaterThanOrEqual(1);
    expect((await orderState(placed.order_id)).row.attempts).toBe(2);

    // Back up: the retried job gets the reference, then the confirmation goes with it.
    fake.mode = 'up';
    await makeJobsDue(JOB_QUEUES.paymentRequest);
    await processDueJobs();
    state = await orderState(placed.order_id);
    expect(state.row.state).toBe('requested');
    expect(state.payment).toMatchObject({ status: 'awaiting_payment', entity: '12345', reference: fake.paymentFor(placed.number)!.reference! });
    // The waiting confirmation was made due by the job that got the reference: no clock to move.
    await processDueJobs();
    const mails = await smtp.waitFor(2);
    const confirmation = mails.find((m) => m.subject === `Encomenda ${placed.number} recebida`)!;
    expect(confirmation.text).toContain('entidade 12345');
    expect(fake.calls('/multibanco/reference/init').filter((r) => r.body?.orderId === placed.number)).toHaveLength(3);
  });

  it('answers within the time limit when the provider hangs', async () => {
    fake.mode = 'slow';
    fake.delayMs = 5_000;
    configure({ ...fake.env(), IFTHENPAY_TIMEOUT_MS: '300' });
    try {
      const started = Date.now();
      const placed = await place({ payment_method: 'mbway', mbway_phone: '962222333' });
      expect(Date.now() - started).toBeLessThan(4_000);
      expect(placed.payment).toMatchObject({ status: 'requesting', phone: '9•• ••• 333' });
      expect((await orderState(placed.order_id)).row.lastError).toMatch(/demorou demasiado/);
    } finally {
      configureFake();
    }
  });

  it('never asks the provider twice at once for one order', async () => {
    fake.mode = 'down';
    const placed = await place({ payment_method: 'multibanco' });
    const asked = fake.calls('/multibanco/reference/init').length;
    fake.mode = 'slow';
    fake.delayMs = 300;
    const results = await Promise.all([requestProviderPayment(placed.order_id), requestProviderPayment(placed.order_id)]);
    expect(results.map((r) => r.outcome).sort()).toEqual(['busy', 'requested']);
    expect(fake.calls('/multibanco/reference/init').length).toBe(asked + 1);
    expect((await requestProviderPayment(placed.order_id)).outcome).toBe('done');
    expect(fake.calls('/multibanco/reference/init').length).toBe(asked + 1);
  });
});
