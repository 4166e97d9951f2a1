/** @jest-environment node */
import { NextRequest } from 'next/server';
import { sql } from 'drizzle-orm';
import { GET as byChapter } from '@/app/api/products/by-chapter/route';
import { GET as search } from '@/app/api/products/search/route';
import { emptyListingMessage, listingApiUrl, parseListingParams } from '@/lib/catalogue/listing';
import { pageListingQuery } from '@/lib/catalogue/listing-query';
import { getListing } from '@/server/catalogue/listing';
import { demoSeed } from '@/scripts/seed';
import { prepareDatabase } from '@/server/db/prepare';
import fs from 'node:fs';
import path from 'node:path';
import { getDatabase } from '@/server/db/client';
import { searchProducts, searchProductsInMemory, searchProductsInSql, suggestProducts, type SearchParams } from '@/server/search/engine';
import { setupTestDatabase } from '../helpers/db';

const handle = setupTestDatabase();

interface Item {
  id: number;
  product_code: string;
  name: string;
  available_sizes: string[];
  chapter_code: number;
  family_code: string;
  brand_id: number | null;
  [key: string]: unknown;
}

interface Body {
  success: boolean;
  data: Item[];
  pagination: { total: number; limit: number; offset: number; hasMore: boolean };
  message?: string;
  error?: { code: string; message: string; details?: Record<string, string[]> };
}

async function call(route: typeof search, path: string, query: string) {
  const response = await route(new NextRequest(`http://localhost/api/products/${path}?${query}`));
  return { status: response.status, headers: response.headers, body: (await response.json()) as Body };
}
const get = (query: string) => call(search, 'search', query);
const list = (query: string) => call(byChapter, 'by-chapter', query);
const q = (text: string) => `q=${encodeURIComponent(text)}`;

/** Every key that speaks of a price holds nothing: prices are not public. */
function expectNoPrices(value: unknown) {
  if (Array.isArray(value)) return value.forEach(expectNoPrices);
  if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (/price|preco|preço/i.test(key)) expect(v).toBeNull();
      expectNoPrices(v);
    }
  }
}

const SEARCH_FIELDS = [
  'id',
  'product_code',
  'name',
  'seo_optimized_name',
  'description',
  'image_url',
  'main_photo_url',
  'available_sizes',
  'brand_logo_url',
  'category',
  'chapter',
  'family',
  'chapter_code',
  'family_code',
  'brand',
  'brand_id',
  'official_site',
  'informacao_adicional',
  'created_at',
  'updated_at',
  'url',
  'brand_slug',
  'family_url',
  'stock_status',
];

beforeAll(async () => {
  await prepareDatabase(handle.current(), { seed: demoSeed });
}, 180_000);

