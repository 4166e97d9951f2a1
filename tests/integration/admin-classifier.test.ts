/** @jest-environment node */
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { POST as applyPost } from '@/app/api/admin/google-category-classifier/apply/route';
import { POST as assignPost } from '@/app/api/admin/google-category-classifier/assign/route';
import { DELETE as ruleDelete, PUT as rulePut } from '@/app/api/admin/google-category-classifier/rules/[id]/route';
import { GET as rulesGet, POST as rulesPost } from '@/app/api/admin/google-category-classifier/rules/route';
import { GET as feedGet } from '@/app/feeds/google-merchant.xml/route';
import { DEFAULT_GOOGLE_CATEGORY, googleCategory, searchGoogleCategories } from '@/lib/catalogue/google-taxonomy';
import { countProductsWithoutCategory, countProductsWithoutImage } from '@/server/admin/catalogue-counts';
import { listClassifiedProducts, listUnclassifiedFamilies, listUnclassifiedProducts, suggestCategory, type ClassifierRule } from '@/server/admin/classifier';
import { getDb } from '@/server/db/client';
import { auditLog, families, products } from '@/server/db/schema';
import { importCatalogueFile } from '@/server/import';
import { call, signedInAccount, type Session } from '../helpers/api';
import { setupTestDatabase } from '../helpers/db';

/**
 * Issue 13, Google category classifier: assigning categories to families (bulk) and products
 * (override), the Merchant feed using product → family → 5181, the keyword rules' suggestions
 * (accent-insensitive) and their CRUD, permissions, audit and the stale refusal.
 */
setupTestDatabase();

let editor: Session;
let viewer: Session;
const family: Record<string, number> = {};
const product: Record<string, number> = {};

interface Envelope<T> {
  success: boolean;
  data: T;
  message?: string;
  error?: { code: string; message: string; details?: Record<string, string[]> };
}

beforeAll(async () => {
  const db = await getDb();
  expect((await importCatalogueFile(db, path.join(process.cwd(), 'tests/fixtures/catalogue-small.csv'))).ok).toBe(true);
  for (const f of await db.select().from(families)) family[f.code] = f.id;
  for (const p of await db.select().from(products)) product[p.productCode] = p.id;
  editor = await signedInAccount({ email: 'editor.gc@example.pt', fullName: 'Eva Editora', role: 'editor', isAdmin: false, userType: 'particular' });
  viewer = await signedInAccount({ email: 'leitor.gc@example.pt', fullName: 'Luís Leitor', role: 'viewer', isAdmin: false, userType: 'particular' });
}, 120_000);

const assign = (body: unknown, session: Session | null = editor) => call<Envelope<{ changed: number }>>(assignPost, 'POST', '/api/admin/google-category-classifier/assign', { body, session });

/** productCode → the google_product_category of its feed item. */
async function feedCategories(): Promise<Record<string, string>> {
  const res = await call<string>(feedGet, 'GET', '/feeds/google-merchant.xml');
  expect(res.status).toBe(200);
  const out: Record<string, string> = {};
  for (const item of res.text.split('<item>').slice(1)) {
    const id = item.match(/<g:id>([^<]+)<\/g:id>/)?.[1];
    const category = item.match(/<g:google_product_category>([^<]+)<\/g:google_product_category>/)?.[1];
    if (id && category) out[id] = category;
  }
  return out;
}

describe('the shipped taxonomy', () => {
  it('holds real Google IDs with their paths, and 5181 (the spec default) is "Luggage & Bags"', () => {
    expect(googleCategory(2032)).toMatchObject({ pathEn: 'Hardware > Plumbing > Plumbing Fixtures > Faucets', path: 'Ferragens e bricolage > Canalização > Equipamento sanitário > Torneiras e misturadoras' });
    expect(googleCategory(2757)?.pathEn).toBe('Hardware > Plumbing > Plumbing Fixtures > Sinks > Kitchen & Utility Sinks');
    expect(googleCategory(1434)?.pathEn).toBe('Home & Garden > Flood, Fire & Gas Safety > Fire Extinguishers');
    expect(googleCategory(3017)?.pathEn).toBe('Home & Garden > Pool & Spa > Pool & Spa Accessories > Pool Cleaners & Chemicals');
    expect(googleCategory(DEFAULT_GOOGLE_CATEGORY)?.pathEn).toBe('Luggage & Bags');
    expect(searchGoogleCategories('torneiras').map((c) => c.id)).toContain(2032);
    expect(searchGoogleCategories('extintores incendio').map((c) => c.id)).toEqual([1434]);
  });
});

