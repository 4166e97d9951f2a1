/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { sql } from 'drizzle-orm';
import { AuditHistory } from '@/components/admin/audit-history';
import { isStaleData, type StaleData } from '@/lib/admin/stale';
import { toViewer } from '@/lib/auth/viewer';
import { resetEnvCache } from '@/lib/env';
import { emptyModel, type AdminProductFormValues } from '@/lib/validation/admin-product';
import { listAudit, recordAudit } from '@/server/admin/audit';
import { saveProductAction } from '@/server/admin/product-actions';
import { getAdminProduct, getProductFormOptions } from '@/server/admin/products';
import { describeAuditEntries, describeCatalogueChanges, describeOrderEvents, listAuditInWords } from '@/server/audit/views';
import { getViewer } from '@/server/auth/session';
import { listCatalogueChanges } from '@/server/catalogue/change-log';
import { getDb } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { importCatalogueFile } from '@/server/import';
import { getStaffOrder } from '@/server/orders/admin';
import { setupTestDatabase } from '../helpers/db';

/**
 * Issue 23, "differences in words", on a real database: a stale product save answers the
 * differences in words (the model's code and field, pt-PT prices, no JSON), the product's history
 * and the change log use Portuguese labels and names, and an order's history names the customer
 * and says states and the payment method by their labels.
 */
jest.mock('@/server/auth/session', () => ({ getViewer: jest.fn() }));
jest.mock('next/headers', () => ({ headers: async () => new Headers({ host: 'localhost:3000' }) }));

setupTestDatabase();

const env = process.env as Record<string, string | undefined>;
let tmp: string;
const editor = toViewer({ id: 'edt_1', email: 'editor@loja.example.pt', name: 'Rui Editor' }, 'editor');
const admin = toViewer({ id: 'adm_1', email: 'admin@loja.example.pt', name: 'Ana Admin', isAdmin: true }, 'admin');

let chapterCode = '';
let family = { id: '', code: '', title: '' };
let other = { id: '', code: '', title: '' };

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

function newProduct(code: string): AdminProductFormValues {
  return {
    id: null,
    version: 0,
    product_code: code,
    name: 'Tubo multicamada PEX/AL/PEX',
    seo_name: '',
    seo_description: '',
    description: 'Tubo para água quente e fria.',
    chapter_code: chapterCode,
    family_id: family.id,
    brand_id: '',
    informacao_adicional: '',
    informacao_tecnica: '',
    notes: '',
    active: true,
    images: [],
    models: [
      { ...emptyModel(), code: `${code}-16`, name: 'Tubo multicamada 16 mm', size: '16 mm', price: '0,54', attributes: 'Diâmetro = 16 mm' },
      { ...emptyModel(), code: `${code}-20`, name: 'Tubo multicamada 20 mm', size: '20 mm', price: '0,81', attributes: 'Diâmetro = 20 mm' },
    ],
  };
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-admin-words-'));
  env.DATA_DIR = tmp;
  resetEnvCache();
  const db = await getDb();
  expect((await importCatalogueFile(db, path.join(process.cwd(), 'tests/fixtures/catalogue-small.csv'))).ok).toBe(true);
  const options = await getProductFormOptions();
  const f = options.families.find((x) => x.code === '40-010')!;
  const o = options.families.find((x) => x.code === '40-020')!;
  chapterCode = String(f.chapterCode);
  family = { id: String(f.id), code: f.code, title: f.title };
  other = { id: String(o.id), code: o.code, title: o.title };
});

