/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { POST as addressesPost } from '@/app/api/addresses/route';
import { GET as itemsGet, POST as itemsPost } from '@/app/api/cart/[cartId]/items/route';
import { DELETE as itemDelete, PUT as itemPut } from '@/app/api/cart/items/[itemId]/route';
import { POST as mergePost } from '@/app/api/cart/merge/route';
import { POST as cartPost } from '@/app/api/cart/route';
import { POST as checkoutPost } from '@/app/api/checkout/route';
import { GET as pdfGet } from '@/app/api/orders/[id]/pdf/route';
import { GET as orderGet } from '@/app/api/orders/[id]/route';
import { POST as acceptPost } from '@/app/api/quotes/[id]/accept/route';
import { POST as answerPost } from '@/app/api/quotes/[id]/answer/route';
import { GET as quotePdfGet } from '@/app/api/quotes/[id]/pdf/route';
import { POST as quotesPost } from '@/app/api/quotes/route';
import { allowsQuantity, quantityRule } from '@/lib/cart/packages';
import type { CartItem } from '@/lib/cart/types';
import { resetEnvCache } from '@/lib/env';
import { invalidateCache } from '@/server/cache/invalidate';
import { getDb } from '@/server/db/client';
import { cartItems, carts, inventoryProducts, orders } from '@/server/db/schema';
import { importCatalogueFile } from '@/server/import';
import { processDueJobs } from '@/server/jobs';
import { clearPricingCache } from '@/server/pricing';
import { setStorage } from '@/server/storage';
import { call, signedInAccount, type Session } from '../helpers/api';
import { setupTestDatabase } from '../helpers/db';

/**
 * The security review's "Pack rules can be broken": the server checks a model's pack rule
 * (sales minimum and increment, in units) and decides the package label and items per package
 * from the model's own data, at every step where a quantity or a package enters a cart, a quote
 * or an order — add, update, the merge of a guest cart at login, checkout and the acceptance of
 * a quote. Through the route handlers on a real database (PGlite, or PostgreSQL with
 * DATABASE_URL); the order PDF read back with pdf-parse.
 */
setupTestDatabase();

const env = process.env as Record<string, string | undefined>;

interface Envelope<T> {
  success: boolean;
  data: T;
  message?: string;
  error?: { code: string; message: string; details?: Record<string, string[]> };
}
interface Adjusted {
  model_code: string;
  items_per_package: number;
  requested: number;
  quantity_of_packages: number;
}
interface CartRefAnswer {
  cart_id: string;
  merged: boolean;
  adjusted?: Adjusted[];
}
interface Placed {
  order_id: number;
  number: string;
}
interface OrderLineView {
  model_code: string;
  package_type: string;
  items_per_package: number;
  packages: number;
  units: number;
}

/**
 * One product per concern, each model with its own pack rule (set below) so a test that
 * changes a rule leaves the others alone. Packages: '10/50' gives boxes of 10 and 50.
 */
const CODES = ['PK-TEN', 'PK-MERGE', 'PK-LOW', 'PK-OFF', 'PK-ADD', 'PK-CHK', 'PK-QUOTE', 'PK-QCART', 'PK-BOX'] as const;
type Code = (typeof CODES)[number];

function catalogueCsv(): string {
  const header =
    'chapter_code;family_code;family_title;product_id;product_name;description;brand;model_code;model_name;size;price;discount_group;ean;stock_status;small_package;medium_package;large_package;image;attributes';
  const rows = CODES.map((code, i) => `40;40-020;Válvulas e Ligações;P8${String(i + 1).padStart(4, '0')};Produto ${code};Descrição.;Valgaia;${code};Modelo ${code};DN15;2,50;B1;;in_stock;10/50;-;-;;`);
  return [header, ...rows].join('\n') + '\n';
}

let dataDir: string;
let ana: Session & { userId: string };
let editor: Session & { userId: string };
let anaHome: number;
const model = {} as Record<Code, number>;
let keyCounter = 0;
const newKey = () => `pack-rules-${Date.now()}-${++keyCounter}`;

