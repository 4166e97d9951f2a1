/** @jest-environment node */
import path from 'node:path';
import { PDFParse } from 'pdf-parse';
import { eq, sql } from 'drizzle-orm';
import * as React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import GuestQuotePage from '@/app/[site]/(shop)/orcamento/page';
import { POST as itemsPost } from '@/app/api/cart/[cartId]/items/route';
import { POST as cartPost } from '@/app/api/cart/route';
import { POST as addressesPost } from '@/app/api/addresses/route';
import { GET as orderGet } from '@/app/api/orders/[id]/route';
import { POST as acceptPost } from '@/app/api/quotes/[id]/accept/route';
import { POST as answerPost } from '@/app/api/quotes/[id]/answer/route';
import { GET as quotePdfGet } from '@/app/api/quotes/[id]/pdf/route';
import { POST as declinePost } from '@/app/api/quotes/[id]/decline/route';
import { POST as messagesPost } from '@/app/api/quotes/[id]/messages/route';
import { POST as againPost } from '@/app/api/quotes/[id]/request-again/route';
import { POST as toCartPost } from '@/app/api/quotes/[id]/to-cart/route';
import { GET as quoteGet } from '@/app/api/quotes/[id]/route';
import { POST as withdrawPost } from '@/app/api/quotes/[id]/withdraw/route';
import { GET as quotesGet, POST as quotesPost } from '@/app/api/quotes/route';
import { resetEnvCache } from '@/lib/env';
import { getDb } from '@/server/db/client';
import { inventoryProducts, quoteEvents, quotes } from '@/server/db/schema';
import { importCatalogueFile } from '@/server/import';
import { processDueJobs } from '@/server/jobs';
import { clearPricingCache, lisbonDay } from '@/server/pricing';
import { addDays, expiryMoment } from '@/server/quotes/dates';
import { expireDueQuotes } from '@/server/quotes/read';
import { call, signedInAccount, type Session } from '../helpers/api';
import { behindTrustedFront, clientIpHeaders } from '../helpers/client-ip';
import { setupTestDatabase } from '../helpers/db';
import { resolveServerTree } from '../helpers/server-components';
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp';

/**
 * Issue 12, quotes: requests by guests and customers, the guest's private link, staff answers with
 * a price per line, the customer's decline, withdrawal, expiry, messages, asking again and the
 * mails — through the route handlers on a real database (PGlite, or PostgreSQL with
 * DATABASE_URL), mails captured by a real SMTP server. Catalogue: tests/fixtures/catalogue-small.csv.
 */
// The guest page (/orcamento) renders on the server with the real pt-PT texts (next-intl itself does
// not load in Jest); its client leaves (they need the browser's router) are stood in for by markers.
jest.mock('next-intl/server', () => jest.requireActual('@/tests/helpers/next-intl').nextIntlServerMock());
jest.mock('next-intl', () => jest.requireActual('@/tests/helpers/next-intl').nextIntlMock());
jest.mock('@/components/quotes/quote-actions', () => ({ DeclineQuote: () => '[quote-decline]', QuoteMessageForm: () => '[quote-message-form]' }));

setupTestDatabase();
behindTrustedFront();

const env = process.env as Record<string, string | undefined>;
const SHOP_MAIL = 'orcamentos@loja.example.pt';

interface Envelope<T> {
  success: boolean;
  data: T;
  message?: string;
  error?: { code: string; message: string; details?: Record<string, string[]> };
}
interface Requested {
  quote_id: number;
  number: string;
  status: string;
  access_token?: string;
}
interface QuoteLine {
  position: number;
  model_code: string;
  packages: number;
  units: number;
  list_unit_price: number | null;
  unit_price: number | null;
  total_price: number | null;
  total_price_with_tax: number | null;
}
interface Quote {
  id: number;
  number: string;
  status: string;
  version: number;
  valid_until: string | null;
  answered_at: string | null;
  totals: { subtotal: number; tax: number; shipping: number; total: number } | null;
  lines: QuoteLine[];
  messages: { author: string; body: string; line_position: number | null }[];
  history: { from: string | null; to: string; actor: string }[];
}

let smtp: SmtpCapture;
let ana: Session & { userId: string };
let rui: Session & { userId: string };
let editor: Session & { userId: string };
const model: Record<string, number> = {};
let ipCounter = 0;
/** A distinct client IP per guest request, so the per-IP limit is not what a test meets. */
const guestHeaders = () => clientIpHeaders(`192.0.2.${(++ipCounter % 250) + 1}`);

