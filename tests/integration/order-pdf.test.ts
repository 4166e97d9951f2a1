/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFParse } from 'pdf-parse';
import { POST as addressesPost } from '@/app/api/addresses/route';
import { POST as itemsPost } from '@/app/api/cart/[cartId]/items/route';
import { POST as cartPost } from '@/app/api/cart/route';
import { POST as checkoutPost } from '@/app/api/checkout/route';
import { GET as pdfGet } from '@/app/api/orders/[id]/pdf/route';
import { resetEnvCache } from '@/lib/env';
import { getDb } from '@/server/db/client';
import { inventoryProducts } from '@/server/db/schema';
import { importCatalogueFile } from '@/server/import';
import { processDueJobs } from '@/server/jobs';
import { orderPdfKey, renderOrderPdf } from '@/server/orders/pdf';
import { getOrder } from '@/server/orders/queries';
import { transitionOrder } from '@/server/orders/status';
import { clearPricingCache } from '@/server/pricing';
import { getStorage, setStorage } from '@/server/storage';
import { call, signedInAccount, type Session } from '../helpers/api';
import { setupTestDatabase } from '../helpers/db';

/**
 * Issue 11: the order confirmation PDF. Orders are placed through the real route handlers on a
 * real database (PGlite, or PostgreSQL with DATABASE_URL); the `order-pdf` job renders the PDF
 * with pdfkit into the filesystem storage (a temporary DATA_DIR); `GET /api/orders/{id}/pdf`
 * serves it. The PDFs are read back with an independent reader (pdf-parse, i.e. Mozilla's
 * pdf.js), from the same compressed bytes the customer downloads.
 */
setupTestDatabase();

const env = process.env as Record<string, string | undefined>;
let dataDir: string;
let ana: Session & { userId: string };
let rui: Session & { userId: string };
let anaHome: number;
const model: Record<string, number> = {};
let keyCounter = 0;

interface Envelope<T> {
  success: boolean;
  data: T;
}
interface Placed {
  order_id: number;
  number: string;
}

const MANY = 120;

/** A catalogue of 120 models (4-decimal prices, accented names) for the long order. */
function manyModelsCsv(): string {
  const header =
    'chapter_code;family_code;family_title;product_id;product_name;description;brand;model_code;model_name;size;price;discount_group;ean;stock_status;small_package;medium_package;large_package;image;attributes';
  const rows = Array.from({ length: MANY }, (_, i) => {
    const n = String(i + 1).padStart(3, '0');
    return `40;40-020;Válvulas e Ligações;P9${n};Válvula de esfera latão niquelado nº ${n};Ligação roscada para água e aquecimento.;Açoriana;VLV-${n};Válvula de esfera ${n} com manípulo em borboleta;DN15;${(1 + i / 7).toFixed(4).replace('.', ',')};B1;;in_stock;-;-;-;;`;
  });
  return [header, ...rows].join('\n') + '\n';
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'order-pdf-'));
  env.DATA_DIR = dataDir;
  resetEnvCache();
  setStorage(undefined);
  const db = await getDb();
  expect((await importCatalogueFile(db, path.join(process.cwd(), 'tests/fixtures/catalogue-small.csv'))).ok).toBe(true);
  const csv = path.join(dataDir, 'many.csv');
  fs.writeFileSync(csv, manyModelsCsv());
  const imported = await importCatalogueFile(db, csv);
  expect(imported.ok ? [] : imported.issues.slice(0, 3)).toEqual([]);
  for (const row of await db.select({ id: inventoryProducts.id, code: inventoryProducts.code }).from(inventoryProducts)) model[row.code] = row.id;
  clearPricingCache();
  ana = await signedInAccount({ email: 'ana.pdf@example.pt', fullName: 'Ana Conceição', role: 'viewer', isAdmin: false, userType: 'particular' });
  rui = await signedInAccount({ email: 'rui.pdf@example.pt', fullName: 'Rui Costa', role: 'viewer', isAdmin: false, userType: 'particular' });
  const home = await call<Envelope<{ id: number }>>(addressesPost, 'POST', '/api/addresses', {
    session: ana,
    body: { label: 'Casa', name: 'Ana Conceição', nif: '123456789', line1: 'Rua da Estação, 12', postal_code: '4400-100', locality: 'Vila Nova de Gaia', is_default_delivery: true, is_default_billing: true },
  });
  expect(home.status).toBe(201);
  anaHome = home.body.data.id;
}, 180_000);