afterAll(() => {
  delete env.DATA_DIR;
  resetEnvCache();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('a product edited by two people', () => {
  it('refuses the second save with the differences in words: "TJP-16111 · Preço", 0,54 € → 0,59 €', async () => {
    jest.mocked(getViewer).mockResolvedValue(editor);
    const created = await saveProductAction(newProduct('TJP-16111'));
    if (!created.ok) throw new Error(JSON.stringify(created.error));
    const loaded = (await getAdminProduct(created.data.id))!.form;

    // The admin changes a price and saves first.
    jest.mocked(getViewer).mockResolvedValue(admin);
    const first = structuredClone(loaded);
    first.models[0]!.price = '0,59';
    expect(await saveProductAction(first)).toMatchObject({ ok: true });

    // The editor, on the version loaded before, changes the name.
    jest.mocked(getViewer).mockResolvedValue(editor);
    const second = await saveProductAction({ ...structuredClone(loaded), name: 'Tubo multicamada PEX-AL-PEX' });
    expect(second.ok).toBe(false);
    if (second.ok) return;
    expect(isStaleData(second.error.data)).toBe(true);
    const differences = (second.error.data as StaleData).differences!.map((d) => ({ ...d, before: plain(d.before), after: plain(d.after) }));
    expect(differences).toEqual([
      { label: 'Nome', before: 'Tubo multicamada PEX-AL-PEX', after: 'Tubo multicamada PEX/AL/PEX' },
      { label: 'TJP-16111-16 · Preço', before: '0,54 €', after: '0,59 €' },
    ]);
  });

  it('shows the product history in words: models by code and field, families by name, no JSON', async () => {
    jest.mocked(getViewer).mockResolvedValue(editor);
    const created = await saveProductAction(newProduct('HIST-1'));
    if (!created.ok) throw new Error(JSON.stringify(created.error));
    const form = (await getAdminProduct(created.data.id))!.form;
    form.models[1]!.price = '0,95';
    form.models[1]!.stock_status = 'on_order';
    form.family_id = other.id;
    expect(await saveProductAction(form)).toMatchObject({ ok: true });

    const [latest] = await describeAuditEntries(await listAudit('product', created.data.id));
    expect(latest).toMatchObject({ action: 'Alterado', actor: 'Rui Editor', showRows: true });
    expect(latest!.rows.map((r) => ({ ...r, before: plain(r.before), after: plain(r.after) }))).toEqual([
      { label: 'Família', before: `${family.code} · ${family.title}`, after: `${other.code} · ${other.title}` },
      { label: 'HIST-1-20 · Preço', before: '0,81 €', after: '0,95 €' },
      { label: 'HIST-1-20 · Stock', before: 'Em stock', after: 'Por encomenda' },
    ]);

    // The component the product page renders says the same, and never shows JSON.
    const html = renderToStaticMarkup(AuditHistory({ entries: await listAuditInWords('product', created.data.id) }));
    expect(html).toContain('HIST-1-20 · Preço');
    expect(html).toContain('Por encomenda');
    expect(html).not.toMatch(/[[{]&quot;|\["|in_stock|family_id/);
  });

  it('labels the change log\'s fields in Portuguese, with the values in words', async () => {
    const { items } = await listCatalogueChanges({ codigo: 'HIST-1' });
    const lines = await describeCatalogueChanges(items);
    const price = lines.find((l) => l.kind === 'price')!;
    expect(price.words.field).toBe('Preço');
    expect(plain(`${price.words.before} → ${price.words.after}`)).toBe('0,81 € → 0,95 €');
    const moved = lines.find((l) => l.field === 'family')!;
    expect(moved.words).toMatchObject({ field: 'Família', before: `${family.code} · ${family.title}`, after: `${other.code} · ${other.title}` });
    for (const line of lines) if (line.words.field) expect(line.words.field).not.toMatch(/^[a-z_]+$/);
  });
});

describe('an order history', () => {
  it('names the customer and says states and the payment method by their labels', async () => {
    const db = await getDb();
    await db.insert(users).values({ id: 'oOCF-7d1e', name: 'Marta Sousa', email: 'marta@example.pt', fullName: 'Marta Sousa' });
    const address = JSON.stringify({ name: 'Marta Sousa', line1: 'Rua 1', postal_code: '4400-000', locality: 'Gaia', country: 'PT' });
    const order = await db.execute<{ id: number }>(sql`
      INSERT INTO orders (number, user_id, customer_name, customer_email, status, delivery_method, delivery_address, billing_address, payment_method, payment_data, goods_net_cents, tax_cents, shipping_cents, total_cents)
      VALUES ('EN-2026-777777', 'oOCF-7d1e', 'Marta Sousa', 'marta@example.pt', 'completed', 'pickup', ${address}::jsonb, ${address}::jsonb, 'bank_transfer', '{}'::jsonb, 1000, 230, 0, 1230)
      RETURNING id`);
    const orderId = order.rows[0]!.id;
    await db.execute(sql`
      INSERT INTO order_events (order_id, from_status, to_status, actor, note) VALUES
        (${orderId}, NULL, 'pending_payment', 'user:oOCF-7d1e', 'payment:bank_transfer'),
        (${orderId}, 'ready_for_pickup', 'completed', 'staff:Editora Demo', NULL)`);
    await recordAudit(db, { actor: editor, entity: 'order', entityId: orderId, action: 'update', summary: 'Estado: ready_for_pickup → completed', before: { status: 'ready_for_pickup' }, after: { status: 'completed' } });

    const events = await describeOrderEvents((await getStaffOrder(orderId)).events);
    expect(events.map((e) => e.words)).toEqual([
      { change: 'A aguardar pagamento', actor: 'Marta Sousa', note: 'Pagamento: Transferência bancária' },
      { change: 'Pronta para levantamento → Concluída', actor: 'Editora Demo', note: null },
    ]);
    const [audit] = await describeAuditEntries(await listAudit('order', orderId), { status: 'Estado' });
    expect(audit).toMatchObject({ summary: 'Estado: Pronta para levantamento → Concluída', rows: [{ label: 'Estado', before: 'Pronta para levantamento', after: 'Concluída' }] });
  });
});