const GUEST = { name: 'Joana Pires', email: 'joana@obra.example.pt', phone: '912 345 678', company: 'Obras Pires', message: 'Preciso para a obra <b>urgente</b> em Canidelo.' };

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
  ana = await signedInAccount({ email: 'ana.q@example.pt', fullName: 'Ana Silva', role: 'viewer', isAdmin: false, userType: 'particular' });
  rui = await signedInAccount({ email: 'rui.q@example.pt', fullName: 'Rui Costa', role: 'viewer', isAdmin: false, userType: 'particular' });
  editor = await signedInAccount({ email: 'editor.q@example.pt', fullName: 'Eva Editora', role: 'editor', isAdmin: false, userType: 'particular' });
}, 120_000);

afterAll(async () => {
  delete env.SMTP_URL;
  delete env.SHOP_NOTIFY_EMAIL;
  resetEnvCache();
  await smtp.close();
});

async function guestRequest(body: Record<string, unknown> = {}) {
  return call<Envelope<Requested>>(quotesPost, 'POST', '/api/quotes', {
    headers: guestHeaders(),
    body: { ...GUEST, lines: [{ product_id: model['HDT-16200'], quantity_of_packages: 2, items_per_package: 100 }, { product_id: model['VG-0750'], quantity_of_packages: 3, items_per_package: 10 }], ...body },
  });
}

async function getQuote(id: number, init: { session?: Session; token?: string }) {
  return call<Envelope<Quote>>(quoteGet, 'GET', `/api/quotes/${id}${init.token ? `?token=${init.token}` : ''}`, { params: { id: String(id) }, session: init.session ?? null });
}

async function answer(id: number, body: Record<string, unknown>, session: Session = editor) {
  return call<Envelope<Quote>>(answerPost, 'POST', `/api/quotes/${id}/answer`, { params: { id: String(id) }, session, body });
}

describe('a guest asks for a quote', () => {
  it('gets a readable number and a private link, and the mails carry the lines but never what the guest wrote', async () => {
    const answerBody = await guestRequest();
    expect(answerBody.status).toBe(201);
    const { number, status, access_token: token, quote_id: id } = answerBody.body.data;
    expect(number).toMatch(new RegExp(`^OR-${lisbonDay().slice(0, 4)}-\\d{6}$`));
    expect(status).toBe('requested');
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);

    await processDueJobs();
    const ack = smtp.messages.find((m) => m.envelopeTo.includes(GUEST.email) && m.subject.includes(number));
    expect(ack).toBeDefined();
    expect(ack!.text).toContain('HDT-16200');
    expect(ack!.text).toContain('VG-0750');
    expect(ack!.text).toContain(`/orcamento?token=${token}`);
    // Nothing the requester typed: not the message, not the name, not the company.
    expect(ack!.text).not.toContain('urgente');
    expect(ack!.text).not.toContain('Joana');
    expect(ack!.text).not.toContain('Obras Pires');
    const shop = smtp.messages.find((m) => m.envelopeTo.includes(SHOP_MAIL) && m.subject.includes(number));
    expect(shop).toBeDefined();
    expect(shop!.text).toContain('urgente');
    expect(shop!.html).not.toContain('<b>urgente</b>');

    // The link opens that quote only, without prices (visitors see none).
    const seen = await getQuote(id, { token });
    expect(seen.status).toBe(200);
    expect(seen.body.data.lines.map((l) => [l.model_code, l.packages, l.units])).toEqual([
      ['HDT-16200', 2, 200],
      ['VG-0750', 3, 30],
    ]);
    expect(seen.body.data.lines.every((l) => l.list_unit_price === null && l.unit_price === null)).toBe(true);
    // Staff see it among all quotes, with its two lines counted.
    const all = await call<Envelope<{ id: number; lines_count: number }[]>>(quotesGet, 'GET', '/api/quotes?scope=all&limit=100', { session: editor });
    expect(all.body.data.find((q) => q.id === id)?.lines_count).toBe(2);
    const other = (await guestRequest({ email: 'outro@example.pt' })).body.data;
    expect((await getQuote(other.quote_id, { token })).status).toBe(404);
    expect((await getQuote(id, { token: 'A'.repeat(22) })).status).toBe(404);
    expect((await getQuote(id, {})).status).toBe(401);
    expect((await getQuote(id, { session: rui })).status).toBe(404);
  });

  it('must say who they are, and a line the model does not allow is refused by its number', async () => {
    const noPhone = await guestRequest({ phone: null });
    expect(noPhone.status).toBe(400);
    expect(noPhone.body.error?.details?.phone?.[0]).toMatch(/telefone/i);
    const badNif = await guestRequest({ nif: '123456780' });
    expect(badNif.status).toBe(400);
    expect(badNif.body.error?.details?.nif?.[0]).toMatch(/NIF/);
    const badPack = await guestRequest({ lines: [{ product_id: model['VG-0750'], quantity_of_packages: 1, items_per_package: 7 }] });
    expect(badPack.status).toBe(400);
    expect(badPack.body.message).toMatch(/^Linha 1:/);
    const both = await guestRequest({ cart_id: 'A'.repeat(22) });
    expect(both.status).toBe(400);
  });

  it('is limited per e-mail (429 with a Portuguese message)', async () => {
    const email = 'limite@example.pt';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await guestRequest({ email })).status);
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses[5]).toBe(429);
  });
});