afterAll(() => {
  delete env.DATA_DIR;
  resetEnvCache();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function placeOrder(session: Session, lines: [code: string, packages: number][], extra: Record<string, unknown> = {}): Promise<Placed> {
  const cart = await call<Envelope<{ cart_id: string }>>(cartPost, 'POST', '/api/cart', { session, body: {} });
  const cartId = cart.body.data.cart_id;
  for (const [code, packages] of lines) {
    const added = await call(itemsPost, 'POST', `/api/cart/${cartId}/items`, { params: { cartId }, session, body: { product_id: model[code], quantity_of_packages: packages } });
    expect(added.status).toBe(201);
  }
  const placed = await call<Envelope<Placed>>(checkoutPost, 'POST', '/api/checkout', {
    session,
    body: { delivery: { address_id: anaHome }, payment_method: 'bank_transfer', ...extra },
    headers: { 'Idempotency-Key': `pdf-test-${Date.now()}-${++keyCounter}` },
  });
  expect(placed.status).toBe(201);
  return placed.body.data;
}

/** GET /api/orders/{id}/pdf as a client: status, headers and the raw bytes. */
async function downloadPdf(session: Session | null, orderId: number | string): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const headers = new Headers({ host: 'localhost', 'x-forwarded-for': '198.51.100.77' });
  if (session) headers.set('authorization', `Bearer ${session.token}`);
  const response = await pdfGet(new Request(`http://localhost/api/orders/${orderId}/pdf`, { headers }), { params: Promise.resolve({ id: String(orderId) }) });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function readPdf(bytes: Buffer): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const result = await parser.getText();
    return { text: result.text, pages: result.total };
  } finally {
    await parser.destroy();
  }
}