/** Staff change a model's pack rule (the catalogue caches are told, as the admin does). */
async function setRule(code: Code, minimum: number, increment: number): Promise<void> {
  const db = await getDb();
  await db.update(inventoryProducts).set({ salesMinimum: minimum, salesIncrement: increment }).where(eq(inventoryProducts.code, code));
  await invalidateCache(['catalogue']);
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pack-rules-'));
  env.DATA_DIR = dataDir;
  resetEnvCache();
  setStorage(undefined);
  const db = await getDb();
  const csv = path.join(dataDir, 'catalogue.csv');
  fs.writeFileSync(csv, catalogueCsv());
  const imported = await importCatalogueFile(db, csv);
  expect(imported.ok ? [] : imported.issues.slice(0, 3)).toEqual([]);
  for (const row of await db.select({ id: inventoryProducts.id, code: inventoryProducts.code }).from(inventoryProducts)) model[row.code as Code] = row.id;
  await setRule('PK-TEN', 10, 10);
  clearPricingCache();
  ana = await signedInAccount({ email: 'ana.pack@example.pt', fullName: 'Ana Pacote', role: 'viewer', isAdmin: false, userType: 'particular' });
  editor = await signedInAccount({ email: 'editor.pack@example.pt', fullName: 'Eva Editora', role: 'editor', isAdmin: false, userType: 'particular' });
  const home = await call<Envelope<{ id: number }>>(addressesPost, 'POST', '/api/addresses', {
    session: ana,
    body: { label: 'Casa', name: 'Ana Pacote', nif: '123456789', line1: 'Rua do Sol, 12', postal_code: '4400-100', locality: 'Vila Nova de Gaia', is_default_delivery: true, is_default_billing: true },
  });
  expect(home.status).toBe(201);
  anaHome = home.body.data.id;
}, 120_000);

