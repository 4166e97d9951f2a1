/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { GET as searchGet } from '@/app/api/products/search/route';
import { GET as partnersGet } from '@/app/api/partner-logos/route';
import { GET as documentGet } from '@/app/documentos/[kind]/[file]/route';
import { toViewer } from '@/lib/auth/viewer';
import { lastInvalidated } from '@/server/cache/invalidate';
import { cacheTags } from '@/server/cache/tags';
import { getViewer } from '@/server/auth/session';
import { mergeBrandsAction, saveBrandAction, uploadBrandLogoAction } from '@/server/brands/actions';
import { uploadCampaignImageAction } from '@/server/campaigns/actions';
import { resetEnvCache } from '@/lib/env';
import { getAdminBrand, listAdminBrands } from '@/server/brands/admin';
import { redirectMovedBrand } from '@/server/catalogue/brand-redirects';
import { findBrand, getCatalogueReference, movedBrandSlug } from '@/server/catalogue/resolve';
import { getDb } from '@/server/db/client';
import { auditLog, brands, brandSlugRedirects, partnerLogos, products } from '@/server/db/schema';
import { importCatalogueFile } from '@/server/import';
import { call } from '../helpers/api';
import { setupTestDatabase } from '../helpers/db';

/**
 * Issue 13, brands: editing (name, slug, logo, site, partner strip), the stale refusal, the audit
 * entries, merging a brand into another (its products move, its slug redirects permanently on the
 * listing pages and still resolves in the product APIs) and the permissions (`manage_products`).
 */
jest.mock('@/server/auth/session', () => ({ getViewer: jest.fn() }));
jest.mock('next/headers', () => ({
  headers: async () => new Headers({ host: 'localhost' }),
  cookies: async () => ({ get: () => undefined, getAll: () => [], set: () => undefined, delete: () => undefined }),
}));

setupTestDatabase();

const editor = toViewer({ id: 'brandEditor01', email: 'editor.marcas@example.pt', fullName: 'Eva Editora', role: 'editor' }, 'editor');
const viewerUser = toViewer({ id: 'brandViewer01', email: 'leitor.marcas@example.pt', fullName: 'Leo Leitor', role: 'viewer' }, 'viewer');
const as = (v: typeof editor | null) => jest.mocked(getViewer).mockResolvedValue(v);

async function brandBySlug(slug: string) {
  const [row] = await (await getDb()).select().from(brands).where(eq(brands.slug, slug));
  return row!;
}

beforeAll(async () => {
  const imported = await importCatalogueFile(await getDb(), path.join(__dirname, '..', 'fixtures', 'catalogue-small.csv'));
  expect(imported.ok).toBe(true);
}, 120_000);

beforeEach(() => as(editor));

