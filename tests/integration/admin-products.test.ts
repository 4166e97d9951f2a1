/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { and, eq, sql } from 'drizzle-orm';
import { accessDecision, requirementFor } from '@/lib/auth/permissions';
import { toViewer, type Viewer } from '@/lib/auth/viewer';
import { resetEnvCache } from '@/lib/env';
import { isStaleData } from '@/lib/admin/stale';
import type { AdminProductFormValues } from '@/lib/validation/admin-product';
import { emptyModel } from '@/lib/validation/admin-product';
import { listAudit } from '@/server/admin/audit';
import { bulkProductsAction, deleteProductAction, saveProductAction, uploadProductImageAction } from '@/server/admin/product-actions';
import { getAdminProduct, getProductFormOptions, listAdminProducts, parseAdminProductQuery } from '@/server/admin/products';
import { getViewer } from '@/server/auth/session';
import { lastInvalidated } from '@/server/cache/invalidate';
import { getListing } from '@/server/catalogue/listing';
import { getProductDetail } from '@/server/catalogue/queries';
import { getDb } from '@/server/db/client';
import { catalogueChanges, inventoryProducts, modelAttributes, products } from '@/server/db/schema';
import { importCatalogueFile } from '@/server/import';
import { searchProducts } from '@/server/search';
import { setupTestDatabase } from '../helpers/db';

/**
 * Issue 13, admin products: the server actions of /admin/products (permission, create with models,
 * stale-version refusal, audit, change log, invalidation, delete rules, bad input) on a real
 * database (PGlite, or PostgreSQL with DATABASE_URL). Catalogue: tests/fixtures/catalogue-small.csv.
 */
jest.mock('@/server/auth/session', () => ({ getViewer: jest.fn() }));
jest.mock('next/headers', () => ({
  headers: async () => new Headers({ host: 'localhost:3000' }),
}));

setupTestDatabase();

const env = process.env as Record<string, string | undefined>;
let tmp: string;

const admin = toViewer({ id: 'adm_1', email: 'admin@loja.example.pt', name: 'Ana Admin', isAdmin: true }, 'admin');
const editor = toViewer({ id: 'edt_1', email: 'editor@loja.example.pt', name: 'Rui Editor' }, 'editor');
const reader = toViewer({ id: 'vwr_1', email: 'leitor@loja.example.pt', name: 'Leo Leitor' }, 'viewer');
const as = (viewer: Viewer | null) => jest.mocked(getViewer).mockResolvedValue(viewer);

let chapterCode = '';
let familyId = '';
let familyCode = '';
let otherFamilyId = '';
let brandId = '';

function newProduct(code: string, name: string): AdminProductFormValues {
  return {
    id: null,
    version: 0,
    product_code: code,
    name,
    seo_name: `${name} | Loja`,
    seo_description: 'Descrição para os motores de pesquisa.',
    description: 'Uma descrição do produto.',
    chapter_code: chapterCode,
    family_id: familyId,
    brand_id: brandId,
    informacao_adicional: 'Garantia de 2 anos.',
    informacao_tecnica: 'Pressão máxima 10 bar.',
    notes: 'Nota interna.',
    active: true,
    images: [],
    models: [
      { ...emptyModel(), code: `${code}-A`, name: `${name} 16 mm`, size: '16 mm', price: '12,3456', discount_group: 'A1', supplier: 'Fornecedor X', small_package: '10', medium_package: '10/50', ean: '5601234567892', attributes: 'Diâmetro = 16 mm\nPressão máxima = 0,5 m\nMaterial = Latão cromado' },
      { ...emptyModel(), code: `${code}-B`, name: `${name} 20 mm`, size: '20 mm', price: '15.5', stock_status: 'on_order', attributes: 'Diâmetro = 20 mm' },
    ],
  };
}