afterAll(() => {
  delete env.DATA_DIR;
  resetEnvCache();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function newCart(session: Session | null, body: Record<string, unknown> = session ? {} : { guestMode: true }) {
  const answer = await call<Envelope<CartRefAnswer>>(cartPost, 'POST', '/api/cart', { session, body });
  expect(answer.status).toBe(200);
  return answer;
}

const add = (cartId: string, session: Session | null, body: Record<string, unknown>) =>
  call<Envelope<{ item_id: string; quantity_of_packages: number }>>(itemsPost, 'POST', `/api/cart/${cartId}/items`, { params: { cartId }, session, body });

async function lines(cartId: string, session: Session | null): Promise<CartItem[]> {
  const answer = await call<Envelope<CartItem[]>>(itemsGet, 'GET', `/api/cart/${cartId}/items`, { params: { cartId }, session });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

const put = (itemId: string, session: Session | null, quantity: number) =>
  call<Envelope<null>>(itemPut, 'PUT', `/api/cart/items/${itemId}`, { params: { itemId }, session, body: { quantity_of_packages: quantity } });

/** Ana's cart, emptied of what an earlier test left in it. */
async function freshCart(session: Session & { userId: string }): Promise<string> {
  const cartId = (await newCart(session)).body.data.cart_id;
  const db = await getDb();
  await db.delete(cartItems).where(eq(cartItems.cartId, cartId));
  return cartId;
}

const checkout = (session: Session) =>
  call<Envelope<Placed>>(checkoutPost, 'POST', '/api/checkout', {
    session,
    body: { delivery: { address_id: anaHome }, payment_method: 'bank_transfer' },
    headers: { 'Idempotency-Key': newKey() },
  });

async function ordersOf(userId: string): Promise<number> {
  const db = await getDb();
  return (await db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId))).length;
}

/** The text of a PDF, its white space (the table's line breaks) as single spaces. */
async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

async function downloadOrderPdf(session: Session, orderId: number): Promise<Buffer> {
  const headers = new Headers({ host: 'localhost', 'x-forwarded-for': '198.51.100.78', authorization: `Bearer ${session.token}` });
  const response = await pdfGet(new Request(`http://localhost/api/orders/${orderId}/pdf`, { headers }), { params: Promise.resolve({ id: String(orderId) }) });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe('merging a guest cart at login', () => {
  it('gives a summed line the largest allowed quantity within 9,999 packages and says which line was adjusted (POST /api/cart)', async () => {
    const customer = await signedInAccount({ email: 'merge.cap@example.pt', fullName: 'Junta Cap', role: 'viewer', isAdmin: false, userType: 'particular' });
    const mine = (await newCart(customer)).body.data.cart_id;
    expect((await add(mine, customer, { product_id: model['PK-TEN'], quantity_of_packages: 9_990 })).status).toBe(201);
    const guest = (await newCart(null)).body.data.cart_id;
    expect((await add(guest, null, { product_id: model['PK-TEN'], quantity_of_packages: 20 })).status).toBe(201);

    const merged = await newCart(customer, { guestCartId: guest });
    expect(merged.body.data).toMatchObject({ cart_id: mine, merged: true });
    const [line] = await lines(mine, customer);
    // 9,990 + 20 = 10,010 is past the maximum; 9,999 is not a multiple of 10: the line keeps 9,990.
    expect(line!.quantity_of_packages).toBe(9_990);
    expect(allowsQuantity(quantityRule({ sales_minimum: 10, sales_increment: 10 }), line!.quantity_of_packages)).toBe(true);
    // The answer names the adjusted line, in data and in the Portuguese message.
    expect(merged.body.data.adjusted).toEqual([{ model_code: 'PK-TEN', items_per_package: 1, requested: 10_010, quantity_of_packages: 9_990 }]);
    expect(merged.body.message).toContain('PK-TEN');
    expect(merged.body.message).toMatch(/ajustad/);
  });

  it('brings a line whose rule changed down to an allowed quantity, or leaves it out, and reports both (POST /api/cart/merge)', async () => {
    const customer = await signedInAccount({ email: 'merge.rule@example.pt', fullName: 'Junta Regra', role: 'viewer', isAdmin: false, userType: 'particular' });
    const mine = (await newCart(customer)).body.data.cart_id;
    await add(mine, customer, { product_id: model['PK-MERGE'], quantity_of_packages: 10 });
    const guest = (await newCart(null)).body.data.cart_id;
    await add(guest, null, { product_id: model['PK-MERGE'], quantity_of_packages: 15 });
    await add(guest, null, { product_id: model['PK-LOW'], quantity_of_packages: 5 });
    // Staff now sell both in tens (minimum 10) while the lines wait in the guest cart.
    await setRule('PK-MERGE', 10, 10);
    await setRule('PK-LOW', 10, 10);

    const answer = await call<Envelope<CartRefAnswer>>(mergePost, 'POST', '/api/cart/merge', { session: customer, body: { guest_cart_id: guest, user_cart_id: mine } });
    expect(answer.status).toBe(200);
    const after = await lines(mine, customer);
    // 10 + 15 = 25 → 20; the guest's 5 of PK-LOW has no allowed quantity at or below it: not added.
    expect(after.map((l) => [l.product?.code, l.quantity_of_packages])).toEqual([['PK-MERGE', 20]]);
    expect(answer.body.data.adjusted).toEqual([
      { model_code: 'PK-MERGE', items_per_package: 1, requested: 25, quantity_of_packages: 20 },
      { model_code: 'PK-LOW', items_per_package: 1, requested: 5, quantity_of_packages: 0 },
    ]);
    expect(answer.body.message).toContain('PK-MERGE');
    expect(answer.body.message).toContain('PK-LOW');
  });

  it('says nothing was adjusted when every merged quantity is allowed', async () => {
    const customer = await signedInAccount({ email: 'merge.ok@example.pt', fullName: 'Junta Certa', role: 'viewer', isAdmin: false, userType: 'particular' });
    const mine = (await newCart(customer)).body.data.cart_id;
    const guest = (await newCart(null)).body.data.cart_id;
    await add(guest, null, { product_id: model['PK-TEN'], quantity_of_packages: 30 });
    const merged = await newCart(customer, { guestCartId: guest });
    expect(merged.body.data).toEqual({ cart_id: mine, merged: true, adjusted: [] });
    expect((await lines(mine, customer)).map((l) => l.quantity_of_packages)).toEqual([30]);
  });
});

describe('updating a line', () => {
  it('refuses a new quantity for a model no longer sold (the line can be kept or removed)', async () => {
    const cartId = await freshCart(ana);
    const added = await add(cartId, ana, { product_id: model['PK-OFF'], quantity_of_packages: 3 });
    expect(added.status).toBe(201);
    const db = await getDb();
    await db.update(inventoryProducts).set({ productStatus: 'inactive' }).where(eq(inventoryProducts.code, 'PK-OFF'));
    await invalidateCache(['catalogue']);

    const refused = await put(added.body.data.item_id, ana, 7);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/já não está disponível/);
    expect(refused.body.message).toMatch(/remov/i);
    const [line] = await lines(cartId, ana);
    expect(line).toMatchObject({ quantity_of_packages: 3 });
    expect(line!.product?.active).toBe(false);
    // Removing it still works.
    expect((await call(itemDelete, 'DELETE', `/api/cart/items/${added.body.data.item_id}`, { params: { itemId: added.body.data.item_id }, session: ana })).status).toBe(200);
    expect(await lines(cartId, ana)).toEqual([]);
  });
});

describe('adding to a line', () => {
  it('refuses packages that would leave a line at a quantity the rule no longer allows', async () => {
    const cartId = await freshCart(ana);
    expect((await add(cartId, ana, { product_id: model['PK-ADD'], quantity_of_packages: 15 })).status).toBe(201);
    await setRule('PK-ADD', 10, 10);
    // 15 + 10 = 25 is not a multiple of 10: refused with the rule, and the line is left as it was.
    const refused = await add(cartId, ana, { product_id: model['PK-ADD'], quantity_of_packages: 10 });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('múltiplos de 10');
    expect((await lines(cartId, ana)).map((l) => l.quantity_of_packages)).toEqual([15]);
    // 15 + 5 would be allowed, but 5 alone is not a quantity of this model: refused as well.
    expect((await add(cartId, ana, { product_id: model['PK-ADD'], quantity_of_packages: 5 })).status).toBe(400);
    // Corrected with an update, the line takes more packages again.
    expect((await put((await lines(cartId, ana))[0]!.id, ana, 20)).status).toBe(200);
    expect((await add(cartId, ana, { product_id: model['PK-ADD'], quantity_of_packages: 10 })).status).toBe(201);
    expect((await lines(cartId, ana)).map((l) => l.quantity_of_packages)).toEqual([30]);
  });
});

describe('placing an order', () => {
  it('stops at a line whose quantity the rule no longer allows, naming it, and orders nothing', async () => {
    const cartId = await freshCart(ana);
    expect((await add(cartId, ana, { product_id: model['PK-CHK'], quantity_of_packages: 15 })).status).toBe(201);
    expect((await add(cartId, ana, { product_id: model['PK-TEN'], quantity_of_packages: 10 })).status).toBe(201);
    await setRule('PK-CHK', 10, 10);
    const before = await ordersOf(ana.userId);

    const refused = await checkout(ana);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('PK-CHK');
    expect(refused.body.message).not.toContain('PK-TEN');
    expect(refused.body.message).toMatch(/múltiplos de 10/);
    expect(await ordersOf(ana.userId)).toBe(before);
    const db = await getDb();
    const [cart] = await db.select({ status: carts.status }).from(carts).where(eq(carts.id, cartId));
    expect(cart!.status).toBe('active');

    // Corrected, the same cart is ordered.
    const [line] = (await lines(cartId, ana)).filter((l) => l.product?.code === 'PK-CHK');
    expect((await put(line!.id, ana, 20)).status).toBe(200);
    expect((await checkout(ana)).status).toBe(201);
  });

  it('stops the acceptance of a quote whose line the rule no longer allows', async () => {
    const requested = await call<Envelope<{ quote_id: number }>>(quotesPost, 'POST', '/api/quotes', {
      session: ana,
      body: { phone: '912345678', lines: [{ product_id: model['PK-QUOTE'], quantity_of_packages: 15 }] },
    });
    expect(requested.status).toBe(201);
    const id = requested.body.data.quote_id;
    const answered = await call(answerPost, 'POST', `/api/quotes/${id}/answer`, { params: { id: String(id) }, session: editor, body: { lines: [{ position: 1, unit_price: 2 }] } });
    expect(answered.status).toBe(200);
    await setRule('PK-QUOTE', 10, 10);
    const before = await ordersOf(ana.userId);

    const accepted = await call<Envelope<Placed>>(acceptPost, 'POST', `/api/quotes/${id}/accept`, {
      params: { id: String(id) },
      session: ana,
      body: { delivery: { address_id: anaHome }, payment_method: 'bank_transfer' },
      headers: { 'idempotency-key': newKey() },
    });
    expect(accepted.status).toBe(409);
    expect(accepted.body.message).toContain('PK-QUOTE');
    expect(accepted.body.message).toMatch(/múltiplos de 10/);
    expect(await ordersOf(ana.userId)).toBe(before);
  });

  it('refuses a quote request from a cart holding a quantity the rule no longer allows, naming the line', async () => {
    const cartId = await freshCart(ana);
    expect((await add(cartId, ana, { product_id: model['PK-QCART'], quantity_of_packages: 15 })).status).toBe(201);
    await setRule('PK-QCART', 10, 10);
    const refused = await call<Envelope<null>>(quotesPost, 'POST', '/api/quotes', { session: ana, body: { phone: '912345678', cart_id: cartId } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('PK-QCART');
  });
});

describe('the package label and items per package', () => {
  it('are the model’s own, whatever label the client sends, in the cart, the order, its page and its PDF', async () => {
    const cartId = await freshCart(ana);
    const scripted = await add(cartId, ana, { product_id: model['PK-BOX'], selected_package_type: '<script>alert(1)</script>', items_per_package: 10, quantity_of_packages: 2 });
    expect(scripted.status).toBe(201);
    const boxed = await add(cartId, ana, { product_id: model['PK-BOX'], selected_package_type: 'Caixa 1000', items_per_package: 50, quantity_of_packages: 1 });
    expect(boxed.status).toBe(201);
    // A package size the model does not have is refused in words, with the sizes it has.
    const thousand = await add(cartId, ana, { product_id: model['PK-BOX'], selected_package_type: 'Caixa 1000', items_per_package: 1000, quantity_of_packages: 1 });
    expect(thousand.status).toBe(400);
    expect(thousand.body.message).toBe('Embalagem inválida para este artigo.');
    expect(thousand.body.error?.details?.allowed).toEqual(['1', '10', '50']);

    const cart = await lines(cartId, ana);
    expect(cart.map((l) => [l.selected_package_type, l.items_per_package, l.quantity_of_packages])).toEqual([
      ['Embalagem de 10', 10, 2],
      ['Embalagem de 50', 50, 1],
    ]);
    const db = await getDb();
    const stored = await db.select({ type: cartItems.selectedPackageType }).from(cartItems).where(eq(cartItems.cartId, cartId));
    expect(stored.map((s) => s.type).sort()).toEqual(['Embalagem de 10', 'Embalagem de 50']);

    const placed = await checkout(ana);
    expect(placed.status).toBe(201);
    const order = await call<Envelope<{ lines: OrderLineView[] }>>(orderGet, 'GET', `/api/orders/${placed.body.data.order_id}`, { params: { id: String(placed.body.data.order_id) }, session: ana });
    expect(order.body.data.lines.map((l) => [l.model_code, l.package_type, l.items_per_package, l.packages, l.units])).toEqual([
      ['PK-BOX', 'Embalagem de 10', 10, 2, 20],
      ['PK-BOX', 'Embalagem de 50', 50, 1, 50],
    ]);
    const text = await pdfText(await downloadOrderPdf(ana, placed.body.data.order_id));
    expect(text).toContain('PK-BOX Produto PK-BOX — Modelo PK-BOX DN15 2 × Embalagem de 10 20 ');
    expect(text).toContain('PK-BOX Produto PK-BOX — Modelo PK-BOX DN15 1 × Embalagem de 50 50 ');
    expect(text).not.toMatch(/script|alert|Caixa/);
  });

  it('are decided again at checkout for a line stored with a client’s label before this fix', async () => {
    const cartId = await freshCart(ana);
    const added = await add(cartId, ana, { product_id: model['PK-BOX'], items_per_package: 10, quantity_of_packages: 1 });
    expect(added.status).toBe(201);
    const db = await getDb();
    await db.update(cartItems).set({ selectedPackageType: 'Caixa 1000' }).where(eq(cartItems.id, added.body.data.item_id));
    expect((await lines(cartId, ana))[0]!.selected_package_type).toBe('Embalagem de 10');

    const placed = await checkout(ana);
    expect(placed.status).toBe(201);
    const order = await call<Envelope<{ lines: OrderLineView[] }>>(orderGet, 'GET', `/api/orders/${placed.body.data.order_id}`, { params: { id: String(placed.body.data.order_id) }, session: ana });
    expect(order.body.data.lines.map((l) => l.package_type)).toEqual(['Embalagem de 10']);
    await processDueJobs();
    const text = await pdfText(await downloadOrderPdf(ana, placed.body.data.order_id));
    expect(text).toContain('PK-BOX Produto PK-BOX — Modelo PK-BOX DN15 1 × Embalagem de 10 10 ');
    expect(text).not.toContain('Caixa');
  });

  it('are the model’s own on a quote and its PDF too', async () => {
    const requested = await call<Envelope<{ quote_id: number }>>(quotesPost, 'POST', '/api/quotes', {
      session: ana,
      body: { phone: '912345678', lines: [{ product_id: model['PK-BOX'], quantity_of_packages: 3, items_per_package: 50, selected_package_type: '<b>Palete</b>' }] },
    });
    expect(requested.status).toBe(201);
    const id = requested.body.data.quote_id;
    expect((await call(answerPost, 'POST', `/api/quotes/${id}/answer`, { params: { id: String(id) }, session: editor, body: { lines: [{ position: 1, unit_price: 2 }] } })).status).toBe(200);
    await processDueJobs();
    const headers = new Headers({ host: 'localhost', authorization: `Bearer ${ana.token}` });
    const response = await quotePdfGet(new Request(`http://localhost/api/quotes/${id}/pdf`, { headers }), { params: Promise.resolve({ id: String(id) }) });
    expect(response.status).toBe(200);
    const text = await pdfText(Buffer.from(await response.arrayBuffer()));
    expect(text).toContain('PK-BOX Produto PK-BOX — Modelo PK-BOX DN15 3 × Embalagem de 50 150 ');
    expect(text).not.toContain('Palete');
  });
});