describe('a customer asks from the cart, staff answer, the customer follows', () => {
  let id: number;

  it('snapshots the cart lines with the customer\'s own prices, visible to them only', async () => {
    const cart = await call<Envelope<{ cart_id: string }>>(cartPost, 'POST', '/api/cart', { session: ana, body: {} });
    const cartId = cart.body.data.cart_id;
    for (const [code, packages] of [['VG-0750', 2]] as const) {
      const added = await call(itemsPost, 'POST', `/api/cart/${cartId}/items`, { params: { cartId }, session: ana, body: { product_id: model[code], quantity_of_packages: packages, items_per_package: 10 } });
      expect(added.status).toBe(201);
    }
    const created = await call<Envelope<Requested>>(quotesPost, 'POST', '/api/quotes', { session: ana, body: { cart_id: cartId, message: 'Entrega em Gaia' } });
    expect(created.status).toBe(201);
    expect(created.body.data.access_token).toBeUndefined();
    id = created.body.data.quote_id;
    const mine = await getQuote(id, { session: ana });
    expect(mine.status).toBe(200);
    expect(mine.body.data.lines[0]).toMatchObject({ model_code: 'VG-0750', packages: 2, units: 20, list_unit_price: 6.95, unit_price: null });
    expect((await getQuote(id, { session: rui })).status).toBe(404);
    const list = await call<Envelope<{ id: number }[]>>(quotesGet, 'GET', '/api/quotes', { session: ana });
    expect(list.body.data.map((q) => q.id)).toContain(id);
    const ruiList = await call<Envelope<{ id: number }[]>>(quotesGet, 'GET', '/api/quotes', { session: rui });
    expect(ruiList.body.data.map((q) => q.id)).not.toContain(id);
  });

  it('is answered by staff with a price for every line; the customer cannot answer', async () => {
    expect((await answer(id, { lines: [{ position: 1, unit_price: 5.5 }] }, ana)).status).toBe(403);
    const missing = await answer(id, { lines: [{ position: 2, unit_price: 5.5 }] });
    expect(missing.status).toBe(400);
    const before = (await getQuote(id, { session: editor })).body.data;
    const answered = await answer(id, { lines: [{ position: 1, unit_price: 5.5 }], shipping: 7, message: 'Preço especial para obra.', version: before.version });
    expect(answered.status).toBe(200);
    const q = answered.body.data;
    expect(q.status).toBe('answered');
    // 20 units × 5,50 € = 110,00 € net; IVA 23 % = 25,30 €; + 7 € shipping.
    expect(q.lines[0]).toMatchObject({ unit_price: 5.5, total_price: 110, total_price_with_tax: 135.3 });
    expect(q.totals).toEqual({ subtotal: 110, tax: 25.3, shipping: 7, total: 142.3 });
    // 30 days from the day (in Lisbon) it was answered.
    expect(q.valid_until).toBe(addDays(lisbonDay(new Date(q.answered_at!)), 30));
    expect(q.messages.at(-1)).toMatchObject({ author: 'staff', body: 'Preço especial para obra.' });
    // An answer made on the version before is refused with the stale-record message.
    const stale = await answer(id, { lines: [{ position: 1, unit_price: 5 }], version: before.version });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/alterado por outra pessoa/);
    await processDueJobs();
    const mail = smtp.messages.find((m) => m.envelopeTo.includes('ana.q@example.pt') && /está pronto/.test(m.subject));
    expect(mail?.text).toContain('142,30');
  });

  it('keeps a thread, optionally about one line; a line that does not exist is refused', async () => {
    const posted = await call<Envelope<Quote>>(messagesPost, 'POST', `/api/quotes/${id}/messages`, { params: { id: String(id) }, session: ana, body: { body: 'Pode ser entregue na sexta?', line_position: 1 } });
    expect(posted.status).toBe(201);
    expect(posted.body.data.messages.at(-1)).toMatchObject({ author: 'customer', line_position: 1 });
    const bad = await call(messagesPost, 'POST', `/api/quotes/${id}/messages`, { params: { id: String(id) }, session: ana, body: { body: 'x', line_position: 9 } });
    expect(bad.status).toBe(400);
    const foreign = await call(messagesPost, 'POST', `/api/quotes/${id}/messages`, { params: { id: String(id) }, session: rui, body: { body: 'olá' } });
    expect(foreign.status).toBe(404);
    // An open quote's lines do not go to the cart at list prices: it is accepted instead.
    expect((await call(toCartPost, 'POST', `/api/quotes/${id}/to-cart`, { params: { id: String(id) }, session: ana })).status).toBe(409);
  });

  it('is declined once; a final state refuses every further move; it can be asked for again', async () => {
    const declined = await call<Envelope<Quote>>(declinePost, 'POST', `/api/quotes/${id}/decline`, { params: { id: String(id) }, session: ana, body: { reason: 'Já comprei.' } });
    expect(declined.status).toBe(200);
    expect(declined.body.data.status).toBe('declined');
    const again = await call(declinePost, 'POST', `/api/quotes/${id}/decline`, { params: { id: String(id) }, session: ana, body: {} });
    expect(again.status).toBe(409);
    expect((await answer(id, { lines: [{ position: 1, unit_price: 5 }] })).status).toBe(409);
    const history = (await getQuote(id, { session: ana })).body.data.history.map((h) => h.to);
    expect(history).toEqual(['requested', 'answered', 'declined']);
    // Its lines can go to the cart at today's prices (an open quote's cannot: accept it instead).
    const toCart = await call<Envelope<{ added: { model_code: string; quantity_of_packages: number }[]; unavailable: unknown[] }>>(toCartPost, 'POST', `/api/quotes/${id}/to-cart`, { params: { id: String(id) }, session: ana });
    expect(toCart.status).toBe(200);
    expect(toCart.body.data.added.map((l) => l.model_code)).toEqual(['VG-0750']);
    expect((await call(toCartPost, 'POST', `/api/quotes/${id}/to-cart`, { params: { id: String(id) }, session: rui })).status).toBe(404);
    const asked = await call<Envelope<Requested>>(againPost, 'POST', `/api/quotes/${id}/request-again`, { params: { id: String(id) }, session: ana });
    expect(asked.status).toBe(201);
    expect(asked.body.data.number).not.toBe((await getQuote(id, { session: ana })).body.data.number);
    const fresh = (await getQuote(asked.body.data.quote_id, { session: ana })).body.data;
    expect(fresh.status).toBe('requested');
    expect(fresh.lines.map((l) => [l.model_code, l.packages])).toEqual([['VG-0750', 2]]);
  });
});

