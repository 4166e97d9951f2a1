/** @jest-environment node */
import path from 'node:path';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { GET as itemsGet, POST as itemsPost } from '@/app/api/cart/[cartId]/items/route';
import { POST as cartPost } from '@/app/api/cart/route';
import { GET as exportGet } from '@/app/api/job-lists/[id]/export/route';
import { DELETE as lineDelete, PATCH as linePatch } from '@/app/api/job-lists/[id]/lines/[lineId]/route';
import { POST as linesPost } from '@/app/api/job-lists/[id]/lines/route';
import { DELETE as listDelete, GET as listGet, PATCH as listPatch } from '@/app/api/job-lists/[id]/route';
import { POST as quotePost } from '@/app/api/job-lists/[id]/quote/route';
import { POST as toCartPost } from '@/app/api/job-lists/[id]/to-cart/route';
import { GET as quoteGet } from '@/app/api/quotes/[id]/route';
import { GET as listsGet, POST as listsPost } from '@/app/api/job-lists/route';
import type { CartItem } from '@/lib/cart/types';
import { getDb } from '@/server/db/client';
import { inventoryProducts, priceRules, proAccounts, users } from '@/server/db/schema';
import { importCatalogueFile } from '@/server/import';
import { jobListQuoteLines, type JobListSummary, type PricedJobListLine, type ToCartResult } from '@/server/worksite-lists';
import { clearPricingCache } from '@/server/pricing';
import { call, signedInAccount, type Session } from '../helpers/api';
import { setupTestDatabase } from '../helpers/db';

/**
 * Issue 12, job lists ("obras"), through the route handlers on a real database (PGlite, or
 * PostgreSQL with DATABASE_URL). Catalogue: tests/fixtures/catalogue-small.csv; VG-0500 is sold
 * only in tens (the cart's pack rule); a professional with 25 % on A1.
 */
setupTestDatabase();

interface Envelope<T> {
  success: boolean;
  data: T;
  message?: string;
  error?: { code: string; message: string; details?: Record<string, string[]> };
}
type PricedList = JobListSummary & { lines: PricedJobListLine[]; total: number; total_with_tax: number };

let pro: Session & { userId: string };
let other: Session & { userId: string };
let particular: Session & { userId: string };
const model: Record<string, number> = {};

beforeAll(async () => {
  const db = await getDb();
  const result = await importCatalogueFile(db, path.join(process.cwd(), 'tests/fixtures/catalogue-small.csv'));
  expect(result.ok).toBe(true);
  for (const row of await db.select({ id: inventoryProducts.id, code: inventoryProducts.code }).from(inventoryProducts)) model[row.code] = row.id;
  await db.update(inventoryProducts).set({ salesMinimum: 10, salesIncrement: 10 }).where(eq(inventoryProducts.code, 'VG-0500'));
  pro = await signedInAccount({ email: 'obras-pro@example.pt', fullName: 'Instalador', role: 'viewer', isAdmin: false, userType: 'pro', accountName: 'Obras Lda' });
  other = await signedInAccount({ email: 'obras-outro@example.pt', fullName: 'Outro', role: 'viewer', isAdmin: false, userType: 'pro', accountName: 'Outra Lda' });
  particular = await signedInAccount({ email: 'obras-cliente@example.pt', fullName: 'Cliente', role: 'viewer', isAdmin: false, userType: 'particular' });
  const [account] = await db.insert(proAccounts).values({ name: 'Obras Lda', nif: '509123457' }).returning({ id: proAccounts.id });
  await db.update(users).set({ proAccountId: account!.id }).where(eq(users.id, pro.userId));
  await db.insert(priceRules).values([{ accountId: account!.id, discountGroup: 'A1', discountPercentage: '25' }]);
  clearPricingCache();
}, 120_000);

const createList = (session: Session | null, body: unknown) => call<Envelope<JobListSummary & { lines_added: number }>>(listsPost, 'POST', '/api/job-lists', { session, body });
const getList = (session: Session | null, id: number | string) => call<Envelope<PricedList>>(listGet, 'GET', `/api/job-lists/${id}`, { session, params: { id: String(id) } });
const addLines = (session: Session | null, id: number | string, body: unknown) =>
  call<Envelope<{ added: number; line_ids: number[] }>>(linesPost, 'POST', `/api/job-lists/${id}/lines`, { session, params: { id: String(id) }, body });

async function cartOf(session: Session): Promise<string> {
  const answer = await call<Envelope<{ cart_id: string }>>(cartPost, 'POST', '/api/cart', { session, body: {} });
  expect(answer.status).toBe(200);
  return answer.body.data.cart_id;
}

