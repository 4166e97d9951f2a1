/** @jest-environment node */
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { HEAD as cartHead } from '@/app/api/cart/[cartId]/route';
import { DELETE as emptyRoute } from '@/app/api/cart/[cartId]/empty/route';
import { GET as itemsGet, POST as itemsPost } from '@/app/api/cart/[cartId]/items/route';
import { POST as quickOrderPost } from '@/app/api/cart/[cartId]/quick-order/route';
import { DELETE as itemDelete, PUT as itemPut } from '@/app/api/cart/items/[itemId]/route';
import { POST as mergePost } from '@/app/api/cart/merge/route';
import { POST as cartPost } from '@/app/api/cart/route';
import { GET as modelsGet } from '@/app/api/products/[productCode]/models/route';
import { GET as modelsBatchGet } from '@/app/api/products/models/route';
import { GET as pricingGet } from '@/app/api/user/product-pricing/route';
import type { CartItem, ModelRow } from '@/lib/cart/types';
import type { PriceEntry } from '@/lib/pricing/types';
import { invalidateCache } from '@/server/cache/invalidate';
import { getDb } from '@/server/db/client';
import { cartItems, inventoryProducts, priceRules, proAccounts, users } from '@/server/db/schema';
import { importCatalogueFile } from '@/server/import';
import { clearPricingCache, lisbonDay, pricingTags } from '@/server/pricing';
import { call, signedInAccount, type Session } from '../helpers/api';
import { setupTestDatabase } from '../helpers/db';

/**
 * Issue 10: the cart calls of spec 7 and the pricing call, through the route handlers on a real
 * database (PGlite, or PostgreSQL with DATABASE_URL), signed in over better-auth's HTTP API.
 * Catalogue: tests/fixtures/catalogue-small.csv (5 models), with one model sold in tens and one
 * at 6 % IVA. A professional account with discounts on A1 and B2, a private customer, guests.
 */
setupTestDatabase();

interface Envelope<T> {
  success: boolean;
  data: T;
  message?: string;
  error?: { code: string; message: string; details?: Record<string, string[]> };
}

let pro: Session & { userId: string };
let particular: Session & { userId: string };
let other: Session & { userId: string };
let accountId: number;
const model: Record<string, number> = {};

beforeAll(async () => {
  const db = await getDb();
  const result = await importCatalogueFile(db, path.join(process.cwd(), 'tests/fixtures/catalogue-small.csv'));
  expect(result.ok).toBe(true);
  for (const row of await db.select({ id: inventoryProducts.id, code: inventoryProducts.code }).from(inventoryProducts)) model[row.code] = row.id;
  await db.update(inventoryProducts).set({ salesMinimum: 10, salesIncrement: 10 }).where(eq(inventoryProducts.code, 'VG-0500'));
  await db.update(inventoryProducts).set({ taxRate: '6' }).where(eq(inventoryProducts.code, 'HDT-20200'));

  pro = await signedInAccount({ email: 'pro@example.pt', fullName: 'Instalador', role: 'viewer', isAdmin: false, userType: 'pro', accountName: 'Obras Lda' });
  particular = await signedInAccount({ email: 'cliente@example.pt', fullName: 'Cliente', role: 'viewer', isAdmin: false, userType: 'particular' });
  other = await signedInAccount({ email: 'outro@example.pt', fullName: 'Outro', role: 'viewer', isAdmin: false, userType: 'particular' });
  const [account] = await db.insert(proAccounts).values({ name: 'Obras Lda', nif: '509123457' }).returning({ id: proAccounts.id });
  accountId = account!.id;
  await db.update(users).set({ proAccountId: accountId }).where(eq(users.id, pro.userId));
  await db.insert(priceRules).values([
    { accountId, discountGroup: 'A1', discountPercentage: '25' },
    { accountId, discountGroup: 'B2', discountPercentage: '10' },
    // Several rules for one group: the best valid one wins; an expired one does not count.
    { accountId, discountGroup: 'B2', discountPercentage: '15', validFrom: '2020-01-01', validTo: '2099-12-31' },
    { accountId, discountGroup: 'B2', discountPercentage: '50', validFrom: '2020-01-01', validTo: '2020-12-31' },
  ]);
  clearPricingCache();
}, 120_000);