describe('expiry, withdrawal and the guest joining an account', () => {
  it('expires an answered quote the day after its validity, by its job', async () => {
    const { quote_id: id, access_token: token } = (await guestRequest({ email: 'expira@example.pt' })).body.data;
    const today = lisbonDay();
    const answered = await answer(id, { lines: [{ position: 1, unit_price: 1 }, { position: 2, unit_price: 6 }], valid_until: today });
    expect(answered.status).toBe(200);
    // The expiry job waits for the start of the next day in Lisbon.
    const db = await getDb();
    const jobs = (await db.execute(sql`select start_after from pgboss.job where name = 'quote-expire' and data->>'quoteId' = ${String(id)}`)) as unknown as { rows: { start_after: Date }[] };
    expect(jobs.rows).toHaveLength(1);
    expect(new Date(jobs.rows[0]!.start_after).getTime()).toBe(expiryMoment(today).getTime());
    expect(lisbonDay(expiryMoment(today))).toBe(addDays(today, 1));
    expect(await expireDueQuotes(new Date())).toBe(0);
    expect(await expireDueQuotes(expiryMoment(today))).toBeGreaterThanOrEqual(1);
    const seen = (await getQuote(id, { token })).body.data;
    expect(seen.status).toBe('expired');
    expect(seen.history.at(-1)).toMatchObject({ from: 'answered', to: 'expired', actor: 'system' });
    const decline = await call(declinePost, 'POST', `/api/quotes/${id}/decline?token=${token}`, { params: { id: String(id) }, body: {} });
    expect(decline.status).toBe(409);
  });

  it('lets staff withdraw a request, after which it cannot be answered', async () => {
    const { quote_id: id } = (await guestRequest({ email: 'retira@example.pt' })).body.data;
    const withdrawn = await call<Envelope<Quote>>(withdrawPost, 'POST', `/api/quotes/${id}/withdraw`, { params: { id: String(id) }, session: editor, body: { reason: 'Artigo descontinuado' } });
    expect(withdrawn.body.data.status).toBe('withdrawn');
    expect((await answer(id, { lines: [{ position: 1, unit_price: 1 }, { position: 2, unit_price: 1 }] })).status).toBe(409);
    const events = await (await getDb()).select().from(quoteEvents).where(eq(quoteEvents.quoteId, id));
    expect(events.at(-1)).toMatchObject({ toStatus: 'withdrawn', note: 'Artigo descontinuado' });
  });

  it("joins a guest's quote to the account of the same e-mail", async () => {
    const email = 'novo.cliente@example.pt';
    const { quote_id: id } = (await guestRequest({ email })).body.data;
    const account = await signedInAccount({ email, fullName: 'Novo Cliente', role: 'viewer', isAdmin: false, userType: 'particular' });
    const list = await call<Envelope<{ id: number }[]>>(quotesGet, 'GET', '/api/quotes', { session: account });
    expect(list.body.data.map((q) => q.id)).toContain(id);
    expect((await getQuote(id, { session: account })).status).toBe(200);
    const [row] = await (await getDb()).select({ userId: quotes.userId }).from(quotes).where(eq(quotes.id, id));
    expect(row?.userId).toBe(account.userId);
  });
});