describe('job lists: CRUD and ownership', () => {
  it('answers 401 to a guest', async () => {
    const answer = await call(listsGet, 'GET', '/api/job-lists', { session: null });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
  });

  it('creates, lists, renames and deletes a list, the owner only', async () => {
    const created = await createList(pro, { name: '  Moradia   Canelas — 2.º piso ' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Moradia Canelas — 2.º piso', line_count: 0 });
    const id = created.body.data.id;

    const mine = await call<Envelope<JobListSummary[]>>(listsGet, 'GET', '/api/job-lists', { session: pro });
    expect(mine.body.data.map((l) => l.id)).toContain(id);
    const theirs = await call<Envelope<JobListSummary[]>>(listsGet, 'GET', '/api/job-lists', { session: other });
    expect(theirs.body.data.map((l) => l.id)).not.toContain(id);

    // Another customer's id is a 404, like an unknown one, for every call.
    for (const session of [other, particular]) {
      expect((await getList(session, id)).status).toBe(404);
      expect((await call(listPatch, 'PATCH', `/api/job-lists/${id}`, { session, params: { id: String(id) }, body: { name: 'Roubada' } })).status).toBe(404);
      expect((await addLines(session, id, { product_id: model['HDT-16200'], quantity_of_packages: 1 })).status).toBe(404);
      expect((await call(toCartPost, 'POST', `/api/job-lists/${id}/to-cart`, { session, params: { id: String(id) }, body: {} })).status).toBe(404);
      expect((await call(exportGet, 'GET', `/api/job-lists/${id}/export?format=csv`, { session, params: { id: String(id) } })).status).toBe(404);
      expect((await call(listDelete, 'DELETE', `/api/job-lists/${id}`, { session, params: { id: String(id) } })).status).toBe(404);
    }
    const unknown = await getList(pro, 999_999);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.message).toBe('Obra não encontrada.');
    expect((await getList(pro, 'abc')).status).toBe(404);
    expect((await getList(pro, '99999999999')).status).toBe(404);

    const renamed = await call<Envelope<JobListSummary>>(listPatch, 'PATCH', `/api/job-lists/${id}`, { session: pro, params: { id: String(id) }, body: { name: 'Moradia Canelas' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.name).toBe('Moradia Canelas');
    expect((await getList(pro, id)).body.data.name).toBe('Moradia Canelas');

    const empty = await call<Envelope<null>>(listPatch, 'PATCH', `/api/job-lists/${id}`, { session: pro, params: { id: String(id) }, body: { name: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error?.details?.name).toEqual(['Indique o nome da obra.']);

    expect((await call(listDelete, 'DELETE', `/api/job-lists/${id}`, { session: pro, params: { id: String(id) } })).status).toBe(200);
    expect((await getList(pro, id)).status).toBe(404);
  });

  it('lets a private customer keep lists too', async () => {
    const created = await createList(particular, { name: 'Casa de banho' });
    expect(created.status).toBe(201);
  });
});

describe('job lists: lines', () => {
  let listId: number;
  beforeAll(async () => {
    listId = (await createList(pro, { name: 'Prédio Gaia' })).body.data.id;
  });

  it('adds lines with the cart rules: packages, minimum and increment', async () => {
    const tube = await addLines(pro, listId, { product_id: model['HDT-16200'], quantity_of_packages: 2, items_per_package: 100 });
    expect(tube.status).toBe(201);
    // VG-0500 is sold only in tens: 5 units refused with the allowed values, 2 bags of 10 accepted.
    const refused = await addLines(pro, listId, { product_id: model['VG-0500'], quantity_of_packages: 5 });
    expect(refused.status).toBe(400);
    expect(refused.body.error?.details?.allowed).toEqual(['minimum=10', 'increment=10', 'items_per_package=1']);
    const unknownPackage = await addLines(pro, listId, { product_id: model['VG-0500'], quantity_of_packages: 1, items_per_package: 7 });
    expect(unknownPackage.status).toBe(400);
    const bags = await addLines(pro, listId, { lines: [{ product_id: model['VG-0500'], quantity_of_packages: 2, items_per_package: 10 }, { product_id: model['HDT-20200'], quantity_of_packages: 3 }] });
    expect(bags.status).toBe(201);
    expect(bags.body.data.added).toBe(2);
    // Adding the same model and package again sums.
    expect((await addLines(pro, listId, { product_id: model['HDT-16200'], quantity_of_packages: 1, items_per_package: 100 })).status).toBe(201);
    const missing = await addLines(pro, listId, { product_id: 999_999, quantity_of_packages: 1 });
    expect(missing.status).toBe(404);
    const list = (await getList(pro, listId)).body.data;
    expect(list.lines.map((l) => [l.code, l.items_per_package, l.quantity_of_packages, l.units])).toEqual([
      ['HDT-16200', 100, 3, 300],
      ['VG-0500', 10, 2, 20],
      ['HDT-20200', 1, 3, 3],
    ]);
  });

  it('prices the lines for the owner today (25 % on A1, net for B2)', async () => {
    const list = (await getList(pro, listId)).body.data;
    const tube = list.lines.find((l) => l.code === 'HDT-16200')!;
    // 1.25 € less 25 % = 0.9375 € × 300 units = 281.25 €, with 23 % IVA 345.94 €.
    expect(tube).toMatchObject({ unit_price: 0.9375, unit_price_with_tax: 1.1531, discount_percentage: 25, total: 281.25, total_with_tax: 345.94 });
    const valve = list.lines.find((l) => l.code === 'VG-0500')!;
    expect(valve).toMatchObject({ unit_price: 4.9, discount_percentage: 0, total: 98 });
  });

  it('edits quantities within the rules and removes lines', async () => {
    const list = (await getList(pro, listId)).body.data;
    const valve = list.lines.find((l) => l.code === 'VG-0500')!;
    const patch = (session: Session, lineId: number | string, body: unknown) =>
      call<Envelope<{ quantity_of_packages: number }>>(linePatch, 'PATCH', `/api/job-lists/${listId}/lines/${lineId}`, { session, params: { id: String(listId), lineId: String(lineId) }, body });
    expect((await patch(pro, valve.id, { quantity_of_packages: 4 })).status).toBe(200);
    expect((await patch(pro, valve.id, { quantity_of_packages: 0 })).status).toBe(400);
    expect((await patch(pro, valve.id, { quantity_of_packages: 1.5 })).status).toBe(400);
    expect((await patch(other, valve.id, { quantity_of_packages: 1 })).status).toBe(404);
    const extra = (await addLines(pro, listId, { product_id: model['VG-0750'], quantity_of_packages: 10 })).body.data.line_ids[0]!;
    // A line of this list addressed through another customer's list id, or by another customer: 404.
    const othersList = (await createList(other, { name: 'Outra obra' })).body.data.id;
    expect((await call(lineDelete, 'DELETE', `/api/job-lists/${othersList}/lines/${extra}`, { session: other, params: { id: String(othersList), lineId: String(extra) } })).status).toBe(404);
    expect((await call(lineDelete, 'DELETE', `/api/job-lists/${listId}/lines/${extra}`, { session: other, params: { id: String(listId), lineId: String(extra) } })).status).toBe(404);
    expect((await call(lineDelete, 'DELETE', `/api/job-lists/${listId}/lines/${extra}`, { session: pro, params: { id: String(listId), lineId: String(extra) } })).status).toBe(200);
    const after = (await getList(pro, listId)).body.data;
    expect(after.lines.find((l) => l.code === 'VG-0500')!.quantity_of_packages).toBe(4);
    expect(after.lines.some((l) => l.code === 'VG-0750')).toBe(false);
  });

  it('copies the cart into a list ("Guardar numa obra" from the cart), never another customer\'s cart', async () => {
    const cartId = await cartOf(particular);
    await call(itemsPost, 'POST', `/api/cart/${cartId}/items`, { params: { cartId }, session: particular, body: { product_id: model['HDT-20200'], quantity_of_packages: 2 } });
    const created = await createList(particular, { name: 'Do carrinho', cart_id: cartId });
    expect(created.status).toBe(201);
    expect(created.body.data.lines_added).toBe(1);
    const theft = await addLines(pro, listId, { cart_id: cartId });
    expect(theft.status).toBe(404);
    // A new list from a cart that is not the caller's is not left behind empty.
    const before = (await call<Envelope<JobListSummary[]>>(listsGet, 'GET', '/api/job-lists', { session: pro })).body.data.length;
    expect((await createList(pro, { name: 'Do carrinho de outro', cart_id: cartId })).status).toBe(404);
    expect((await call<Envelope<JobListSummary[]>>(listsGet, 'GET', '/api/job-lists', { session: pro })).body.data).toHaveLength(before);
  });

  it('gives quotes their lines (the hook for quote requests)', async () => {
    const lines = await jobListQuoteLines(pro.userId, listId);
    expect(lines).toContainEqual({ product_id: model['VG-0500'], quantity_of_packages: 4, items_per_package: 10 });
    await expect(jobListQuoteLines(other.userId, listId)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('turns the list into a quote request with its lines, for its owner only', async () => {
    const asked = await call<Envelope<{ quote_id: number; number: string; status: string }>>(quotePost, 'POST', `/api/job-lists/${listId}/quote`, { params: { id: String(listId) }, session: pro });
    expect(asked.status).toBe(201);
    expect(asked.body.data.number).toMatch(/^OR-\d{4}-\d{6}$/);
    const quote = await call<Envelope<{ lines: { model_code: string; packages: number; items_per_package: number }[]; message: string }>>(quoteGet, 'GET', `/api/quotes/${asked.body.data.quote_id}`, {
      params: { id: String(asked.body.data.quote_id) },
      session: pro,
    });
    expect(quote.body.data.lines).toContainEqual(expect.objectContaining({ model_code: 'VG-0500', packages: 4, items_per_package: 10 }));
    expect(quote.body.data.message).toContain('Prédio Gaia');
    expect((await call(quotePost, 'POST', `/api/job-lists/${listId}/quote`, { params: { id: String(listId) }, session: other })).status).toBe(404);
  });
});

describe('job lists: to the cart and export', () => {
  let listId: number;
  beforeAll(async () => {
    listId = (await createList(pro, { name: 'Loja Porto' })).body.data.id;
    await addLines(pro, listId, {
      lines: [
        { product_id: model['HDT-16200'], quantity_of_packages: 1, items_per_package: 100 },
        { product_id: model['VG-0750'], quantity_of_packages: 2, items_per_package: 10 },
        { product_id: model['HDT-20200'], quantity_of_packages: 5 },
      ],
    });
  });

  it('moves the chosen lines, then the whole list, to the cart at today\'s prices; unavailable models are reported', async () => {
    const list = (await getList(pro, listId)).body.data;
    const tube = list.lines.find((l) => l.code === 'HDT-16200')!;
    const chosen = await call<Envelope<ToCartResult>>(toCartPost, 'POST', `/api/job-lists/${listId}/to-cart`, { session: pro, params: { id: String(listId) }, body: { line_ids: [tube.id] } });
    expect(chosen.status).toBe(200);
    expect(chosen.body.data.added.map((a) => a.model_code)).toEqual(['HDT-16200']);
    // A line id of no line of this list: 404, nothing added.
    expect((await call(toCartPost, 'POST', `/api/job-lists/${listId}/to-cart`, { session: pro, params: { id: String(listId) }, body: { line_ids: [999_999] } })).status).toBe(404);

    // The price changes and one model is withdrawn before the whole list goes.
    const db = await getDb();
    await db.update(inventoryProducts).set({ price: '2.00' }).where(eq(inventoryProducts.code, 'HDT-20200'));
    await db.update(inventoryProducts).set({ productStatus: 'inactive' }).where(eq(inventoryProducts.code, 'VG-0750'));
    clearPricingCache();
    const all = await call<Envelope<ToCartResult>>(toCartPost, 'POST', `/api/job-lists/${listId}/to-cart`, { session: pro, params: { id: String(listId) }, body: {} });
    expect(all.status).toBe(200);
    expect(all.body.data.added.map((a) => a.model_code).sort()).toEqual(['HDT-16200', 'HDT-20200']);
    expect(all.body.data.unavailable).toEqual([expect.objectContaining({ model_code: 'VG-0750', reason: 'Este modelo já não está à venda.' })]);
    const items = await call<Envelope<CartItem[]>>(itemsGet, 'GET', `/api/cart/${all.body.data.cart_id}/items`, { session: pro, params: { cartId: all.body.data.cart_id } });
    const byCode = new Map(items.body.data.map((i) => [i.product?.code, i]));
    // Today's price for the professional: 2.00 € less 25 % (A1).
    expect(byCode.get('HDT-20200')).toMatchObject({ quantity_of_packages: 5, unit_price_at_purchase: 1.5 });
    // Moved twice (chosen, then all): the cart sums the packages.
    expect(byCode.get('HDT-16200')).toMatchObject({ quantity_of_packages: 2, items_per_package: 100, unit_price_at_purchase: 0.9375 });
    // The list is kept and says the model is unavailable.
    const kept = (await getList(pro, listId)).body.data;
    expect(kept.lines).toHaveLength(3);
    expect(kept.lines.find((l) => l.code === 'VG-0750')).toMatchObject({ available: false, unit_price: null });
    await db.update(inventoryProducts).set({ productStatus: 'active' }).where(eq(inventoryProducts.code, 'VG-0750'));
    await db.update(inventoryProducts).set({ price: '1.80' }).where(eq(inventoryProducts.code, 'HDT-20200'));
    clearPricingCache();
  });

  it('exports the list as CSV with the owner\'s prices', async () => {
    const answer = await call(exportGet, 'GET', `/api/job-lists/${listId}/export?format=csv`, { session: pro, params: { id: String(listId) } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="obra-${listId}-loja-porto.csv"`);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    const lines = answer.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Código;Designação;Medida;Embalagem;Embalagens;Unidades;Preço unitário s/ IVA;Desconto %;Total s/ IVA;Total c/ IVA');
    expect(lines[1]).toBe('HDT-16200;Tubo multicamada PEX-AL-PEX 16x2 mm rolo 100 m;16x2 mm;Embalagem de 100;1;100;0,9375;25;93,75;115,31');
    expect(lines[2]).toMatch(/^VG-0750;"Válvula de esfera em latão 3\/4"" F-F";/);
    expect(lines[2]).toContain(';2;20;6,95;0;139,00;170,97');
    expect(lines[3]).toBe('HDT-20200;Tubo multicamada PEX-AL-PEX 20x2 mm rolo 100 m;20x2 mm;Unidade;5;5;1,35;25;6,75;8,30');
  });

  it('exports the list as XLSX with the same content', async () => {
    const request = new Request(`http://localhost/api/job-lists/${listId}/export?format=xlsx`, { headers: { host: 'localhost', authorization: `Bearer ${pro.token}` } });
    const response = await exportGet(request, { params: Promise.resolve({ id: String(listId) }) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="obra-${listId}-loja-porto.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Loja Porto');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Código', 'Designação', 'Medida', 'Embalagem', 'Embalagens', 'Unidades', 'Preço unitário s/ IVA', 'Desconto %', 'Total s/ IVA', 'Total c/ IVA']);
    expect(sheet.getRow(2).values).toEqual([undefined, 'HDT-16200', 'Tubo multicamada PEX-AL-PEX 16x2 mm rolo 100 m', '16x2 mm', 'Embalagem de 100', 1, 100, 0.9375, 25, 93.75, 115.31]);
    expect(sheet.rowCount).toBe(5); // header, 3 lines, totals
    const bad = await call(exportGet, 'GET', `/api/job-lists/${listId}/export?format=pdf`, { session: pro, params: { id: String(listId) } });
    expect(bad.status).toBe(400);
  });
});

describe('job lists: bad input is refused, never a 500', () => {
  it('answers 4xx with the envelope to malformed ids and bodies', async () => {
    const id = String((await createList(pro, { name: 'Entradas más' })).body.data.id);
    const bodies: unknown[] = [
      null,
      [],
      'texto',
      42,
      { name: 123 },
      { name: 'x'.repeat(121) },
      { name: 'Obra', cart_id: '../../etc' },
      { product_id: 1e20, quantity_of_packages: 1 },
      { product_id: -1, quantity_of_packages: 1 },
      { product_id: 1, quantity_of_packages: 2.5 },
      { product_id: 1, quantity_of_packages: 10_000 },
      { product_id: '1', quantity_of_packages: '1' },
      { lines: 'x' },
      { lines: [] },
      { code: '', quantity_of_packages: 1 },
      { code: 'x'.repeat(61), quantity_of_packages: 1 },
      { cart_id: 'a'.repeat(22) },
      { line_ids: [0] },
      { line_ids: [1e12] },
      { line_ids: 'all' },
      { quantity_of_packages: null },
    ];
    const calls: [typeof listsPost, string, Record<string, string>][] = [
      [listsPost, 'POST', {}],
      [listPatch, 'PATCH', { id }],
      [linesPost, 'POST', { id }],
      [linePatch, 'PATCH', { id, lineId: '1' }],
      [toCartPost, 'POST', { id }],
    ];
    for (const [handler, method, params] of calls) {
      for (const body of bodies) {
        const answer = await call<Envelope<unknown>>(handler, method, '/api/job-lists/x', { session: pro, params, body });
        expect({ method, params, body, status: answer.status < 500 }).toEqual({ method, params, body, status: true });
        if (answer.status >= 400) expect(answer.body.success).toBe(false);
      }
    }
    for (const weird of ['0', '-1', '1.5', '1e3', '%00', '2147483648', ' 1']) {
      expect((await getList(pro, weird)).status).toBe(404);
      expect((await call(exportGet, 'GET', `/api/job-lists/x/export?format=csv`, { session: pro, params: { id: weird } })).status).toBe(404);
    }
  });
});
