/** @jest-environment node */
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { brands, families, inventoryProducts, modelAttributes, products } from '@/server/db/schema';
import { formatIssue, importCatalogueFile, importCatalogueRows } from '@/server/import';
import { exportCatalogueRows, toXlsx } from '@/server/import/export';
import { readCsvText, readXlsxBuffer } from '@/server/import/read';
import { setupTestDatabase } from '../helpers/db';

const fixture = (name: string) => path.join(__dirname, '..', 'fixtures', name);
const handle = setupTestDatabase();
const db = () => handle.current().db;

async function tableCount(table: typeof products | typeof inventoryProducts | typeof families | typeof brands) {
  const [row] = await db().select({ n: count() }).from(table);
  return row!.n;
}

describe('catalogue import', () => {
  it('rejects a bad file as a whole and reports every bad row with line, column and reason', async () => {
    const result = await importCatalogueFile(db(), fixture('catalogue-bad.csv'));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const messages = result.issues.map(formatIssue);
    expect(messages).toEqual([
      'Linha 3, coluna chapter_code: capítulo desconhecido: 35',
      'Linha 4, coluna product_name: valor obrigatório em falta',
      'Linha 5, coluna price: número inválido: doze',
      'Linha 6, coluna ean: dígito de controlo inválido',
      'Linha 7, coluna model_code: código de modelo repetido (já usado na linha 2)',
    ]);
    // All-or-nothing: not even the valid rows were written.
    expect(await tableCount(products)).toBe(0);
    expect(await tableCount(inventoryProducts)).toBe(0);
    expect(await tableCount(families)).toBe(0);
    expect(await tableCount(brands)).toBe(0);
  });

  it('reports missing required columns on the header line', async () => {
    const read = readCsvText('chapter_code;family_code;product_name\n40;40-010;Tubo\n');
    expect(read.issues.map(formatIssue)).toEqual([
      'Linha 1: falta a coluna obrigatória product_id',
      'Linha 1: falta a coluna obrigatória model_code',
      'Linha 1: falta a coluna obrigatória price',
    ]);
  });

  it('imports a CSV with ; separators, decimal commas, quoted cells and unknown columns', async () => {
    const result = await importCatalogueFile(db(), fixture('catalogue-small.csv'));
    expect(result).toMatchObject({
      ok: true,
      rows: 5,
      summary: {
        families: { created: 3, updated: 0, unchanged: 0 },
        brands: { created: 2, updated: 0, unchanged: 0 },
        products: { created: 3, updated: 0, unchanged: 0 },
        models: { created: 5, updated: 0, unchanged: 0 },
      },
    });

    const [pipe] = await db()
      .select({
        name: products.name,
        minPrice: products.minPrice,
        maxPrice: products.maxPrice,
        sizes: products.availableSizes,
        modelCount: products.modelCount,
        stock: products.stockStatus,
        ean: products.ean,
      })
      .from(products)
      .where(eq(products.productCode, 'P100001'));
    expect(pipe).toEqual({
      name: 'Tubo multicamada PEX-AL-PEX',
      minPrice: '1.2500',
      maxPrice: '1.8000',
      sizes: ['16x2 mm', '20x2 mm'],
      modelCount: 2,
      stock: 'in_stock',
      ean: '5601234567892',
    });

    const [valve] = await db()
      .select({ description: products.description, stock: products.stockStatus, brandId: products.brandId })
      .from(products)
      .where(eq(products.productCode, 'P100002'));
    expect(valve?.description).toBe('Válvula de passagem total; manípulo em borboleta.');
    expect(valve?.stock).toBe('in_stock');

    const [toilet] = await db().select({ brandId: products.brandId }).from(products).where(eq(products.productCode, 'P100003'));
    expect(toilet?.brandId).toBeNull();

    const [halfInch] = await db()
      .select({ id: inventoryProducts.id, size: inventoryProducts.size, packages: inventoryProducts.smallPackage })
      .from(inventoryProducts)
      .where(eq(inventoryProducts.code, 'VG-0500'));
    expect(halfInch).toMatchObject({ size: '1/2"', packages: '10/50' });
    const attributes = await db()
      .select({ name: modelAttributes.name, value: modelAttributes.value, unit: modelAttributes.unit })
      .from(modelAttributes)
      .where(eq(modelAttributes.modelId, halfInch!.id))
      .orderBy(modelAttributes.position);
    expect(attributes).toEqual([
      { name: 'Ligação', value: '1/2"', unit: null },
      { name: 'Pressão máxima', value: 'PN25', unit: null },
      { name: 'Material', value: 'Latão niquelado', unit: null },
    ]);
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = await exportCatalogueRows(db());
    const result = await importCatalogueFile(db(), fixture('catalogue-small.csv'));
    expect(result).toMatchObject({
      ok: true,
      summary: {
        families: { created: 0, updated: 0, unchanged: 3 },
        brands: { created: 0, updated: 0, unchanged: 2 },
        products: { created: 0, updated: 0, unchanged: 3 },
        models: { created: 0, updated: 0, unchanged: 5 },
      },
    });
    expect(await exportCatalogueRows(db())).toEqual(before);
  });

  it('updates by product_id and model_code and recomputes derived values', async () => {
    const read = readCsvText(
      [
        'chapter_code;family_code;product_id;product_name;model_code;size;price;stock_status;attributes',
        '40;40-010;P100001;Tubo multicamada PEX-AL-PEX;HDT-20200;20x2 mm;2,10;in_stock;Diâmetro=20 mm',
        '40;40-010;P100001;Tubo multicamada PEX-AL-PEX;HDT-26300;26x3 mm;3,40;in_stock;Diâmetro=26 mm',
      ].join('\n'),
    );
    const result = await importCatalogueRows(db(), read.rows);
    expect(result).toMatchObject({
      ok: true,
      summary: {
        families: { created: 0, updated: 0, unchanged: 1 },
        products: { created: 0, updated: 1, unchanged: 0 }, // the description is now empty
        models: { created: 1, updated: 1, unchanged: 0 },
      },
    });
    const [pipe] = await db()
      .select({ max: products.maxPrice, sizes: products.availableSizes, n: products.modelCount })
      .from(products)
      .where(eq(products.productCode, 'P100001'));
    // Upsert, not replace: HDT-16200 is not in this file and is kept.
    expect(pipe).toEqual({ max: '3.4000', sizes: ['16x2 mm', '20x2 mm', '26x3 mm'], n: 3 });
  });

  it('reads XLSX files the same way', async () => {
    const rows = await exportCatalogueRows(db());
    const read = await readXlsxBuffer(await toXlsx(rows));
    expect(read.issues).toEqual([]);
    expect(read.rows.map((r) => r.cells)).toEqual(rows);
    expect(read.rows[0]!.line).toBe(2);
    const result = await importCatalogueRows(db(), read.rows);
    expect(result).toMatchObject({ ok: true, summary: { models: { created: 0, updated: 0, unchanged: 6 } } });
  });

  it('finds products through the generated Portuguese search document, without accents', async () => {
    const { sql } = await import('drizzle-orm');
    const found = await db().execute<{ product_code: string }>(
      sql`SELECT product_code FROM products WHERE search_document @@ plainto_tsquery('pt_unaccent', 'valvulas latao') ORDER BY product_code`,
    );
    expect(found.rows.map((r) => r.product_code)).toEqual(['P100002']);
    const byModel = await db().execute<{ code: string }>(
      sql`SELECT code FROM inventory_products WHERE search_document @@ plainto_tsquery('pt_unaccent', 'HDT-26300')`,
    );
    expect(byModel.rows.map((r) => r.code)).toEqual(['HDT-26300']);
  });
});