describe('assigning categories', () => {
  it('refuses a guest and a viewer, and an unknown category, changing nothing', async () => {
    expect((await assign({ kind: 'family', ids: [family['40-010']], categoryId: 2216 }, null)).status).toBe(401);
    expect((await assign({ kind: 'family', ids: [family['40-010']], categoryId: 2216 }, viewer)).status).toBe(403);
    const unknown = await assign({ kind: 'family', ids: [family['40-010']], categoryId: 99_999_999 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Escolha uma categoria da lista.');
    expect((await assign({ kind: 'family', ids: [], categoryId: 2216 })).status).toBe(400);
    expect((await assign({ kind: 'planet', ids: [1], categoryId: 2216 })).status).toBe(400);
    expect((await assign({ kind: 'family', ids: [999_999], categoryId: 2216 })).status).toBe(404);
    expect(Object.values(await feedCategories())).toEqual(['5181', '5181', '5181']);
    expect(await countProductsWithoutCategory()).toBe(3);
  });

  it('a family’s category is inherited by its products in the feed; the others keep 5181; audited', async () => {
    const res = await assign({ kind: 'family', ids: [family['40-010'], family['40-020']], categoryId: 2216 });
    expect(res.status).toBe(200);
    expect(res.body.data.changed).toBe(2);
    expect(res.body.message).toBe('Categoria atribuída a 2 registos.');
    expect(await feedCategories()).toEqual({ P100001: '2216', P100002: '2216', P100003: String(DEFAULT_GOOGLE_CATEGORY) });
    const [entry] = await (await getDb())
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'family'), eq(auditLog.entityId, String(family['40-010']))));
    expect(entry).toMatchObject({ action: 'update', actorEmail: 'editor.gc@example.pt', before: { googleCategory: null }, after: { googleCategory: 2216 } });
    expect(await countProductsWithoutCategory()).toBe(1);
    expect((await listUnclassifiedFamilies()).items.map((f) => f.code)).toEqual(['10-010']);
  });

  it('a product’s own category wins over its family’s, and clearing it brings the family’s back', async () => {
    const [before] = await (await getDb()).select({ version: products.version }).from(products).where(eq(products.id, product.P100002!));
    const override = await assign({ kind: 'product', ids: [product.P100002], categoryId: 2466 });
    expect(override.status).toBe(200);
    expect((await feedCategories()).P100002).toBe('2466');
    const [after] = await (await getDb()).select({ version: products.version }).from(products).where(eq(products.id, product.P100002!));
    expect(after!.version).toBe(before!.version + 1);
    // The family changes: the override still wins.
    await assign({ kind: 'family', ids: [family['40-020']], categoryId: 2359 });
    expect(await feedCategories()).toMatchObject({ P100001: '2216', P100002: '2466' });
    await assign({ kind: 'product', ids: [product.P100002], categoryId: null });
    expect((await feedCategories()).P100002).toBe('2359');
    // The classified list offers the inheriting products too (to set an own category over the family's).
    const classified = await listClassifiedProducts();
    expect(classified.items.find((p) => p.productCode === 'P100002')).toMatchObject({ categoryId: null, familyCategoryId: 2359 });
    // Unchanged assignments are not written again.
    expect((await assign({ kind: 'family', ids: [family['40-020']], categoryId: 2359 })).body.data.changed).toBe(0);
  });

  it('counts the products without an uploaded photo for the dashboard', async () => {
    expect(await countProductsWithoutImage()).toBe(3);
    await (await getDb()).update(products).set({ photoPath: '/media/uploads/images/2026/aaaaaaaaaaaaaaaaaaaaaaaa.webp' }).where(eq(products.id, product.P100001!));
    expect(await countProductsWithoutImage()).toBe(2);
  });
});

