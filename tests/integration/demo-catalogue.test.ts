/** @jest-environment node */
import { count, sql } from 'drizzle-orm';
import { listChaptersWithCounts } from '@/server/catalogue/chapters';
import { demoSeed } from '@/scripts/seed';
import { isCatalogueUninitialised, prepareDatabase } from '@/server/db/prepare';
import { brands, campaignProducts, campaigns, families, inventoryProducts, partnerLogos, products } from '@/server/db/schema';
import { importCatalogueRows } from '@/server/import';
import { exportCatalogueRows, toCsv } from '@/server/import/export';
import { readCsvText } from '@/server/import/read';
import { createTestDatabase, setupTestDatabase } from '../helpers/db';

const handle = setupTestDatabase();

async function counts() {
  const db = handle.current().db;
  const one = async (table: typeof products | typeof inventoryProducts | typeof families | typeof brands | typeof campaigns | typeof partnerLogos) =>
    (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    products: await one(products),
    models: await one(inventoryProducts),
    families: await one(families),
    brands: await one(brands),
    campaigns: await one(campaigns),
    partnerLogos: await one(partnerLogos),
  };
}

describe('demo catalogue', () => {
  let firstExport: string;

  beforeAll(async () => {
    const { seeded } = await prepareDatabase(handle.current(), { seed: demoSeed });
    expect(seeded?.models.created).toBeGreaterThanOrEqual(10_000);
  }, 180_000);

  it('is large and complete enough to stand for a real catalogue', async () => {
    const c = await counts();
    expect(c.products).toBeGreaterThanOrEqual(3000);
    expect(c.models).toBeGreaterThanOrEqual(10_000);
    expect(c.families).toBeGreaterThanOrEqual(120);
    expect(c.brands).toBeGreaterThanOrEqual(30);
    expect(c.campaigns).toBeGreaterThanOrEqual(6);
    expect(c.partnerLogos).toBeGreaterThan(0);

    const chapters = await listChaptersWithCounts();
    expect(chapters).toHaveLength(16);
    for (const chapter of chapters) expect(chapter.productCount).toBeGreaterThan(0);

    const db = handle.current().db;
    const linked = await db.select({ n: count() }).from(campaignProducts);
    expect(linked[0]!.n).toBeGreaterThan(0);
    const stats = await db.execute<{ out_of_stock: number; with_sizes: number; with_seo: number; with_range: number }>(sql`
      SELECT count(*) FILTER (WHERE stock_status = 'out_of_stock')::int AS out_of_stock,
             count(*) FILTER (WHERE cardinality(available_sizes) > 1)::int AS with_sizes,
             count(*) FILTER (WHERE seo_optimized_name IS NOT NULL AND informacao_tecnica IS NOT NULL)::int AS with_seo,
             count(*) FILTER (WHERE max_price > min_price)::int AS with_range
      FROM products`);
    const s = stats.rows[0]!;
    expect(Number(s.out_of_stock)).toBeGreaterThan(0);
    expect(Number(s.with_sizes)).toBeGreaterThan(500);
    expect(Number(s.with_seo)).toBe(c.products);
    expect(Number(s.with_range)).toBeGreaterThan(500);
    for (const code of ['10-010', '30-010', '200-010']) {
      expect((await db.execute(sql`SELECT 1 FROM families WHERE code = ${code}`)).rows).toHaveLength(1);
    }
  });

  it('is added once: a second start keeps the data and does not seed again', async () => {
    const before = await counts();
    expect(await isCatalogueUninitialised(handle.current().db)).toBe(false);
    const { seeded } = await prepareDatabase(handle.current(), { seed: demoSeed });
    expect(seeded).toBeNull();
    expect(await counts()).toEqual(before);
  });

  it('exports at least 10,000 model rows, 3,000 products and 120 families', async () => {
    const rows = await exportCatalogueRows(handle.current().db);
    expect(rows.length).toBeGreaterThanOrEqual(10_000);
    expect(new Set(rows.map((r) => r.product_id)).size).toBeGreaterThanOrEqual(3000);
    expect(new Set(rows.map((r) => r.family_code)).size).toBeGreaterThanOrEqual(120);
    firstExport = toCsv(rows);
  });

  it('round-trips: export → import into an empty database → export gives an identical file', async () => {
    const empty = await createTestDatabase();
    try {
      const read = readCsvText(firstExport);
      expect(read.issues).toEqual([]);
      const result = await importCatalogueRows(empty.db, read.rows);
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.summary.models.created).toBe(read.rows.length);
      expect(toCsv(await exportCatalogueRows(empty.db))).toBe(firstExport);
      // Importing into an empty database never brings the demo catalogue with it.
      const { seeded } = await prepareDatabase(empty, { seed: demoSeed });
      expect(seeded).toBeNull();
    } finally {
      await empty.close();
    }
  }, 180_000);
});