async function create(form: AdminProductFormValues) {
  const result = await saveProductAction(form);
  if (!result.ok) throw new Error(`create failed: ${JSON.stringify(result.error)}`);
  return result.data;
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-admin-products-'));
  env.DATA_DIR = tmp;
  resetEnvCache();
  const db = await getDb();
  const result = await importCatalogueFile(db, path.join(process.cwd(), 'tests/fixtures/catalogue-small.csv'));
  expect(result.ok).toBe(true);
  const options = await getProductFormOptions();
  const family = options.families.find((f) => f.code === '40-010')!;
  const other = options.families.find((f) => f.code === '40-020')!;
  chapterCode = String(family.chapterCode);
  familyId = String(family.id);
  familyCode = family.code;
  otherFamilyId = String(other.id);
  brandId = String(options.brands[0]!.id);
});

afterAll(() => {
  delete env.DATA_DIR;
  resetEnvCache();
  fs.rmSync(tmp, { recursive: true, force: true });
});

beforeEach(() => as(editor));

describe('permissions (spec 6: manage_products)', () => {
  it('refuses a viewer every write, and a signed-out user', async () => {
    as(reader);
    const forbidden = { ok: false, error: { code: 'forbidden', message: 'Errors.forbidden' } };
    expect(await saveProductAction(newProduct('PERM-1', 'Torneira proibida'))).toEqual(forbidden);
    expect(await deleteProductAction({ id: 1 })).toEqual(forbidden);
    expect(await bulkProductsAction({ action: 'deactivate', ids: [1], family_id: null, brand_id: null })).toEqual(forbidden);
    const data = new FormData();
    data.set('image', new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' }));
    expect(await uploadProductImageAction(data)).toEqual(forbidden);
    as(null);
    expect(await saveProductAction(newProduct('PERM-1', 'Torneira'))).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    const db = await getDb();
    expect(await db.select().from(products).where(eq(products.productCode, 'PERM-1'))).toHaveLength(0);
  });

  it('gates the three pages: Access Denied for a viewer, open to an editor and an admin', () => {
    for (const page of ['/admin/products', '/admin/products/new', '/admin/products/edit/12']) {
      const requirement = requirementFor(page);
      expect(requirement).toEqual({ kind: 'permission', permission: 'manage_products' });
      expect(accessDecision({ user: reader, requirement })).toBe('denied');
      expect(accessDecision({ user: editor, requirement })).toBe('allow');
      expect(accessDecision({ user: admin, requirement })).toBe('allow');
      expect(accessDecision({ user: null, requirement })).toBe('login');
    }
  });

  it('lets an editor and an admin write', async () => {
    as(editor);
    const byEditor = await create(newProduct('PERM-E', 'Produto do editor'));
    as(admin);
    const byAdmin = await create(newProduct('PERM-A', 'Produto do administrador'));
    expect(byEditor.created && byAdmin.created).toBe(true);
    expect(await deleteProductAction({ id: byAdmin.id })).toMatchObject({ ok: true, data: { outcome: 'deleted' } });
    as(editor);
    expect(await bulkProductsAction({ action: 'deactivate', ids: [byEditor.id], family_id: null, brand_id: null })).toMatchObject({ ok: true, data: { changed: 1 } });
  });
});

describe('create with two models', () => {
  it('writes the product, its models and normalised attributes, the audit entry and the change log', async () => {
    const saved = await create(newProduct('ADM-100', 'Torneira de segurança'));
    expect(saved).toMatchObject({ created: true, version: 1, message: 'Admin.Products.created' });
    const db = await getDb();
    const [p] = await db.select().from(products).where(eq(products.id, saved.id));
    expect(p).toMatchObject({ productCode: 'ADM-100', name: 'Torneira de segurança', modelCount: 2, minPrice: '12.3456', maxPrice: '15.5000', active: true, version: 1 });
    const models = await db.select().from(inventoryProducts).where(eq(inventoryProducts.productId, saved.id)).orderBy(inventoryProducts.code);
    expect(models.map((m) => [m.code, m.price, m.smallPackage, m.mediumPackage, m.stockStatus, m.supplier])).toEqual([
      ['ADM-100-A', '12.3456', '10', '10/50', 'in_stock', 'Fornecedor X'],
      ['ADM-100-B', '15.5000', null, null, 'on_order', null],
    ]);
    const attributes = await db.select().from(modelAttributes).where(eq(modelAttributes.modelId, models[0]!.id)).orderBy(modelAttributes.position);
    expect(attributes.map((a) => [a.name, a.value, a.unit, a.numericValue === null ? null : Number(a.numericValue)])).toEqual([
      ['Diâmetro', '16', 'mm', 16],
      ['Pressão máxima', '0,5', 'm', 500],
      ['Material', 'Latão cromado', null, null],
    ]);
    const audit = await listAudit('product', saved.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', actor: 'Rui Editor' });
    expect(audit[0]!.changes.find((c) => c.field === 'name')).toMatchObject({ before: null, after: 'Torneira de segurança' });
    const changes = await db.select().from(catalogueChanges).where(eq(catalogueChanges.productId, saved.id));
    expect(changes.map((c) => [c.kind, c.modelCode, c.source]).sort()).toEqual(
      [
        ['new', null, 'admin'],
        ['new', 'ADM-100-A', 'admin'],
        ['new', 'ADM-100-B', 'admin'],
      ].sort(),
    );
  });

  it('refuses a product code that exists, and a model code of another product, with field errors', async () => {
    const again = await saveProductAction(newProduct('ADM-100', 'Outro'));
    expect(again).toMatchObject({ ok: false, error: { code: 'bad_request', fieldErrors: { product_code: ['Admin.Products.errors.productCodeTaken'] } } });
    const form = newProduct('ADM-101', 'Outro');
    form.models[1]!.code = 'HDT-16200';
    expect(await saveProductAction(form)).toMatchObject({ ok: false, error: { fieldErrors: { 'models.1.code': ['Admin.Products.errors.modelCodeTaken'] } } });
  });
});

describe('edits', () => {
  it('refuses a save over a newer version, with the current data, and writes nothing', async () => {
    const saved = await create(newProduct('ADM-200', 'Válvula de corte'));
    const loaded = (await getAdminProduct(saved.id))!.form;
    // Someone else saves first.
    const first = await saveProductAction({ ...loaded, name: 'Válvula de corte rápida' });
    expect(first).toMatchObject({ ok: true, data: { version: 2 } });
    // This user saves the version they loaded.
    const second = await saveProductAction({ ...loaded, description: 'A minha descrição' });
    expect(second.ok).toBe(false);
    if (second.ok) return;
    expect(second.error).toMatchObject({ code: 'conflict', message: 'Admin.stale' });
    expect(isStaleData(second.error.data)).toBe(true);
    const stale = second.error.data as { version: number; current: Record<string, unknown> };
    expect(stale.version).toBe(2);
    expect(stale.current).toMatchObject({ name: 'Válvula de corte rápida', description: 'Uma descrição do produto.' });
    const db = await getDb();
    const [p] = await db.select({ description: products.description, version: products.version }).from(products).where(eq(products.id, saved.id));
    expect(p).toEqual({ description: 'Uma descrição do produto.', version: 2 });
    // With the new version the save goes through.
    expect(await saveProductAction({ ...loaded, version: stale.version, description: 'A minha descrição' })).toMatchObject({ ok: true, data: { version: 3 } });
  });

  it('records the fields before and after, and a price change in the change log', async () => {
    const saved = await create(newProduct('ADM-300', 'Misturadora de cozinha'));
    const form = (await getAdminProduct(saved.id))!.form;
    form.name = 'Misturadora de cozinha com bica extraível';
    form.models[0]!.price = '13,99';
    form.models[1]!.status = 'inactive';
    const result = await saveProductAction(form);
    expect(result).toMatchObject({ ok: true, data: { message: 'Admin.Products.saved' } });
    const audit = await listAudit('product', saved.id);
    expect(audit[0]!.action).toBe('update');
    expect(audit[0]!.changes.find((c) => c.field === 'name')).toEqual({ field: 'name', before: 'Misturadora de cozinha', after: 'Misturadora de cozinha com bica extraível' });
    expect(audit[0]!.changes.find((c) => c.field === 'models')).toBeDefined();
    const db = await getDb();
    const rows = await db.select().from(catalogueChanges).where(and(eq(catalogueChanges.productId, saved.id), sql`${catalogueChanges.kind} <> 'new'`));
    expect(rows.find((r) => r.kind === 'price')).toMatchObject({ modelCode: 'ADM-300-A', field: 'price', before: '12.3456', after: '13.99', actorName: 'Rui Editor' });
    expect(rows.find((r) => r.kind === 'removed')).toMatchObject({ modelCode: 'ADM-300-B' });
    expect(rows.find((r) => r.kind === 'text' && r.field === 'name')).toMatchObject({ before: 'Misturadora de cozinha', after: 'Misturadora de cozinha com bica extraível' });
  });

  it('shows a new name at once on the product page, the family listing, the search and the admin list', async () => {
    const saved = await create(newProduct('ADM-400', 'Esquentador estanque'));
    // Read everything once (the search vocabulary and index are built and kept).
    expect((await searchProducts({ q: 'esquentador', limit: 20, offset: 0, sort: 'relevance', order: 'desc' })).items.map((p) => p.productCode)).toContain('ADM-400');
    const before = Date.now();
    const form = (await getAdminProduct(saved.id))!.form;
    expect(await saveProductAction({ ...form, name: 'Caldeira mural de condensação' })).toMatchObject({ ok: true });
    expect(lastInvalidated(['product:ADM-400', `family:${familyCode}`, 'search', 'catalogue'])).toBeGreaterThanOrEqual(before);
    expect((await getProductDetail('ADM-400'))?.name).toBe('Caldeira mural de condensação');
    const listing = await getListing({ search: null, chapter: chapterCode, family: familyCode, attrs: {}, sort: 'name', order: 'asc', limit: 100, offset: 0 });
    expect(listing.page.items.find((p) => p.productCode === 'ADM-400')?.name).toBe('Caldeira mural de condensação');
    const found = await searchProducts({ q: 'caldeira condensação', limit: 20, offset: 0, sort: 'relevance', order: 'desc' });
    expect(found.items[0]?.productCode).toBe('ADM-400');
    const viaListing = await getListing({ search: 'caldeira', attrs: {}, sort: 'relevance', order: 'desc', limit: 20, offset: 0 });
    expect(viaListing.page.items.map((p) => p.productCode)).toContain('ADM-400');
    const admin = await listAdminProducts(parseAdminProductQuery({ q: 'caldeira' }));
    expect(admin.rows.map((r) => r.name)).toContain('Caldeira mural de condensação');
  });

  it('finds inactive products in the admin list by name and code, and filters them', async () => {
    const saved = await create({ ...newProduct('ADM-500', 'Radiador toalheiro'), active: false });
    expect((await searchProducts({ q: 'toalheiro', limit: 20, offset: 0, sort: 'relevance', order: 'desc' })).total).toBe(0);
    expect((await listAdminProducts(parseAdminProductQuery({ q: 'toalheiro' }))).rows.map((r) => r.id)).toEqual([saved.id]);
    expect((await listAdminProducts(parseAdminProductQuery({ q: 'ADM-500-B' }))).rows.map((r) => r.id)).toEqual([saved.id]);
    const inactive = await listAdminProducts(parseAdminProductQuery({ estado: 'inactive' }));
    expect(inactive.rows.every((r) => !r.active)).toBe(true);
    expect(inactive.rows.map((r) => r.id)).toContain(saved.id);
    const noImage = await listAdminProducts(parseAdminProductQuery({ sem_imagem: '1', familia: familyId }));
    expect(noImage.rows.map((r) => r.id)).toContain(saved.id);
    const byCode = await listAdminProducts(parseAdminProductQuery({ ordenar: 'code', ordem: 'desc' }));
    const codes = byCode.rows.map((r) => r.productCode);
    expect(codes).toEqual([...codes].sort().reverse());
  });
});

describe('bulk actions', () => {
  it('moves products to another family and sets their brand, with audit and change log', async () => {
    const a = await create(newProduct('ADM-600', 'Tubo PEX A'));
    const b = await create(newProduct('ADM-601', 'Tubo PEX B'));
    const moved = await bulkProductsAction({ action: 'move_family', ids: [a.id, b.id], family_id: otherFamilyId, brand_id: null });
    expect(moved).toMatchObject({ ok: true, data: { changed: 2 } });
    const db = await getDb();
    const rows = await db.select({ familyId: products.familyId, version: products.version }).from(products).where(sql`${products.id} IN (${a.id}, ${b.id})`);
    expect(rows.every((r) => String(r.familyId) === otherFamilyId && r.version === 2)).toBe(true);
    expect(await bulkProductsAction({ action: 'set_brand', ids: [a.id], family_id: null, brand_id: null })).toMatchObject({ ok: true, data: { changed: 1 } });
    expect((await db.select({ brandId: products.brandId }).from(products).where(eq(products.id, a.id)))[0]?.brandId).toBeNull();
    expect((await listAudit('product', a.id))[0]).toMatchObject({ action: 'bulk' });
    expect(await bulkProductsAction({ action: 'move_family', ids: [a.id], family_id: null, brand_id: null })).toMatchObject({ ok: false, error: { fieldErrors: { family_id: ['Admin.Products.errors.familyRequired'] } } });
  });
});

describe('delete', () => {
  it('only deactivates a product named by an order line; deletes one that is not', async () => {
    const sold = await create(newProduct('ADM-700', 'Produto vendido'));
    const db = await getDb();
    const [model] = await db.select({ id: inventoryProducts.id }).from(inventoryProducts).where(eq(inventoryProducts.code, 'ADM-700-A'));
    const address = JSON.stringify({ name: 'Ana', line1: 'Rua 1', postal_code: '4400-000', locality: 'Gaia', country: 'PT' });
    const order = await db.execute<{ id: number }>(sql`
      INSERT INTO orders (number, customer_name, customer_email, status, delivery_method, delivery_address, billing_address, payment_method, payment_data, goods_net_cents, tax_cents, shipping_cents, total_cents)
      VALUES ('EN-2026-999999', 'Ana', 'ana@example.pt', 'confirmed', 'delivery', ${address}::jsonb, ${address}::jsonb, 'bank_transfer', '{}'::jsonb, 1234, 284, 0, 1518)
      RETURNING id`);
    await db.execute(sql`
      INSERT INTO order_lines (order_id, position, model_id, model_code, product_code, product_name, model_name, package_type, items_per_package, packages, units, base_unit_price, discount_percentage, unit_price, tax_rate, line_net_cents, line_tax_cents, line_total_cents)
      VALUES (${order.rows[0]!.id}, 1, ${model!.id}, 'ADM-700-A', 'ADM-700', 'Produto vendido', 'Produto vendido 16 mm', 'small', 10, 1, 10, 12.3456, 0, 12.3456, 23, 1234, 284, 1518)`);
    const result = await deleteProductAction({ id: sold.id });
    expect(result).toMatchObject({ ok: true, data: { outcome: 'deactivated', message: 'Admin.Products.deactivatedInstead' } });
    const [p] = await db.select({ active: products.active }).from(products).where(eq(products.id, sold.id));
    expect(p).toEqual({ active: false });
    expect((await listAudit('product', sold.id))[0]).toMatchObject({ action: 'deactivate' });
    expect(await getProductDetail('ADM-700')).toBeNull();

    const free = await create(newProduct('ADM-701', 'Produto sem vendas'));
    expect(await deleteProductAction({ id: free.id })).toMatchObject({ ok: true, data: { outcome: 'deleted' } });
    expect(await db.select().from(products).where(eq(products.id, free.id))).toHaveLength(0);
    expect((await listAudit('product', free.id))[0]).toMatchObject({ action: 'delete' });
    const removed = await db.select().from(catalogueChanges).where(and(eq(catalogueChanges.productCode, 'ADM-701'), eq(catalogueChanges.kind, 'removed')));
    expect(removed).toHaveLength(1);
    expect(await deleteProductAction({ id: free.id })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});

describe('bad input', () => {
  it('answers field errors, never a 500', async () => {
    const form = newProduct('', '');
    form.chapter_code = '';
    form.models = [
      { ...emptyModel(), code: 'X 1', price: 'abc', ean: '5601234567890', small_package: '10x', attributes: 'sem igual' },
      { ...emptyModel(), code: 'X-2', price: '1,23456' },
      { ...emptyModel(), code: 'X-2', price: '-1' },
    ];
    const result = await saveProductAction(form);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('bad_request');
    expect(result.error.fieldErrors).toMatchObject({
      product_code: ['Admin.Products.errors.required'],
      name: ['Admin.Products.errors.required'],
      chapter_code: ['Admin.Products.errors.required'],
    });
    expect(result.error.fieldErrors?.models).toEqual(
      expect.arrayContaining([
        'Admin.Products.errors.codeFormat',
        'Admin.Products.errors.priceFormat',
        'Admin.Products.errors.eanCheckDigit',
        'Admin.Products.errors.packageFormat',
        'Admin.Products.errors.attributeFormat',
        'Admin.Products.errors.priceDecimals',
        'Admin.Products.errors.priceNegative',
      ]),
    );
    // Two rows with one code (checked once every row is valid on its own).
    const twice = newProduct('Z-0', 'Z');
    twice.models[1]!.code = twice.models[0]!.code.toLowerCase();
    expect(await saveProductAction(twice)).toMatchObject({ ok: false, error: { fieldErrors: { models: ['Admin.Products.errors.modelCodeRepeated'] } } });
    // Nonsense of every kind.
    for (const input of [null, 'texto', 42, { models: 'x' }, { ...newProduct('Z-1', 'Z'), family_id: '99999999999' }, { ...newProduct('Z-2', 'Z'), images: [{ url: 'javascript:alert(1)', alt: '', main: true }] }]) {
      const answer = await saveProductAction(input as never);
      expect(answer).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    }
    // A family of another chapter.
    const wrong = { ...newProduct('Z-3', 'Z'), chapter_code: '10' };
    expect(await saveProductAction(wrong)).toMatchObject({ ok: false, error: { fieldErrors: { family_id: ['Admin.Products.errors.familyNotInChapter'] } } });
    expect(await deleteProductAction({ id: 'abc' } as never)).toMatchObject({ ok: false, error: { code: 'bad_request' } });
  });

  it('stores an uploaded image as WebP and refuses what is not an image', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 10, g: 120, b: 200 } } }).png().toBuffer();
    const data = new FormData();
    data.set('image', new File([new Uint8Array(png)], 'foto.png', { type: 'image/png' }));
    const stored = await uploadProductImageAction(data);
    expect(stored).toMatchObject({ ok: true, data: { width: 300, height: 200 } });
    if (!stored.ok) return;
    expect(stored.data.url).toMatch(/^\/media\/uploads\/images\/\d{4}\/[a-f0-9]{24}\.webp$/);
    const bad = new FormData();
    bad.set('image', new File([new TextEncoder().encode('<html>não</html>')], 'foto.png', { type: 'image/png' }));
    expect(await uploadProductImageAction(bad)).toMatchObject({ ok: false, error: { code: 'unsupported_media_type', fieldErrors: { image: ['Admin.uploadWrongKind'] }, values: { found: 'text' } } });

    // Saved as the main image with its alt text, and a second image after it.
    const form = newProduct('ADM-800', 'Base de duche');
    form.images = [
      { url: stored.data.url, alt: 'Base de duche branca', main: true },
      { url: '/media/products/outra.svg', alt: 'Vista lateral', main: false },
    ];
    const saved = await create(form);
    const record = (await getAdminProduct(saved.id))!;
    expect(record.form.images).toEqual(form.images);
    const detail = await getProductDetail('ADM-800');
    expect(detail?.images).toEqual([stored.data.url, '/media/products/outra.svg']);
    expect(detail?.imageAlts).toEqual(['Base de duche branca', 'Vista lateral']);
    const noImage = await listAdminProducts(parseAdminProductQuery({ sem_imagem: '1', q: 'ADM-800' }));
    expect(noImage.total).toBe(0);
  });
});