describe('GET /api/products/search', () => {
  it('answers the search-result shape with pagination and a public cache header', async () => {
    const { status, headers, body } = await get(q('torneira'));
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(body.success).toBe(true);
    expect(body.data.length).toBe(50);
    expect(body.pagination).toEqual({ total: expect.any(Number), limit: 50, offset: 0, hasMore: true });
    expect(body.pagination.total).toBeGreaterThan(100);
    for (const item of body.data) {
      expect(Object.keys(item).sort()).toEqual([...SEARCH_FIELDS].sort());
      expect(item.url).toMatch(/^\/produtos\/[a-z0-9-]+\/[a-z0-9-]+\/P\d+$/);
      expect(item.category).toBe(item.family);
    }
    expectNoPrices(body);
  });

  it('pages with limit and offset', async () => {
    const first = await get(`${q('torneira')}&limit=10`);
    const second = await get(`${q('torneira')}&limit=10&offset=10`);
    expect(first.body.data).toHaveLength(10);
    expect(second.body.data).toHaveLength(10);
    expect(second.body.pagination).toMatchObject({ limit: 10, offset: 10, total: first.body.pagination.total });
    const ids = new Set(first.body.data.map((i) => i.id));
    expect(second.body.data.some((i) => ids.has(i.id))).toBe(false);
    const past = await get(`${q('torneira')}&limit=10&offset=100000`);
    expect(past.body.data).toHaveLength(0);
    expect(past.body.pagination).toMatchObject({ total: first.body.pagination.total, hasMore: false });
  });

  it.each([
    ['limit=abc', 'limit'],
    ['limit=1000', 'limit'],
    ['limit=0', 'limit'],
    ['sort=price', 'sort'],
    ['offset=-1', 'offset'],
    ['order=up', 'order'],
    [`q=${'x'.repeat(201)}`, 'q'],
  ])('answers 400 with the error shape for %s', async (query, field) => {
    const { status, headers, body } = await get(query.startsWith('q=') ? query : `${q('torneira')}&${query}`);
    expect(status).toBe(400);
    expect(headers.get('cache-control')).toBe('private, no-store');
    expect(body).toMatchObject({ success: false, message: expect.any(String), error: { code: 'bad_request', message: expect.any(String) } });
    expect(Object.keys(body.error?.details ?? {})).toContain(field);
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts|ZodError/);
  });

  it.each([
    ['chapter=999', 'chapter', 'Nenhum produto encontrado com a pesquisa «torneira» e a categoria 999.'],
    ['family=99-999', 'family', 'Nenhum produto encontrado com a pesquisa «torneira» e a família 99-999.'],
    ['category_id=nao-existe', 'family', 'Nenhum produto encontrado com a pesquisa «torneira» e a família nao-existe.'],
    ['brand=marca-que-nao-existe', 'brand', 'Nenhum produto encontrado com a pesquisa «torneira» e a marca marca-que-nao-existe.'],
  ])('answers 404 with the listing page\'s words for an unknown %s', async (query, field, message) => {
    const { status, body } = await get(`${q('torneira')}&${query}`);
    expect(status).toBe(404);
    expect(body).toMatchObject({ success: false, message, error: { code: 'not_found', message } });
    expect(Object.keys(body.error?.details ?? {})).toEqual([field]);
  });

  it('finds nothing for queries shorter than 2 characters', async () => {
    for (const text of ['', 'a', '  b  ']) {
      const { status, body } = await get(q(text));
      expect(status).toBe(200);
      expect(body.data).toEqual([]);
      expect(body.pagination.total).toBe(0);
    }
  });

  it('never fails on odd input', async () => {
    const odd = ["'; drop table products; --", 'a&b|c!', '(((', '\\', '%_', '1/2"""', ':*', '<->', '🚿 torneira', 'ø20', 'tê', '---'];
    for (const text of odd) {
      const { status, body } = await get(q(text));
      expect(status).toBe(200);
      expect(body.success).toBe(true);
    }
    // One character, but a size: `½` is `1/2"`.
    expect((await get(q('½'))).body.pagination.total).toBeGreaterThan(0);
  });

  it('filters by chapter (code or slug), family (code, slug or category_id) and brand', async () => {
    const byCode = await get(`${q('válvula')}&chapter=110`);
    expect(byCode.body.data.length).toBeGreaterThan(0);
    expect(byCode.body.data.every((i) => i.chapter_code === 110)).toBe(true);
    const [chapter] = (await handle.current().db.execute<{ slug: string }>(sql`SELECT slug FROM chapters WHERE code = 110`)).rows;
    const bySlug = await get(`${q('válvula')}&chapter=${chapter?.slug}`);
    expect(bySlug.body.pagination.total).toBe(byCode.body.pagination.total);

    const family = await get(`${q('torneira')}&family=10-020`);
    expect(family.body.data.every((i) => i.family_code === '10-020')).toBe(true);
    const alias = await get(`${q('torneira')}&category_id=10-020`);
    expect(alias.body.pagination.total).toBe(family.body.pagination.total);
    const familySlug = await get(`${q('torneira')}&family=torneiras-de-lavatorio`);
    expect(familySlug.body.pagination.total).toBe(family.body.pagination.total);

    const [brand] = (await handle.current().db.execute<{ id: number; slug: string }>(sql`SELECT id, slug FROM brands WHERE name = 'Fluxa'`)).rows;
    const byBrand = await get(`${q('torneira')}&brand=${brand?.id}`);
    expect(byBrand.body.data.length).toBeGreaterThan(0);
    expect(byBrand.body.data.every((i) => i.brand_id === brand?.id)).toBe(true);
    const byBrandSlug = await get(`${q('torneira')}&brand=${brand?.slug}`);
    expect(byBrandSlug.body.pagination.total).toBe(byBrand.body.pagination.total);
  });

  it('filters products without a brand (no-brand)', async () => {
    const [unbranded] = (
      await handle.current().db.execute<{ product_code: string; name: string }>(
        sql`SELECT product_code, name FROM products WHERE brand_id IS NULL ORDER BY id LIMIT 1`,
      )
    ).rows;
    expect(unbranded).toBeDefined();
    const { body } = await get(`${q(unbranded!.name)}&brand=no-brand&limit=100`);
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((i) => i.brand_id === null)).toBe(true);
    expect(body.data.map((i) => i.product_code)).toContain(unbranded!.product_code);
  });

  it('is accent-insensitive', async () => {
    const { body } = await get(q('valvula de retencao'));
    expect(body.data[0]?.name).toMatch(/^Válvula de retenção/);
    const accented = await get(q('válvula de retenção'));
    expect(body.pagination.total).toBe(accented.body.pagination.total);
  });

  it('tolerates a typo', async () => {
    const { body } = await get(q('esqentador'));
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.slice(0, 10).every((i) => i.name.startsWith('Esquentador'))).toBe(true);
    const swapped = await get(q('torniera de cozinha'));
    expect(swapped.body.data[0]?.name).toMatch(/^Torneira de cozinha/);
  });

  it('finds a product by model-code prefix, product code and EAN, first', async () => {
    const [model] = (
      await handle.current().db.execute<{ code: string; ean: string; product_code: string }>(sql`
        SELECT m.code, m.ean, p.product_code FROM inventory_products m JOIN products p ON p.id = m.product_id
        WHERE m.code LIKE '%-%' AND m.ean IS NOT NULL ORDER BY m.id LIMIT 1 OFFSET 500`)
    ).rows;
    expect(model).toBeDefined();
    const prefix = await get(q(model!.code.slice(0, -1)));
    expect(prefix.body.data[0]?.product_code).toBe(model!.product_code);
    const lower = await get(q(model!.code.toLowerCase().replace('-', '')));
    expect(lower.body.data[0]?.product_code).toBe(model!.product_code);
    const ean = await get(q(model!.ean));
    expect(ean.body.data[0]?.product_code).toBe(model!.product_code);
    const product = await get(q(model!.product_code.toLowerCase()));
    expect(product.body.data[0]?.product_code).toBe(model!.product_code);
  });

  it('puts the product before the accessories that mention it', async () => {
    const taps = await get(`${q('torneira lavatório')}&limit=10`);
    expect(taps.body.data).toHaveLength(10);
    for (const item of taps.body.data) expect(item.name).toMatch(/^Torneira/);
    const heaters = await get(`${q('termoacumulador')}&limit=10`);
    for (const item of heaters.body.data) expect(item.name).toMatch(/^Termoacumulador/);
    const anode = await get(q('ânodo termoacumulador'));
    expect(anode.body.data[0]?.name).toMatch(/^Ânodo .* para termoacumulador/);
  });

  it('prefers products sold in the size searched for', async () => {
    for (const [text, size] of [
      ['válvula de esfera 3/4"', '3/4"'],
      ['válvula de esfera 3/4 polegada', '3/4"'],
      ['tubo multicamada 16 x 2', '16x2 mm'],
      ['tubo multicamada 16X2', '16x2 mm'],
      ['contador de água DN20', 'DN20'],
    ] as const) {
      const { body } = await get(`${q(text)}&limit=5`);
      expect(body.data).toHaveLength(5);
      for (const item of body.data) expect(item.available_sizes).toContain(size);
    }
  });

  it('expands trade synonyms', async () => {
    const { body } = await get(`${q('cisterna')}&limit=10`);
    for (const item of body.data) expect(item.name).toMatch(/^Autoclismo/);
  });

  it('suggests while a word is being typed', async () => {
    const items = await suggestProducts('esquen');
    expect(items.length).toBe(10);
    expect(items.every((p) => p.name.startsWith('Esquentador'))).toBe(true);
    expect(await suggestProducts('x')).toEqual([]);
  });
});