describe('keyword rules', () => {
  const rule = (id: number, keywords: string[], categoryId: number, priority = 0): ClassifierRule => ({ id, keywords, keywordsText: keywords.join(', '), categoryId, categoryPath: googleCategory(categoryId)!.path, priority, version: 1 });

  it('match whole words of the name, accent- and case-insensitively, plurals too; the highest priority wins', () => {
    const rules = [rule(1, ['valvula'], 2466), rule(2, ['sanita', 'autoclismo'], 1921, 5), rule(3, ['louça sanitária'], 1673, 1)];
    expect(suggestCategory('Válvulas de Esfera', rules)).toMatchObject({ ruleId: 1, categoryId: 2466, keyword: 'valvula' });
    expect(suggestCategory('LOUCA SANITARIA', rules)).toMatchObject({ categoryId: 1673 });
    expect(suggestCategory('Sanita suspensa com louça sanitária', rules)).toMatchObject({ categoryId: 1921 });
    expect(suggestCategory('Tubo multicamada', rules)).toBeNull();
    // A word inside another word is no match.
    expect(suggestCategory('Autovalvulada', [rule(1, ['valvula'], 2466)])).toBeNull();
  });

  it('are kept by editors (not viewers), audited, refused over a newer version, and suggested beside unclassified rows', async () => {
    expect((await call(rulesPost, 'POST', '/api/admin/google-category-classifier/rules', { session: viewer, body: { keywords: 'sanita', categoryId: 1921, priority: 0 } })).status).toBe(403);
    expect((await call(rulesGet, 'GET', '/api/admin/google-category-classifier/rules', { session: viewer })).status).toBe(403);
    const bad = await call<Envelope<unknown>>(rulesPost, 'POST', '/api/admin/google-category-classifier/rules', { session: editor, body: { keywords: ' , ', categoryId: 1921, priority: 0 } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Indique pelo menos uma palavra-chave.');
    const created = await call<Envelope<{ id: number; version: number; keywords: string[] }>>(rulesPost, 'POST', '/api/admin/google-category-classifier/rules', {
      session: editor,
      body: { keywords: 'Sanitá ;  sanita suspensa', categoryId: 1921, priority: 3 },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.keywords).toEqual(['Sanitá', 'sanita suspensa']);
    // The family's title matches no rule: the built-in classifier suggests, from its title and product.
    const families = await listUnclassifiedFamilies();
    expect(families.items.find((f) => f.code === '10-010')?.suggestion).toMatchObject({ source: 'auto', categoryId: 1921, confident: false, productsAgreeing: 1, productsTotal: 1 });
    const productsList = await listUnclassifiedProducts();
    expect(productsList.items.map((p) => [p.productCode, p.suggestion?.categoryId, p.suggestion?.source])).toEqual([['P100003', 1921, 'rule']]);

    const id = created.body.data.id;
    const edit = (version: number, keywords: string) =>
      call<Envelope<{ version: number }>>(rulePut, 'PUT', `/api/admin/google-category-classifier/rules/${id}`, { params: { id: String(id) }, session: editor, body: { keywords, categoryId: 1673, priority: 3, version } });
    expect((await edit(1, 'louca')).status).toBe(200);
    const stale = await edit(1, 'sanita');
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/^Este registo foi alterado por outra pessoa/);
    expect((await listUnclassifiedFamilies()).items.find((f) => f.code === '10-010')?.suggestion).toMatchObject({ categoryId: 1673, keyword: 'louca', source: 'rule', confidence: 1 });
    const entries = await (await getDb()).select().from(auditLog).where(and(eq(auditLog.entity, 'google_category_rule'), eq(auditLog.entityId, String(id))));
    expect(entries.map((e) => e.action).sort()).toEqual(['create', 'update']);
    expect((await call(ruleDelete, 'DELETE', `/api/admin/google-category-classifier/rules/${id}?version=1`, { params: { id: String(id) }, session: editor })).status).toBe(409);
    expect((await call(ruleDelete, 'DELETE', `/api/admin/google-category-classifier/rules/${id}?version=2`, { params: { id: String(id) }, session: editor })).status).toBe(200);
  });
});

describe('applying the suggestions (issue 23)', () => {
  const apply = (body: unknown, session: Session | null = editor) =>
    call<Envelope<{ changed: number; skipped: number }>>(applyPost, 'POST', '/api/admin/google-category-classifier/apply', { body, session });

  it('is refused to guests and viewers, and products must be named', async () => {
    expect((await apply({ kind: 'family' }, null)).status).toBe(401);
    expect((await apply({ kind: 'family' }, viewer)).status).toBe(403);
    const noIds = await apply({ kind: 'product' });
    expect(noIds.status).toBe(400);
    expect(noIds.body.message).toBe('Selecione pelo menos um registo.');
  });

  it('applies only the confident suggestions, recomputed on the server, and the feed carries them', async () => {
    // Tubo Multicamada back to unclassified: title and product agree (confident); Louça Sanitária's
    // single toilet under a sanitaryware title is not (title and product disagree).
    await assign({ kind: 'family', ids: [family['40-010']], categoryId: null });
    const listed = (await listUnclassifiedFamilies()).items;
    expect(listed.find((f) => f.code === '40-010')?.suggestion).toMatchObject({ categoryId: 2216, confident: true, confidence: 1 });
    expect(listed.find((f) => f.code === '10-010')?.suggestion).toMatchObject({ confident: false });

    const res = await apply({ kind: 'family' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ changed: 1, skipped: 1 });
    expect(res.body.message).toBe('1 sugestão aplicada; 1 registo ficou por classificar (sem sugestão confiante).');
    expect(await feedCategories()).toMatchObject({ P100001: '2216', P100003: String(DEFAULT_GOOGLE_CATEGORY) });
    const [entry] = await (await getDb())
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'family'), eq(auditLog.entityId, String(family['40-010']))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.summary).toContain('2216');
    expect(entry?.summary).toContain('sugestão aplicada');

    // A product named by id: its suggestion (a toilet, 67 %) is below the threshold, so nothing changes.
    const product = await apply({ kind: 'product', ids: [product_('P100003')] });
    expect(product.body.data).toEqual({ changed: 0, skipped: 1 });
    expect((await feedCategories()).P100003).toBe(String(DEFAULT_GOOGLE_CATEGORY));
  });
});

function product_(code: string): number {
  const id = product[code];
  if (id === undefined) throw new Error(`no product ${code}`);
  return id;
}