describe('accepting a quote', () => {
  interface Placed {
    order_id: number;
    number: string;
    totals: { subtotal: number; tax: number; shipping: number; total: number };
  }
  interface OrderLineView {
    model_code: string;
    unit_price: number;
    units: number;
    total_price_with_tax: number;
  }
  let keyCounter = 0;
  const newKey = () => `quote-accept-${Date.now()}-${++keyCounter}`;
  const accept = (id: number, session: Session, body: Record<string, unknown>, key = newKey()) =>
    call<Envelope<Placed>>(acceptPost, 'POST', `/api/quotes/${id}/accept`, { params: { id: String(id) }, session, body, headers: { 'idempotency-key': key } });

  async function answeredGuestQuote(email: string, validUntil?: string) {
    const { quote_id: id } = (await guestRequest({ email })).body.data;
    const answered = await answer(id, { lines: [{ position: 1, unit_price: 1.1 }, { position: 2, unit_price: 5.25 }], shipping: 12.5, ...(validUntil ? { valid_until: validUntil } : {}) });
    expect(answered.status).toBe(200);
    return answered.body.data;
  }

  it('turns the quote into one order at the quoted prices, once, for its customer only (a guest signs in with its e-mail)', async () => {
    const email = 'aceita@example.pt';
    const quote = await answeredGuestQuote(email);
    // 200 × 1,10 € + 30 × 5,25 € = 377,50 € net, 464,33 € with IVA, + 12,50 € quoted shipping.
    expect(quote.totals).toEqual({ subtotal: 377.5, tax: 86.83, shipping: 12.5, total: 476.83 });
    const buyer = await signedInAccount({ email, fullName: 'Cliente Aceita', role: 'viewer', isAdmin: false, userType: 'particular' });
    const home = await call<Envelope<{ id: number }>>(addressesPost, 'POST', '/api/addresses', {
      session: buyer,
      body: { label: 'Obra', name: 'Cliente Aceita', line1: 'Rua A, 1', postal_code: '4400-001', locality: 'Gaia', is_default_delivery: true, is_default_billing: true },
    });
    const body = { delivery: { address_id: home.body.data.id }, payment_method: 'bank_transfer', expected_total: 476.83 };
    // Someone else cannot accept it (404), and a wrong total is refused with the quote's.
    expect((await accept(quote.id, rui, body)).status).toBe(404);
    const wrong = await accept(quote.id, buyer, { ...body, expected_total: 470 });
    expect(wrong.status).toBe(409);

    // Without an Idempotency-Key (or with one too short to be one): 400, the header named, no order.
    for (const bad of ['', 'curta']) {
      const refused = await accept(quote.id, buyer, body, bad);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/Idempotency-Key/);
    }

    const key = newKey();
    const placed = await accept(quote.id, buyer, body, key);
    expect(placed.status).toBe(201);
    expect(placed.body.data.totals).toMatchObject({ subtotal: 377.5, tax: 86.83, shipping: 12.5, total: 476.83 });
    const order = await call<Envelope<{ lines: OrderLineView[] }>>(orderGet, 'GET', `/api/orders/${placed.body.data.order_id}`, { params: { id: String(placed.body.data.order_id) }, session: buyer });
    expect(order.body.data.lines.map((l) => [l.model_code, l.unit_price, l.units])).toEqual([
      ['HDT-16200', 1.1, 200],
      ['VG-0750', 5.25, 30],
    ]);
    // A retry of the same submission answers the same order; any other attempt is refused.
    const replay = await accept(quote.id, buyer, body, key);
    expect(replay.status).toBe(200);
    expect(replay.body.data.order_id).toBe(placed.body.data.order_id);
    const second = await accept(quote.id, buyer, body);
    expect(second.status).toBe(409);
    const seen = (await getQuote(quote.id, { session: buyer })).body.data;
    expect(seen.status).toBe('accepted');
    expect(seen.history.at(-1)).toMatchObject({ from: 'answered', to: 'accepted' });
    const [row] = await (await getDb()).select({ orderId: quotes.orderId }).from(quotes).where(eq(quotes.id, quote.id));
    expect(row?.orderId).toBe(placed.body.data.order_id);
  });

  it('ships nothing for a pickup, and refuses an expired quote', async () => {
    const email = 'levanta@example.pt';
    const quote = await answeredGuestQuote(email);
    const buyer = await signedInAccount({ email, fullName: 'Cliente Levanta', role: 'viewer', isAdmin: false, userType: 'particular' });
    await call(addressesPost, 'POST', '/api/addresses', {
      session: buyer,
      body: { label: 'Casa', name: 'Cliente Levanta', line1: 'Rua B, 2', postal_code: '4400-002', locality: 'Gaia', is_default_billing: true },
    });
    const placed = await accept(quote.id, buyer, { delivery: { pickup: 'showroom' }, payment_method: 'pay_at_pickup', expected_total: 464.33 });
    expect(placed.status).toBe(201);
    expect(placed.body.data.totals.shipping).toBe(0);
    expect(placed.body.data.totals.total).toBe(464.33);

    const old = await answeredGuestQuote(email, lisbonDay());
    await expireDueQuotes(expiryMoment(lisbonDay()));
    const late = await accept(old.id, buyer, { delivery: { pickup: 'showroom' }, payment_method: 'pay_at_pickup' });
    expect(late.status).toBe(409);
  });
});

