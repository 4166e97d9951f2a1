/** @jest-environment node */
import { eq, inArray } from 'drizzle-orm';
import { refreshProductDerived } from '@/server/catalogue/derived';
import { inventoryProducts, products } from '@/server/db/schema';
import { importCatalogueRows } from '@/server/import';
import { readCsvText } from '@/server/import/read';
import { setupTestDatabase } from '../helpers/db';

/**
 * "Medidas disponíveis" (issue 23): a product's sizes in a stable natural order — by the size's
 * first measure read as a number (ranges, inch fractions, diameters), sizes without a number after
 * — that a model's price change does not move (it was by price: 15-19 moved after 25-28).
 */
const handle = setupTestDatabase();
const db = () => handle.current().db;

const HEADER = 'chapter_code;family_code;family_title;product_id;product_name;description;brand;model_code;model_name;size;price;discount_group;ean;stock_status;small_package;medium_package;large_package;image;attributes;erp_internal';
const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;
const row = (product: string, name: string, code: string, size: string, price: string) => `40;40-030;Abraçadeiras;${product};${name};;;${code};${quoted(`${name} ${size}`)};${quoted(size)};${price};A;;in_stock;-;-;-;;;`;
const CSV = [
  HEADER,
  row('P900001', 'Abraçadeira de aperto', 'AB-2528', '25-28', '0,45'),
  row('P900001', 'Abraçadeira de aperto', 'AB-1519', '15-19', '0,50'),
  row('P900001', 'Abraçadeira de aperto', 'AB-3240', '32-40', '0,55'),
  row('P900001', 'Abraçadeira de aperto', 'AB-0812', '8-12', '0,60'),
  row('P900002', 'Torneira de passagem', 'TP-100', '1"', '3,00'),
  row('P900002', 'Torneira de passagem', 'TP-114', '1 1/4"', '5,00'),
  row('P900002', 'Torneira de passagem', 'TP-012', '1/2"', '2,00'),
  row('P900002', 'Torneira de passagem', 'TP-034', '3/4"', '4,00'),
  row('P900002', 'Torneira de passagem', 'TP-CR', 'cromado', '1,00'),
].join('\n');

async function sizesOf(code: string): Promise<string[]> {
  const [p] = await db().select({ sizes: products.availableSizes }).from(products).where(eq(products.productCode, code));
  return p!.sizes;
}

async function setPrice(modelCode: string, price: string): Promise<void> {
  const [m] = await db().update(inventoryProducts).set({ price }).where(eq(inventoryProducts.code, modelCode)).returning({ productId: inventoryProducts.productId });
  await refreshProductDerived(db(), [m!.productId]);
}

beforeAll(async () => {
  const read = readCsvText(CSV);
  expect(read.issues).toEqual([]);
  expect((await importCatalogueRows(db(), read.rows)).ok).toBe(true);
});

describe('Medidas disponíveis', () => {
  it('lists sizes by their first measure, not by price', async () => {
    expect(await sizesOf('P900001')).toEqual(['8-12', '15-19', '25-28', '32-40']);
    expect(await sizesOf('P900002')).toEqual(['1/2"', '3/4"', '1"', '1 1/4"', 'cromado']);
  });

  it('keeps that order when a model’s price changes', async () => {
    await setPrice('AB-1519', '0.95');
    await setPrice('TP-012', '9.00');
    expect(await sizesOf('P900001')).toEqual(['8-12', '15-19', '25-28', '32-40']);
    expect(await sizesOf('P900002')).toEqual(['1/2"', '3/4"', '1"', '1 1/4"', 'cromado']);
    const prices = await db().select({ code: inventoryProducts.code, price: inventoryProducts.price }).from(inventoryProducts).where(inArray(inventoryProducts.code, ['AB-1519', 'TP-012']));
    expect(Object.fromEntries(prices.map((p) => [p.code, p.price]))).toEqual({ 'AB-1519': '0.9500', 'TP-012': '9.0000' });
  });
});