describe('order confirmation PDF', () => {
  let order: Placed;

  beforeAll(async () => {
    order = await placeOrder(ana, [['VG-0750', 2], ['VLV-001', 3]], { po_reference: 'OC-2026/77', notes: 'Entregar de manhã, portão lateral.' });
  }, 60_000);

  it('is rendered and stored by the order-pdf job the placement enqueued', async () => {
    const key = orderPdfKey(order.number);
    expect(key).toBe(`orders/${order.number.slice(3, 7)}/${order.number}.pdf`);
    expect(await getStorage().exists(key)).toBe(false);
    await processDueJobs();
    const stored = await getStorage().get(key);
    expect(stored).not.toBeNull();
    expect(stored!.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Under DATA_DIR, written by rename (no temporary file left behind).
    const folder = path.join(dataDir, 'storage', 'orders', order.number.slice(3, 7));
    expect(fs.readdirSync(folder)).toEqual([`${order.number}.pdf`]);

    const { text, pages } = await readPdf(stored!);
    expect(pages).toBe(1);
    for (const expected of [
      order.number,
      'Confirmação de encomenda',
      'Casa das Águas de Gaia, Lda.',
      'NIF 509123457', // the shop's (SHOP_NIF default)
      'NIF 123456789', // the customer's billing NIF
      'Ana Conceição',
      'Rua da Estação, 12',
      'VLV-001',
      'A aguardar pagamento',
      'PT50003500010001234567805',
      'OC-2026/77',
      'Entregar de manhã, portão lateral.',
      'Total a pagar',
      'não é uma fatura',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/\d+,\d{2}\s€/);
  });

  it('is served to the order’s customer as an inline PDF, private and not stored by caches', async () => {
    const answer = await downloadPdf(ana, order.order_id);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toBe(`inline; filename="${order.number}.pdf"`);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(answer.bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    expect(answer.bytes.equals((await getStorage().get(orderPdfKey(order.number)))!)).toBe(true);
    const { text } = await readPdf(answer.bytes);
    expect(text).toContain(order.number);
    expect(text).toContain('Este documento não é uma fatura.');
  });

  it('answers 404 for another customer’s order or an unknown id, and 401 without a session', async () => {
    const theirs = await downloadPdf(rui, order.order_id);
    expect(theirs.status).toBe(404);
    expect(theirs.bytes.toString('utf8')).not.toContain(order.number);
    expect((await downloadPdf(ana, 987654)).status).toBe(404);
    expect((await downloadPdf(ana, 'abc')).status).toBe(404);
    expect((await downloadPdf(null, order.order_id)).status).toBe(401);
  });

  it('is rendered on demand (and stored) when the job has not run yet', async () => {
    const fresh = await placeOrder(ana, [['VG-0750', 1]]);
    const key = orderPdfKey(fresh.number);
    expect(await getStorage().exists(key)).toBe(false);
    const answer = await downloadPdf(ana, fresh.order_id);
    expect(answer.status).toBe(200);
    expect((await readPdf(answer.bytes)).text).toContain(fresh.number);
    expect(await getStorage().exists(key)).toBe(true);
    // The job then finds it fresh and leaves it.
    const before = await getStorage().stat(key);
    await processDueJobs();
    expect((await getStorage().stat(key))!.modifiedAt.getTime()).toBe(before!.modifiedAt.getTime());
  });

  it('is rendered again once the order changed after the file was written', async () => {
    await new Promise((r) => setTimeout(r, 20));
    await transitionOrder(order.order_id, 'confirmed', { actor: 'test' });
    const { text } = await readPdf((await downloadPdf(ana, order.order_id)).bytes);
    expect(text).toContain('Confirmada');
    expect(text).toContain('recebido');
    expect(text).not.toContain('PT50003500010001234567805');
  });

  it('gives the Multibanco entity, reference and last day, or MB WAY’s phone, while the payment is pending', async () => {
    const fresh = await placeOrder(ana, [['VG-0750', 1]]);
    const detail = { ...(await getOrder(ana.userId, fresh.order_id)), customer: { name: 'Ana Conceição', email: 'ana.pdf@example.pt' } };
    const shop = { name: 'Loja', legalName: 'Loja, Lda.', nif: '509123457', address: 'Rua A, 1', postalCode: '4400-012', city: 'Gaia', phone: null, email: null };
    const multibanco = await readPdf(
      await renderOrderPdf(
        { ...detail, payment_method: 'multibanco' as const, payment: { method: 'multibanco', status: 'awaiting_payment', entity: '12345', reference: '123456789', amount: detail.totals.total, expires_on: '2026-12-01' } },
        shop,
      ),
    );
    for (const expected of ['Entidade', '12345', '123 456 789', '01/12/2026', 'Referência Multibanco']) expect(multibanco.text).toContain(expected);
    const pending = await readPdf(await renderOrderPdf({ ...detail, payment_method: 'multibanco' as const, payment: { method: 'multibanco', status: 'pending', entity: null, reference: null } }, shop));
    expect(pending.text).toContain('ainda não está disponível');
    const mbway = await readPdf(await renderOrderPdf({ ...detail, payment_method: 'mbway' as const, payment: { method: 'mbway', status: 'awaiting_payment', phone: '912345678' } }, shop));
    expect(mbway.text).toContain('912345678');
    expect(mbway.text).toContain('MB WAY');
  });

  it('runs a 120-line order over several pages, the table header on each', async () => {
    const long = await placeOrder(
      ana,
      Array.from({ length: MANY }, (_, i) => [`VLV-${String(i + 1).padStart(3, '0')}`, (i % 5) + 1] as [string, number]),
    );
    await processDueJobs();
    const stored = await getStorage().get(orderPdfKey(long.number));
    const { text, pages } = await readPdf(stored!);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(text).toContain(`Página 1 de ${pages}`);
    expect(text).toContain(`Página ${pages} de ${pages}`);
    // Every line is there, and the table header is repeated on every page the table runs over.
    for (let i = 1; i <= MANY; i++) expect(text).toContain(`VLV-${String(i).padStart(3, '0')}`);
    expect(text.match(/Código/g)!.length).toBeGreaterThanOrEqual(pages - 1);
    expect(text.match(/não é uma fatura/g)!.length).toBe(pages);
    // 4-decimal unit prices keep their decimals.
    expect(text).toMatch(/1,1429\s€/);
  }, 120_000);
});

describe('storage', () => {
  it('refuses keys that could leave its folder', async () => {
    const storage = getStorage();
    for (const key of ['../x.pdf', 'orders/../../x', '/etc/passwd', 'orders//x', '.hidden', 'a\\b']) {
      await expect(storage.put(key, new Uint8Array([1]))).rejects.toThrow(/inválida/);
    }
    expect(await storage.get('orders/none/none.pdf')).toBeNull();
  });
});