describe('the PDF of a quote', () => {
  async function download(id: number, init: { session?: Session; token?: string }) {
    const headers = new Headers({ host: 'localhost' });
    if (init.session) headers.set('authorization', `Bearer ${init.session.token}`);
    const url = `http://localhost/api/quotes/${id}/pdf${init.token ? `?token=${init.token}` : ''}`;
    const response = await quotePdfGet(new Request(url, { headers }), { params: Promise.resolve({ id: String(id) }) });
    return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
  }
  async function text(bytes: Buffer): Promise<string> {
    const parser = new PDFParse({ data: new Uint8Array(bytes) });
    try {
      return (await parser.getText()).text;
    } finally {
      await parser.destroy();
    }
  }

  it('exists once answered, holds the lines, the quoted prices, totals and validity, and reaches only its readers', async () => {
    const { quote_id: id, access_token: token, number } = (await guestRequest({ email: 'pdf@example.pt' })).body.data;
    expect((await download(id, { token })).status).toBe(409);
    const answered = await answer(id, { lines: [{ position: 1, unit_price: 1.1 }, { position: 2, unit_price: 5.25 }], shipping: 12.5, message: 'Entrega em 48 horas.' });
    expect(answered.status).toBe(200);
    await processDueJobs();

    const guest = await download(id, { token });
    expect(guest.status).toBe(200);
    expect(guest.type).toBe('application/pdf');
    expect(guest.bytes.subarray(0, 4).toString()).toBe('%PDF');
    const content = await text(guest.bytes);
    expect(content).toContain(number);
    expect(content).toContain('HDT-16200');
    expect(content).toContain('VG-0750');
    expect(content).toContain('476,83');
    expect(content).toContain('Entrega em 48 horas.');
    expect(content).toContain(answered.body.data.valid_until!.split('-').reverse().join('/'));
    expect(content).toMatch(/não é uma fatura/);

    expect((await download(id, { session: editor })).status).toBe(200);
    expect((await download(id, { session: rui })).status).toBe(404);
    expect((await download(id, {})).status).toBe(401);
  });
});