describe('GET /api/products/by-chapter', () => {
  it('lists a chapter by name with the listing fields and no prices', async () => {
    const { status, headers, body } = await list('chapter=10&sort=name&order=asc&limit=20');
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toContain('public');
    expect(body.data).toHaveLength(20);
    expect(body.data.every((i) => i.chapter_code === 10)).toBe(true);
    for (const item of body.data) {
      expect(item).toMatchObject({ min_price: null, max_price: null, product_notes: null });
      expect(item.product_count).toEqual(expect.any(Number));
      expect(item.product_count as number).toBeGreaterThan(0);
      expect(item).toHaveProperty('brand_name');
      expect(item).toHaveProperty('available_sizes');
    }
    const names = body.data.map((i) => String(i.seo_optimized_name ?? i.name));
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(body.pagination).toMatchObject({ limit: 20, offset: 0, hasMore: true });
    expectNoPrices(body);
  });

  it('filters by family, brand_id and no-brand, and sorts by date', async () => {
    const family = await list('family=10-020');
    expect(family.body.data.length).toBeGreaterThan(0);
    expect(family.body.data.every((i) => i.family_code === '10-020')).toBe(true);
    const noBrand = await list('brand_id=no-brand&limit=100');
    expect(noBrand.body.data.length).toBeGreaterThan(0);
    expect(noBrand.body.data.every((i) => i.brand_id === null)).toBe(true);
    const recent = await list('chapter=110&sort=created_at&order=desc&limit=5');
    expect(recent.status).toBe(200);
    const dates = recent.body.data.map((i) => String(i.created_at));
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('filters a family by technical attributes, on the listing and on the search', async () => {
    // The submersible pumps of the demo: power in W, float switch yes/no.
    const db = handle.current().db;
    const expected = async (name: string, value: string) =>
      (
        await db.execute<{ id: number }>(sql`
          SELECT DISTINCT p.id FROM products p
          JOIN families f ON f.id = p.family_id
          JOIN inventory_products m ON m.product_id = p.id AND m.product_status = 'active'
          JOIN model_attributes a ON a.model_id = m.id
          WHERE f.code = '140-010' AND p.active AND a.name = ${name} AND a.value = ${value}`)
      ).rows.map((r) => Number(r.id));
    const w550 = await expected('Potência', '550');
    expect(w550.length).toBeGreaterThan(1);
    const all = await list('family=140-010&limit=100');
    const filtered = await list('family=140-010&f.potencia=550w&limit=100');
    expect(filtered.status).toBe(200);
    expect(filtered.body.pagination.total).toBeLessThan(all.body.pagination.total);
    expect(filtered.body.data.map((i) => i.id).sort()).toEqual([...w550].sort());

    // Values of one attribute are alternatives; attributes add up on the same model.
    const w750 = await expected('Potência', '750');
    const either = await list('family=140-010&f.potencia=550w,750w&limit=100');
    expect(either.body.data.map((i) => i.id).sort()).toEqual([...new Set([...w550, ...w750])].sort());
    const withFloat = await list('family=140-010&f.potencia=550w&f.boia=sim&limit=100');
    expect(withFloat.body.pagination.total).toBeGreaterThan(0);
    expect(withFloat.body.pagination.total).toBeLessThanOrEqual(filtered.body.pagination.total);

    const searched = await get('q=bomba&family=140-010&f.potencia=550w&limit=100');
    expect(searched.status).toBe(200);
    expect(searched.body.data.every((i) => w550.includes(i.id))).toBe(true);
  });

  it.each([
    ['f.potencia=550w', 'Os filtros técnicos exigem uma família.'],
    ['family=140-010&f.potencia=550%20W%3C', 'Filtro técnico inválido.'],
    ['family=140-010&f.Pot%C3%AAncia=550w', 'Filtro técnico inválido.'],
  ])('answers 400 with a message for the technical filter %s', async (query, message) => {
    const { status, body } = await list(query);
    expect(status).toBe(400);
    expect(body.error?.message).toBe(message);
  });

  it.each(['limit=abc', 'limit=1000', 'offset=-1', 'sort=price'])('answers 400 for %s', async (query) => {
    const { status, body } = await list(query);
    expect(status).toBe(400);
    expect(body.error?.code).toBe('bad_request');
  });

  it.each([
    ['chapter=999', 'Nenhum produto encontrado com a categoria 999.'],
    ['brand_id=99999', 'Nenhum produto encontrado com a marca 99999.'],
  ])('answers 404 for the unknown %s', async (query, message) => {
    const { status, body } = await list(query);
    expect(status).toBe(404);
    expect(body).toMatchObject({ success: false, message, error: { code: 'not_found' } });
  });
});

describe('one listing: page 1 from the page, the next pages from the API', () => {
  /** What a listing page renders (page `page` of its query) and the API URL its infinite scroll uses. */
  async function pageListing(raw: Record<string, string>, path: { chapter?: number; family?: string } = {}, page = 1) {
    const params = parseListingParams({ ...raw, page: String(page) });
    const result = await getListing(pageListingQuery(params, path));
    return { result, apiUrl: listingApiUrl(result, params.attrs ?? {}) };
  }
  async function api(url: string) {
    const route = url.startsWith('/api/products/search') ? search : byChapter;
    const response = await route(new NextRequest(`http://localhost${url}`));
    return { status: response.status, body: (await response.json()) as Body };
  }

  it.each([
    ['a chapter', {}, { chapter: 10 }],
    ['a technical filter', { 'f.potencia': '550w,750w' }, { chapter: 140, family: '140-010' }],
    ['a search', { search: 'torneira' }, {}],
    ['a search in a chapter', { search: 'válvula', view: 'all' }, { chapter: 110 }],
    ['products without a brand', { brand: 'no-brand', view: 'all' }, {}],
  ] as const)('agree for %s', async (_label, raw, path) => {
    const first = await pageListing(raw, path);
    expect(first.result.problem).toBeNull();
    expect(first.result.page.items.length).toBeGreaterThan(0);
    const ids = (items: { id: number }[]) => items.map((i) => i.id);

    // The API from offset 0 repeats page 1; from offset 50 it is page 2 of the page.
    const again = await api(`${first.apiUrl}&limit=50&offset=0`);
    expect(again.status).toBe(200);
    expect(ids(again.body.data)).toEqual(ids(first.result.page.items));
    expect(again.body.pagination.total).toBe(first.result.page.total);
    if (first.result.page.total > 50) {
      const second = await pageListing(raw, path, 2);
      const next = await api(`${first.apiUrl}&limit=50&offset=50`);
      expect(ids(next.body.data)).toEqual(ids(second.result.page.items));
      expect(next.body.pagination.total).toBe(second.result.page.total);
    }
  });

  it.each([
    ['an unknown brand', { brand: 'marca-que-nao-existe' }, '/api/products/by-chapter?brand_id=marca-que-nao-existe', 'brand'],
    ['an unknown brand in a search', { search: 'torneira', brand: 'marca-que-nao-existe' }, `/api/products/search?${q('torneira')}&brand=marca-que-nao-existe`, 'brand'],
    ['an unknown chapter', { chapter: 'capitulo-que-nao-existe' }, '/api/products/by-chapter?chapter=capitulo-que-nao-existe', 'chapter'],
    ['an unknown family', { family: 'familia-que-nao-existe' }, '/api/products/by-chapter?family=familia-que-nao-existe', 'family'],
  ] as const)('say the same for %s: an empty page, a 404 with the same words', async (_label, raw, url, field) => {
    const { result } = await pageListing(raw);
    expect(result.page).toMatchObject({ items: [], total: 0 });
    expect(result.problem).toMatchObject({ code: 'not_found', field });
    const message = emptyListingMessage(result);
    expect(message).toMatch(/^Nenhum produto encontrado com .*que-nao-existe\.$/);
    const answer = await api(url);
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ success: false, message, error: { code: 'not_found', message, details: { [field]: [result.problem!.message] } } });
  });

  it('agree for a family and its biggest brand', async () => {
    const [brand] = (
      await handle.current().db.execute<{ slug: string }>(sql`
        SELECT b.slug FROM products p JOIN families f ON f.id = p.family_id JOIN brands b ON b.id = p.brand_id
        WHERE f.code = '10-020' AND p.active GROUP BY b.slug ORDER BY count(*) DESC, b.slug LIMIT 1`)
    ).rows;
    const first = await pageListing({ brand: brand!.slug }, { chapter: 10, family: '10-020' });
    expect(first.result.brand?.slug).toBe(brand!.slug);
    expect(first.result.page.items.length).toBeGreaterThan(0);
    const again = await api(`${first.apiUrl}&limit=50&offset=0`);
    expect(again.body.data.map((i) => i.id)).toEqual(first.result.page.items.map((i) => i.id));
    expect(again.body.pagination.total).toBe(first.result.page.total);
  });

  it('the unknown brand of the page reads as before', async () => {
    const { result } = await pageListing({ brand: 'marca-que-nao-existe' });
    expect(emptyListingMessage(result)).toBe('Nenhum produto encontrado com a marca marca-que-nao-existe.');
  });

  it('technical filters without a family: the same 400 reason on the page and the API', async () => {
    const { result } = await pageListing({ 'f.potencia': '550w', view: 'all' });
    expect(result.problem).toMatchObject({ code: 'bad_request', field: 'family' });
    const answer = await api('/api/products/by-chapter?f.potencia=550w');
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(emptyListingMessage(result));
  });
});