const env = process.env as Record<string, string | undefined>;
let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-admin-brands-'));
  env.DATA_DIR = tmp;
  resetEnvCache();
});
afterAll(() => {
  delete env.DATA_DIR;
  resetEnvCache();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('uploads of the brand and campaign forms', () => {
  const png = () => sharp({ create: { width: 300, height: 100, channels: 4, background: { r: 0, g: 90, b: 160, alpha: 0.5 } } }).png().toBuffer();
  const form = (bytes: BlobPart, name: string) => {
    const data = new FormData();
    data.set('file', new File([bytes], name, { type: 'image/png' }));
    return data;
  };

  it('stores a logo (manage_products) and a campaign image (manage_campaigns) as uploads; refuses a viewer and a file that is not an image', async () => {
    const logo = await uploadBrandLogoAction(form(await png(), 'logo.png'));
    expect(logo).toMatchObject({ ok: true, data: { url: expect.stringMatching(/^\/media\/uploads\/logos\/\d{4}\/[\w-]+\.png$/) } });
    const image = await uploadCampaignImageAction(form(await png(), 'banner.png'));
    expect(image).toMatchObject({ ok: true, data: { url: expect.stringMatching(/^\/media\/uploads\/images\/\d{4}\/[\w-]+\.webp$/) } });
    expect(await uploadCampaignImageAction(form('%PDF-1.4 not an image', 'x.png'))).toMatchObject({ ok: false, error: { code: 'unsupported_media_type' } });
    as(viewerUser);
    expect(await uploadBrandLogoAction(form(await png(), 'logo.png'))).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await uploadCampaignImageAction(form(await png(), 'banner.png'))).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });
});

describe('permissions', () => {
  it('refuses a visitor and a viewer (manage_products)', async () => {
    const hidrotec = await brandBySlug('hidrotec');
    as(null);
    expect(await saveBrandAction({ id: hidrotec.id, name: 'X' })).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    as(viewerUser);
    expect(await saveBrandAction({ id: hidrotec.id, name: 'X' })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await mergeBrandsAction({ source_id: hidrotec.id, target_id: hidrotec.id + 1 })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect((await brandBySlug('hidrotec')).name).toBe('Hidrotec');
  });
});

describe('editing a brand', () => {
  it('lists brands with their product counts', async () => {
    const { items } = await listAdminBrands({ search: 'hidro', limit: 10, offset: 0 });
    expect(items).toEqual([expect.objectContaining({ slug: 'hidrotec', productCount: expect.any(Number) })]);
    expect(items[0]!.productCount).toBeGreaterThan(0);
  });

  it('saves the fields, joins the partner strip, records the audit entry and invalidates the brand', async () => {
    const brand = await brandBySlug('valgaia');
    const before = Date.now();
    const saved = await saveBrandAction({ id: brand.id, version: brand.version, name: 'Valgaia', slug: 'valgaia', logo: '', official_site: 'https://www.valgaia.example', partner: true, partner_order: 3 });
    expect(saved).toMatchObject({ ok: true, data: { id: brand.id, version: brand.version + 1 } });
    const db = await getDb();
    const strip = await db.select().from(partnerLogos).where(eq(partnerLogos.brandId, brand.id));
    expect(strip).toEqual([expect.objectContaining({ name: 'Valgaia', active: true, sortOrder: 3, url: '/media/brands/valgaia.svg', extension: 'svg' })]);
    const api = await call<{ data: { logos: { name: string }[] } }>(partnersGet, 'GET', '/api/partner-logos');
    expect(JSON.stringify(api.body)).toContain('Valgaia');
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.entity, 'brand'), eq(auditLog.entityId, String(brand.id)), eq(auditLog.action, 'update')));
    expect(entry).toMatchObject({ actorEmail: 'editor.marcas@example.pt', before: { official_site: '', partner: false }, after: { official_site: 'https://www.valgaia.example', partner: true, partner_order: 3 } });
    expect(lastInvalidated([cacheTags.brand(brand.id), cacheTags.brands])).toBeGreaterThanOrEqual(before);

    // Leaving the strip switches the row off.
    await saveBrandAction({ id: brand.id, name: 'Valgaia', official_site: 'https://www.valgaia.example', partner: false });
    expect((await db.select().from(partnerLogos).where(eq(partnerLogos.brandId, brand.id)))[0]?.active).toBe(false);
  });

  it('refuses bad input with field keys, never a 500', async () => {
    const brand = await brandBySlug('valgaia');
    const bad = await saveBrandAction({ id: brand.id, name: '', official_site: 'ftp://x', slug: 'Com espaços', partner_order: -1 });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(Object.keys(bad.error.fieldErrors ?? {}).sort()).toEqual(['name', 'official_site', 'partner_order', 'slug']);
    expect(bad.error.fieldErrors?.official_site).toEqual(['Admin.Brands.validation.siteInvalid']);
    const taken = await saveBrandAction({ id: brand.id, name: 'Hidrotec' });
    expect(taken).toMatchObject({ ok: false, error: { code: 'unprocessable', fieldErrors: { name: ['Admin.Brands.validation.nameTaken'] } } });
    expect(await saveBrandAction({ id: 999_999, name: 'Nada' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('refuses a save over a newer version with the current record', async () => {
    const brand = await brandBySlug('valgaia');
    const stale = await saveBrandAction({ id: brand.id, version: brand.version - 1, name: 'Valgaia Antiga' });
    expect(stale).toMatchObject({ ok: false, error: { code: 'conflict', message: 'Admin.stale', data: { stale: true, version: brand.version, current: { name: 'Valgaia', official_site: 'https://www.valgaia.example' } } } });
    expect((await brandBySlug('valgaia')).name).toBe('Valgaia');
  });

  it('creates a brand with a slug from its name', async () => {
    const made = await saveBrandAction({ name: 'Águas do Norte', official_site: 'http://aguas-norte.example.pt', partner: true, partner_order: 9 });
    expect(made).toMatchObject({ ok: true, data: { slug: 'aguas-do-norte', version: 1 } });
  });
});

describe('merging brands', () => {
  it('moves the products, deletes the source, redirects its slug and records the merge', async () => {
    const source = await brandBySlug('aguas-do-norte');
    const target = await brandBySlug('hidrotec');
    const db = await getDb();
    // Give the source a product so that something moves.
    const [product] = await db.select().from(products).where(eq(products.brandId, (await brandBySlug('valgaia')).id));
    await db.update(products).set({ brandId: source.id }).where(eq(products.id, product!.id));
    const targetCount = (await getAdminBrand(target.id))!.productCount;

    const before = Date.now();
    const merged = await mergeBrandsAction({ source_id: source.id, target_id: target.id });
    expect(merged).toMatchObject({ ok: true, data: { target: { id: target.id, slug: 'hidrotec' }, moved: 1 } });

    expect(await db.select().from(brands).where(eq(brands.id, source.id))).toHaveLength(0);
    expect((await db.select().from(products).where(eq(products.id, product!.id)))[0]?.brandId).toBe(target.id);
    expect((await getAdminBrand(target.id))!.productCount).toBe(targetCount + 1);
    expect(await db.select().from(brandSlugRedirects)).toEqual([expect.objectContaining({ oldSlug: 'aguas-do-norte', brandId: target.id })]);
    // The source was in the partner strip and the target was not: the target takes its place.
    expect(await db.select().from(partnerLogos).where(eq(partnerLogos.brandId, target.id))).toEqual([expect.objectContaining({ name: 'Hidrotec', sortOrder: 9, active: true })]);
    const entries = await db.select().from(auditLog).where(and(eq(auditLog.entity, 'brand'), eq(auditLog.action, 'merge')));
    expect(entries.map((e) => e.entityId).sort()).toEqual([String(source.id), String(target.id)].sort());
    for (const tag of [cacheTags.brand(source.id), cacheTags.brand(target.id), cacheTags.brands, cacheTags.catalogue, cacheTags.search]) {
      expect(lastInvalidated([tag])).toBeGreaterThanOrEqual(before);
    }
  });

  it("resolves the old slug to the target in the product APIs and redirects it permanently on the listing pages", async () => {
    const target = await brandBySlug('hidrotec');
    const ref = await getCatalogueReference();
    expect(findBrand(ref, 'aguas-do-norte')).toMatchObject({ id: target.id, slug: 'hidrotec' });
    expect(await movedBrandSlug('aguas-do-norte')).toBe('hidrotec');
    expect(await movedBrandSlug('hidrotec')).toBeNull();
    expect(await movedBrandSlug('nao-existe')).toBeNull();

    const api = await call<{ success: boolean; data: { brand_id: number }[] }>(searchGet, 'GET', '/api/products/search?q=multicamada&brand=aguas-do-norte&limit=50');
    expect(api.status).toBe(200);
    expect(api.body.data.length).toBeGreaterThan(0);
    expect(api.body.data.every((p) => p.brand_id === target.id)).toBe(true);

    let thrown: unknown;
    try {
      await redirectMovedBrand('/produtos', { brand: 'aguas-do-norte', page: 2 });
    } catch (err) {
      thrown = err;
    }
    const digest = String((thrown as { digest?: string })?.digest ?? '');
    expect(digest).toContain('NEXT_REDIRECT');
    expect(digest).toContain('/produtos?brand=hidrotec&page=2');
    expect(digest).toContain('308');
    // The brand's factory catalogue PDF follows too.
    const pdf = await call(documentGet, 'GET', '/documentos/fabrica/aguas-do-norte.pdf', { params: { kind: 'fabrica', file: 'aguas-do-norte.pdf' } });
    expect(pdf.status).toBe(308);
    expect(pdf.headers.get('location')).toBe('/documentos/fabrica/hidrotec.pdf');
    expect((await call(documentGet, 'GET', '/documentos/fabrica/nao-existe.pdf', { params: { kind: 'fabrica', file: 'nao-existe.pdf' } })).status).toBe(404);
    // A current slug is left alone.
    await expect(redirectMovedBrand('/produtos', { brand: 'hidrotec' })).resolves.toBeUndefined();
  });

  it('refuses merging a brand into itself or into an unknown brand', async () => {
    const target = await brandBySlug('hidrotec');
    expect(await mergeBrandsAction({ source_id: target.id, target_id: target.id })).toMatchObject({ ok: false, error: { code: 'bad_request', fieldErrors: { target_id: ['Admin.Brands.validation.mergeSame'] } } });
    expect(await mergeBrandsAction({ source_id: target.id, target_id: 999_999 })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await mergeBrandsAction({ source_id: 'x', target_id: target.id })).toMatchObject({ ok: false, error: { code: 'bad_request' } });
  });
});