describe("the guest link once the quote has joined its customer's account", () => {
  const CLAIMED = 'Este pedido de orçamento está agora na conta do cliente. Inicie sessão para o consultar.';

  async function guestPage(token: string): Promise<string> {
    const page = await GuestQuotePage({ searchParams: Promise.resolve({ token }) });
    return renderToStaticMarkup(React.createElement(React.Fragment, null, await resolveServerTree(page)));
  }

  it('opens nothing more: reading, declining, writing, the PDF and asking again are refused, and the page shows a neutral notice only', async () => {
    // Someone asks as a guest with another person's e-mail; staff quote a price for that person.
    const email = 'cliente.verdadeiro@example.pt';
    const { quote_id: id, access_token: token } = (await guestRequest({ email })).body.data;
    const answered = await answer(id, { lines: [{ position: 1, unit_price: 1.1 }, { position: 2, unit_price: 5.25 }], shipping: 12.5, message: 'Preço especial para a sua obra.' });
    expect(answered.status).toBe(200);
    await processDueJobs();
    // Until an account takes it, the link is the way to follow it.
    expect((await getQuote(id, { token: token! })).status).toBe(200);
    expect(await guestPage(token!)).toContain('Preço especial para a sua obra.');

    // The owner of the address signs in: the quote joins their account.
    const owner = await signedInAccount({ email, fullName: 'Cliente Verdadeiro', role: 'viewer', isAdmin: false, userType: 'particular' });
    expect((await getQuote(id, { session: owner })).body.data.status).toBe('answered');

    const read = await getQuote(id, { token: token! });
    expect(read.status).toBe(403);
    expect(read.body.message).toBe(CLAIMED);
    expect(read.text).not.toContain('Preço especial');
    expect(read.text).not.toContain('HDT-16200');

    const params = { id: String(id) };
    const decline = await call<Envelope<Quote>>(declinePost, 'POST', `/api/quotes/${id}/decline`, { params, headers: { 'x-quote-token': token! }, body: { reason: 'Não quero.' } });
    expect(decline.status).toBe(403);
    expect(decline.body.message).toBe(CLAIMED);
    const message = await call<Envelope<Quote>>(messagesPost, 'POST', `/api/quotes/${id}/messages?token=${token}`, { params, body: { body: 'Afinal mudem a morada.' } });
    expect(message.status).toBe(403);
    expect(message.text).not.toContain('Preço especial');
    const again = await call<Envelope<Requested>>(againPost, 'POST', `/api/quotes/${id}/request-again?token=${token}`, { params });
    expect(again.status).toBe(403);
    const pdf = await quotePdfGet(new Request(`http://localhost/api/quotes/${id}/pdf?token=${token}`, { headers: { host: 'localhost' } }), { params: Promise.resolve(params) });
    expect(pdf.status).toBe(403);
    expect(pdf.headers.get('content-type')).not.toMatch(/pdf/);

    // Nothing the link tried changed the customer's quote.
    const mine = (await getQuote(id, { session: owner })).body.data;
    expect(mine.status).toBe('answered');
    expect(mine.messages.map((m) => m.body)).toEqual(['Preço especial para a sua obra.']);

    // The page: the notice and a way to sign in; no number, lines, prices, thread nor actions.
    const html = await guestPage(token!);
    expect(html).toContain(CLAIMED);
    expect(html).toContain(`/login?next=${encodeURIComponent(`/dashboard/quotes/${id}`)}`);
    for (const hidden of [answered.body.data.number, 'HDT-16200', '5,25', '476,83', 'Preço especial', '[quote-decline]', '[quote-message-form]', '/pdf']) {
      expect(html).not.toContain(hidden);
    }
  });
});