describe('the in-memory search (PGlite) decides as the SQL engine', () => {
  const labelled = (
    JSON.parse(fs.readFileSync(path.join(process.cwd(), 'tests', 'search-quality', 'queries.json'), 'utf8')) as { query: string }[]
  ).map((q) => q.query);
  // Prefixes being typed, typos, two words with one mistyped (the second pass), codes, sizes, the tee, `sem`.
  const typed = ['esq', 'torneira lav', 'séri', 'descargal banh', 'extintor águ', 'chhveiro mão', 'TJP-47', '9691455', 'BNA-', 'bomba 0.5 CV', 'válvula 1 1/4"', 'tê igual 20', 'urinol sem água', 'bomba com boia', 'bomba sem boia', '1/2"', 'zzzzqqq'];
  const page = (q: string, rest: Partial<SearchParams> = {}): SearchParams => ({ q, limit: 10, offset: 0, sort: 'relevance', order: 'desc', ...rest });
  const summary = (p: { items: { id: number }[]; total: number }) => ({ ids: p.items.map((i) => i.id), total: p.total });

  it('gives the same pages and totals', async () => {
    if ((await getDatabase()).driver !== 'pglite') return; // PostgreSQL: the SQL engine only
    const searches = [
      ...labelled.map((q) => page(q)),
      ...typed.map((q) => page(q)),
      ...typed.map((q) => page(q, { limit: 50 })),
      ...typed.map((q) => page(q, { offset: 10 })),
      ...typed.slice(0, 6).map((q) => page(q, { chapterCode: 10 })),
    ];
    const differing: string[] = [];
    let inMemory = 0;
    for (const params of searches) {
      const memory = await searchProductsInMemory(params);
      if (memory) inMemory += 1;
      const [auto, sqlOnly] = [summary(await searchProducts(params)), summary(await searchProductsInSql(params))];
      if (JSON.stringify(auto) !== JSON.stringify(sqlOnly)) differing.push(`${JSON.stringify(params)}: ${JSON.stringify(auto)} ≠ ${JSON.stringify(sqlOnly)}`);
    }
    expect(differing).toEqual([]);
    // Nearly every search runs in memory (those finding nothing go on to the trigram fallback).
    expect(inMemory).toBeGreaterThan(searches.length * 0.9);
  }, 120_000);
});