const prices = (session: Session | null, codes: string) =>
  call<Envelope<{ prices: Record<string, PriceEntry>; cached: boolean }>>(pricingGet, 'GET', `/api/user/product-pricing?product_ids=${encodeURIComponent(codes)}`, { session });

async function newCart(session: Session | null, body: Record<string, unknown> = session ? {} : { guestMode: true }) {
  const answer = await call<Envelope<{ cart_id: string; merged: boolean; adjusted?: unknown[] }>>(cartPost, 'POST', '/api/cart', { session, body });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

const items = (cartId: string, session: Session | null) =>
  call<Envelope<CartItem[]>>(itemsGet, 'GET', `/api/cart/${cartId}/items`, { params: { cartId }, session });

const add = (cartId: string, session: Session | null, body: Record<string, unknown>) =>
  call<Envelope<{ item_id: string; quantity_of_packages: number }>>(itemsPost, 'POST', `/api/cart/${cartId}/items`, { params: { cartId }, session, body });

describe('GET /api/user/product-pricing', () => {
  it('answers 401 to a guest, private no-store to everyone', async () => {
    const answer = await prices(null, 'HDT-16200');
    expect(answer.status).toBe(401);
    expect(answer.body.success).toBe(false);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
  });

  it('gives a professional the discount of the group, the best valid rule winning, with IVA', async () => {
    const answer = await prices(pro, 'HDT-16200,VG-0750,HDT-20200,NOPE');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    const p = answer.body.data.prices;
    expect(p['HDT-16200']).toEqual({ basePrice: 1.25, userPrice: 0.9375, priceWithTax: 1.1531, taxRate: 23, discountPercentage: 25 });
    expect(p['VG-0750']).toEqual({ basePrice: 6.95, userPrice: 5.9075, priceWithTax: 7.2662, taxRate: 23, discountPercentage: 15 });
    // The model's own IVA rate (6 %); group A1 at 25 %.
    expect(p['HDT-20200']).toEqual({ basePrice: 1.8, userPrice: 1.35, priceWithTax: 1.431, taxRate: 6, discountPercentage: 25 });
    expect(p).not.toHaveProperty('NOPE');
  });

  it('gives a private customer the net price and no discount', async () => {
    const answer = await prices(particular, 'HDT-16200');
    expect(answer.body.data.prices['HDT-16200']).toEqual({ basePrice: 1.25, userPrice: 1.25, priceWithTax: 1.5375, taxRate: 23, discountPercentage: 0 });
  });

  it('serves repeated codes from the cache and forgets an account when its rules change', async () => {
    clearPricingCache();
    expect((await prices(pro, 'VG-0500')).body.data.cached).toBe(false);
    expect((await prices(pro, 'VG-0500')).body.data.cached).toBe(true);
    const db = await getDb();
    await db.insert(priceRules).values({ accountId, discountGroup: 'B2', discountPercentage: '40' });
    await invalidateCache([pricingTags.account(accountId)]);
    const after = await prices(pro, 'VG-0500');
    expect(after.body.data.cached).toBe(false);
    expect(after.body.data.prices['VG-0500']!.discountPercentage).toBe(40);
    await db.delete(priceRules).where(sql`${priceRules.discountPercentage} = 40`);
    await invalidateCache([pricingTags.account(accountId)]);
  });

  it('refuses more than 200 codes and an empty list with 400', async () => {
    const many = Array.from({ length: 201 }, (_, i) => `C${i}`).join(',');
    const answer = await prices(pro, many);
    expect(answer.status).toBe(400);
    expect(answer.body.error?.code).toBe('bad_request');
    expect(answer.body.message).toMatch(/200/);
    expect((await prices(pro, ' , ')).status).toBe(400);
    expect((await prices(pro, Array.from({ length: 200 }, (_, i) => `C${i}`).join(','))).status).toBe(200);
  });

  it('knows today in Lisbon for dated rules', () => {
    expect(lisbonDay(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
  });
});

describe('guest carts', () => {
  it('creates a guest cart with a 128-bit id and gets it back while it answers', async () => {
    const { cart_id } = await newCart(null);
    expect(cart_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await newCart(null, { guestMode: true, guestCartId: cart_id })).cart_id).toBe(cart_id);
    expect((await call(cartHead, 'HEAD', `/api/cart/${cart_id}`, { params: { cartId: cart_id } })).status).toBe(200);
    const unknown = 'A'.repeat(22);
    expect((await call(cartHead, 'HEAD', `/api/cart/${unknown}`, { params: { cartId: unknown } })).status).toBe(404);
    expect((await newCart(null, { guestMode: true, guestCartId: unknown })).cart_id).not.toBe(unknown);
  });

  it("carries no price for a guest, whatever unit_price the client sends", async () => {
    const { cart_id } = await newCart(null);
    const added = await add(cart_id, null, { product_id: model['HDT-16200'], selected_package_type: 'Unidade', items_per_package: 1, quantity_of_packages: 3, unit_price: 0.01 });
    expect(added.status).toBe(201);
    expect(added.body.data.item_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const list = await items(cart_id, null);
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('private, no-store');
    expect(list.body.data).toHaveLength(1);
    const [line] = list.body.data;
    expect(line).toMatchObject({ product_id: model['HDT-16200'], quantity_of_packages: 3, items_per_package: 1, unit_price_at_purchase: null, total_price: null, total_price_with_tax: null });
    expect(line!.product).toMatchObject({ code: 'HDT-16200', product_code: 'P100001', url: '/produtos/p/P100001' });
    expect(list.text).not.toMatch(/1\.25|0\.01/);
  });

  it('refuses bad quantities with a Portuguese 400 and changes nothing', async () => {
    const { cart_id } = await newCart(null);
    const ok = await add(cart_id, null, { product_id: model['VG-0750'], quantity_of_packages: 2 });
    expect(ok.status).toBe(201);
    for (const quantity of [0, -1, 1.5, 10_000, 1e9, '3', 'dez', null]) {
      const answer = await add(cart_id, null, { product_id: model['VG-0750'], quantity_of_packages: quantity });
      expect(answer.status).toBe(400);
      expect(answer.body.success).toBe(false);
      expect(answer.body.message).toMatch(/quantidade/i);
      const put = await call<Envelope<null>>(itemPut, 'PUT', `/api/cart/items/${ok.body.data.item_id}`, { params: { itemId: ok.body.data.item_id }, body: { quantity_of_packages: quantity } });
      expect(put.status).toBe(400);
    }
    const list = await items(cart_id, null);
    expect(list.body.data.map((l) => l.quantity_of_packages)).toEqual([2]);
    // A sum beyond 9,999 packages is refused too, and leaves the line as it was: the answer says
    // how many the line has and how many can still be added (issue 22).
    const past = await add(cart_id, null, { product_id: model['VG-0750'], quantity_of_packages: 9_998 });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe('Esta linha já tem 2 e o máximo por linha é 9 999: com mais 9 998 passaria o máximo. Pode adicionar no máximo 9 997.');
    expect(past.body.error?.details?.allowed).toEqual(expect.arrayContaining(['max_add=9997', 'in_cart=2']));
    expect((await items(cart_id, null)).body.data.map((l) => l.quantity_of_packages)).toEqual([2]);
  });

  it('accepts only pack multiples for a model sold in tens, telling the allowed values', async () => {
    const { cart_id } = await newCart(null);
    const refused = await add(cart_id, null, { product_id: model['VG-0500'], quantity_of_packages: 5 });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('múltiplos de 10');
    expect(refused.body.error?.details?.allowed).toEqual(expect.arrayContaining(['minimum=10', 'increment=10']));
    expect((await add(cart_id, null, { product_id: model['VG-0500'], quantity_of_packages: 20 })).status).toBe(201);
    // In packages of 10 (the model's '10/50'), one package is ten units: allowed.
    expect((await add(cart_id, null, { product_id: model['VG-0500'], selected_package_type: 'Embalagem de 10', items_per_package: 10, quantity_of_packages: 1 })).status).toBe(201);
    // A package size the model does not have is refused.
    expect((await add(cart_id, null, { product_id: model['VG-0500'], items_per_package: 7, quantity_of_packages: 10 })).status).toBe(400);
    const lines = (await items(cart_id, null)).body.data;
    expect(lines.map((l) => [l.items_per_package, l.quantity_of_packages])).toEqual([[1, 20], [10, 1]]);
    const put = await call<Envelope<null>>(itemPut, 'PUT', `/api/cart/items/${lines[0]!.id}`, { params: { itemId: lines[0]!.id }, body: { quantity_of_packages: 15 } });
    expect(put.status).toBe(400);
  });

  it('ends two concurrent adds of one model in one line with the sum', async () => {
    const { cart_id } = await newCart(null);
    const answers = await Promise.all([1, 2, 3, 4].map(() => add(cart_id, null, { product_id: model['HDT-16200'], quantity_of_packages: 2 })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    const lines = (await items(cart_id, null)).body.data;
    expect(lines).toHaveLength(1);
    expect(lines[0]!.quantity_of_packages).toBe(8);
  });

  it('an unknown model is a 404, a malformed cart id names nothing', async () => {
    const { cart_id } = await newCart(null);
    expect((await add(cart_id, null, { product_id: 999_999, quantity_of_packages: 1 })).status).toBe(404);
    expect((await items('not-a-cart', null)).status).toBe(404);
    expect((await add('x'.repeat(22), null, { product_id: model['HDT-16200'], quantity_of_packages: 1 })).status).toBe(404);
  });
});

describe("a customer's cart", () => {
  it('is priced by the server for its customer, never at the price the client sends', async () => {
    const { cart_id } = await newCart(pro);
    const added = await add(cart_id, pro, { product_id: model['HDT-16200'], quantity_of_packages: 10, unit_price: 0.01 });
    expect(added.status).toBe(201);
    const [line] = (await items(cart_id, pro)).body.data;
    expect(line).toMatchObject({ unit_price_at_purchase: 0.9375, base_unit_price: 1.25, discount_percentage: 25, tax_rate: 23 });
    // 0.9375 × 10 = 9.375 → 9.38 (rounded once per line); with IVA 9.38 × 1.23 = 11.5374 → 11.54.
    expect(line!.total_price).toBe(9.38);
    expect(line!.total_price_with_tax).toBe(11.54);
    const db = await getDb();
    const [stored] = await db.select({ unit: cartItems.unitPriceAtPurchase }).from(cartItems).where(eq(cartItems.id, line!.id));
    expect(stored!.unit).toBe('0.9375');
    // The same cart again for the same customer.
    expect((await newCart(pro)).cart_id).toBe(cart_id);
  });

  it('answers only to its customer: another customer or a guest gets 404 and changes nothing', async () => {
    const { cart_id } = await newCart(particular);
    const added = await add(cart_id, particular, { product_id: model['VG-0750'], quantity_of_packages: 4 });
    const itemId = added.body.data.item_id;
    for (const session of [other, null]) {
      expect((await items(cart_id, session)).status).toBe(404);
      expect((await call(cartHead, 'HEAD', `/api/cart/${cart_id}`, { params: { cartId: cart_id }, session })).status).toBe(404);
      expect((await add(cart_id, session, { product_id: model['VG-0750'], quantity_of_packages: 1 })).status).toBe(404);
      expect((await call(itemPut, 'PUT', `/api/cart/items/${itemId}`, { params: { itemId }, session, body: { quantity_of_packages: 9 } })).status).toBe(404);
      expect((await call(itemDelete, 'DELETE', `/api/cart/items/${itemId}`, { params: { itemId }, session })).status).toBe(404);
      expect((await call(emptyRoute, 'DELETE', `/api/cart/${cart_id}/empty`, { params: { cartId: cart_id }, session })).status).toBe(404);
    }
    // The cookie works like the bearer token for the owner.
    const mine = await call<Envelope<CartItem[]>>(itemsGet, 'GET', `/api/cart/${cart_id}/items`, { params: { cartId: cart_id }, session: particular, via: 'cookie' });
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((l) => l.quantity_of_packages)).toEqual([4]);
    // The private customer pays the net price: 6.95 × 4 = 27.80, with IVA 34.19.
    expect(mine.body.data[0]).toMatchObject({ unit_price_at_purchase: 6.95, discount_percentage: 0, total_price: 27.8, total_price_with_tax: 34.19 });
  });

  it('updates, removes and empties its own lines', async () => {
    const { cart_id } = await newCart(other);
    const a = await add(cart_id, other, { product_id: model['HDT-16200'], quantity_of_packages: 1 });
    await add(cart_id, other, { product_id: model['VG-0750'], quantity_of_packages: 1 });
    expect((await call(itemPut, 'PUT', `/api/cart/items/${a.body.data.item_id}`, { params: { itemId: a.body.data.item_id }, session: other, body: { quantity_of_packages: 7 } })).status).toBe(200);
    expect((await items(cart_id, other)).body.data.map((l) => l.quantity_of_packages)).toEqual([7, 1]);
    expect((await call(itemDelete, 'DELETE', `/api/cart/items/${a.body.data.item_id}`, { params: { itemId: a.body.data.item_id }, session: other })).status).toBe(200);
    expect((await items(cart_id, other)).body.data).toHaveLength(1);
    expect((await call(emptyRoute, 'DELETE', `/api/cart/${cart_id}/empty`, { params: { cartId: cart_id }, session: other })).status).toBe(200);
    expect((await items(cart_id, other)).body.data).toEqual([]);
  });

  it('says when a line was re-priced since it was added', async () => {
    const { cart_id } = await newCart(pro);
    await call(emptyRoute, 'DELETE', `/api/cart/${cart_id}/empty`, { params: { cartId: cart_id }, session: pro });
    await add(cart_id, pro, { product_id: model['VG-0750'], quantity_of_packages: 1 });
    const db = await getDb();
    await db.update(inventoryProducts).set({ price: '8.00' }).where(eq(inventoryProducts.code, 'VG-0750'));
    await invalidateCache(['catalogue']);
    const [line] = (await items(cart_id, pro)).body.data;
    expect(line!.unit_price_at_purchase).toBe(6.8); // 8.00 less 15 %
    expect(line!.previous_unit_price).toBe(5.9075);
    await db.update(inventoryProducts).set({ price: '6.95' }).where(eq(inventoryProducts.code, 'VG-0750'));
    await invalidateCache(['catalogue']);
  });
});

describe('merging a guest cart at login', () => {
  it('adds the guest lines to the customer cart (same model and package: quantities add); the guest cart stops answering', async () => {
    const customer = await signedInAccount({ email: 'merge@example.pt', fullName: 'Junta', role: 'viewer', isAdmin: false, userType: 'particular' });
    const mine = await newCart(customer);
    await add(mine.cart_id, customer, { product_id: model['HDT-16200'], quantity_of_packages: 2 });
    const guest = await newCart(null);
    await add(guest.cart_id, null, { product_id: model['HDT-16200'], quantity_of_packages: 5 });
    await add(guest.cart_id, null, { product_id: model['VG-0750'], quantity_of_packages: 1 });
    const merged = await newCart(customer, { guestCartId: guest.cart_id });
    expect(merged).toEqual({ cart_id: mine.cart_id, merged: true, adjusted: [] });
    const lines = (await items(mine.cart_id, customer)).body.data;
    expect(lines.map((l) => [l.product?.code, l.quantity_of_packages])).toEqual([['HDT-16200', 7], ['VG-0750', 1]]);
    expect(lines.every((l) => l.unit_price_at_purchase !== null)).toBe(true);
    expect((await call(cartHead, 'HEAD', `/api/cart/${guest.cart_id}`, { params: { cartId: guest.cart_id } })).status).toBe(404);
    expect((await items(guest.cart_id, null)).status).toBe(404);
    expect((await add(guest.cart_id, null, { product_id: model['VG-0750'], quantity_of_packages: 1 })).status).toBe(404);
    // A guest that still holds the id gets a new cart.
    expect((await newCart(null, { guestMode: true, guestCartId: guest.cart_id })).cart_id).not.toBe(guest.cart_id);
  });

  it('POST /api/cart/merge needs a session and the caller’s own cart', async () => {
    const guest = await newCart(null);
    await add(guest.cart_id, null, { product_id: model['VG-0750'], quantity_of_packages: 3 });
    const proCart = await newCart(pro);
    expect((await call(mergePost, 'POST', '/api/cart/merge', { body: { guest_cart_id: guest.cart_id, user_cart_id: proCart.cart_id } })).status).toBe(401);
    // Another customer cannot merge into the pro's cart.
    expect((await call(mergePost, 'POST', '/api/cart/merge', { session: other, body: { guest_cart_id: guest.cart_id, user_cart_id: proCart.cart_id } })).status).toBe(404);
    const ok = await call<Envelope<{ merged: boolean }>>(mergePost, 'POST', '/api/cart/merge', { session: pro, body: { guest_cart_id: guest.cart_id, user_cart_id: proCart.cart_id } });
    expect(ok.status).toBe(200);
    // Merged once: the second time the guest cart no longer answers.
    expect((await call(mergePost, 'POST', '/api/cart/merge', { session: pro, body: { guest_cart_id: guest.cart_id, user_cart_id: proCart.cart_id } })).status).toBe(404);
  });
});

describe('quick order', () => {
  it('adds valid lines and lists every other with its line number and reason', async () => {
    const { cart_id } = await newCart(null);
    const text = ['código;quantidade', 'HDT-16200 3', 'NAO-EXISTE 2', 'VG-0750;0', 'VG-0750\t1,5', 'VG-0500, 5', 'hdt-20200,4', '', 'VG-0500 20'].join('\n');
    const answer = await call<Envelope<{ added: number; problems: { line: number; reason: string }[] }>>(quickOrderPost, 'POST', `/api/cart/${cart_id}/quick-order`, {
      params: { cartId: cart_id },
      body: { text },
    });
    expect(answer.status).toBe(200);
    // VG-0500 is given twice (lines 6 and 9): summed once (25), which its pack rule refuses.
    expect(answer.body.data.added).toBe(2);
    expect(answer.body.data.problems.map((p) => p.line)).toEqual([3, 4, 5, 6]);
    expect(answer.body.data.problems[0]!.reason).toContain('NAO-EXISTE');
    expect(answer.body.data.problems[2]!.reason).toMatch(/decimal/i);
    expect(answer.body.data.problems[3]).toMatchObject({ text: 'VG-0500 25', reason: 'Vende-se em múltiplos de 10 (mínimo 10): 20 ou 30?' });
    const lines = (await items(cart_id, null)).body.data;
    expect(lines.map((l) => [l.product?.code, l.quantity_of_packages])).toEqual([['HDT-16200', 3], ['HDT-20200', 4]]);
  });

  it('sums a code given twice once and says so; sending the refused lines again adds nothing twice', async () => {
    const { cart_id } = await newCart(null);
    type Result = { added: number; problems: { line: number; text: string; reason: string }[]; merged: { code: string; lines: number[]; quantity: number; text: string }[] };
    const send = (text: string) => call<Envelope<Result>>(quickOrderPost, 'POST', `/api/cart/${cart_id}/quick-order`, { params: { cartId: cart_id }, body: { text } });
    const first = await send(['HDT-16200 2', 'VG-0750 1', 'NAO-EXISTE 1', 'hdt-16200 3', 'HDT-20200 2,5'].join('\n'));
    expect(first.body.data.added).toBe(2);
    expect(first.body.data.merged).toEqual([
      { code: 'HDT-16200', lines: [1, 4], quantity: 5, text: 'HDT-16200 aparece nas linhas 1 e 4: as quantidades foram somadas numa só linha (5).' },
    ]);
    expect(first.body.data.problems.map((p) => p.text)).toEqual(['NAO-EXISTE 1', 'HDT-20200 2,5']);
    // The box keeps only the refused lines; corrected, they are sent again.
    const second = await send('HDT-20200 2');
    expect(second.body.data).toMatchObject({ added: 1, problems: [], merged: [] });
    const lines = (await items(cart_id, null)).body.data;
    expect(lines.map((l) => [l.product?.code, l.quantity_of_packages])).toEqual([['HDT-16200', 5], ['VG-0750', 1], ['HDT-20200', 2]]);
  });

  it('reads an uploaded CSV file', async () => {
    const { cart_id } = await newCart(null);
    const form = new FormData();
    form.set('file', new File(['VG-0750;2\nXPTO;1\n'], 'encomenda.csv', { type: 'text/csv' }));
    const answer = await call<Envelope<{ added: number; problems: { line: number }[] }>>(quickOrderPost, 'POST', `/api/cart/${cart_id}/quick-order`, { params: { cartId: cart_id }, body: form });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ added: 1, problems: [{ line: 2 }] });
  });
});

describe('quick order from a spreadsheet', () => {
  it('reads the first two columns of an uploaded XLSX, keeping the sheet’s row numbers', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Encomenda');
    sheet.addRow(['Código', 'Quantidade']);
    sheet.addRow(['HDT-16200', 2]);
    sheet.addRow([]);
    sheet.addRow(['NAO-EXISTE', 1]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const { cart_id } = await newCart(null);
    const form = new FormData();
    form.set('file', new File([bytes], 'encomenda.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
    const answer = await call<Envelope<{ added: number; problems: { line: number; reason: string }[] }>>(quickOrderPost, 'POST', `/api/cart/${cart_id}/quick-order`, { params: { cartId: cart_id }, body: form });
    expect(answer.status).toBe(200);
    expect(answer.body.data.added).toBe(1);
    expect(answer.body.data.problems.map((p) => p.line)).toEqual([4]);
    const broken = new FormData();
    broken.set('file', new File([Buffer.from('não é um xlsx')], 'x.xlsx'));
    const refused = await call<Envelope<null>>(quickOrderPost, 'POST', `/api/cart/${cart_id}/quick-order`, { params: { cartId: cart_id }, body: broken });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/XLSX/);
  });
});

describe('GET /api/products/{product_code}/models', () => {
  it("lists a product's active models by code, without prices", async () => {
    const answer = await call<Envelope<ModelRow[]>>(modelsGet, 'GET', '/api/products/P100002/models', { params: { productCode: 'P100002' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toMatch(/^public/);
    expect(answer.body.data.map((m) => m.code)).toEqual(['VG-0500', 'VG-0750']);
    expect(answer.body.data[0]).toMatchObject({ id: model['VG-0500'], size: '1/2"', small_package: '10/50', stock_status: 'on_order', sales_minimum: 10, sales_increment: 10 });
    expect(answer.text).not.toMatch(/price|4\.9|6\.95/i);
    expect((await call(modelsGet, 'GET', '/api/products/NOPE/models', { params: { productCode: 'NOPE' } })).status).toBe(404);
  });

  it('answers the models of several products in one call', async () => {
    const answer = await call<Envelope<Record<string, ModelRow[]>>>(modelsBatchGet, 'GET', '/api/products/models?product_codes=P100002,P100001,NOPE', {});
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body.data).sort()).toEqual(['P100001', 'P100002']);
    expect(answer.body.data['P100001']!.map((m) => m.code)).toEqual(['HDT-16200', 'HDT-20200']);
    expect(answer.text).not.toMatch(/price/i);
    const many = Array.from({ length: 61 }, (_, i) => `P${i}`).join(',');
    expect((await call(modelsBatchGet, 'GET', `/api/products/models?product_codes=${many}`, {})).status).toBe(400);
    expect((await call(modelsBatchGet, 'GET', '/api/products/models', {})).status).toBe(400);
  });
});
