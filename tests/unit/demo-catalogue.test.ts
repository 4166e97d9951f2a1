/** @jest-environment node */
import { generateDemoCatalogue, type DemoCatalogue } from '@/scripts/seed/catalogue';
import {
  CATALOGUE_COLUMNS,
  STOCK_STATUSES,
  type RawCatalogueRow,
} from '../../server/import/format';

const CHAPTER_CODES = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 200];

/** Independent EAN-13 check (not the generator's own helper). */
function validEan13(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false;
  const digits = [...code].map(Number);
  const sum = digits.slice(0, 12).reduce((s, d, i) => s + d * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === digits[12];
}

function cell(row: RawCatalogueRow, column: (typeof CATALOGUE_COLUMNS)[number]): string {
  const value = row[column];
  if (value === undefined) throw new Error(`row without ${column}`);
  return value;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

let catalogue: DemoCatalogue;

beforeAll(() => {
  catalogue = generateDemoCatalogue();
});

describe('demo catalogue generator', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    expect(generateDemoCatalogue()).toEqual(catalogue);
    expect(generateDemoCatalogue(1967)).toEqual(catalogue);
    const other = generateDemoCatalogue(42);
    expect(other.rows).not.toEqual(catalogue.rows);
    expect(other.extras).not.toEqual(catalogue.extras);
  });

  it('has the expected size', () => {
    const products = new Set(catalogue.rows.map((r) => cell(r, 'product_id')));
    expect(products.size).toBeGreaterThanOrEqual(3000);
    expect(catalogue.rows.length).toBeGreaterThanOrEqual(10000);
    expect(catalogue.rows.length / products.size).toBeGreaterThanOrEqual(3.2);
    expect(catalogue.families.length).toBeGreaterThanOrEqual(120);
    expect(catalogue.brands.length).toBeGreaterThanOrEqual(30);
    expect(catalogue.campaigns.length).toBeGreaterThanOrEqual(6);
    expect(catalogue.extras).toHaveLength(products.size);
  });

  it('has the 16 chapters, well-formed families and the required ones', () => {
    const familyCodes = catalogue.families.map((f) => f.code);
    expect(new Set(familyCodes).size).toBe(familyCodes.length);
    for (const f of catalogue.families) {
      expect(CHAPTER_CODES).toContain(f.chapterCode);
      expect(f.code).toMatch(new RegExp(`^${f.chapterCode}-\\d{3}$`));
      expect(f.title).not.toMatch(/[;|=\n]/);
    }
    const byChapter = groupBy(catalogue.families, (f) => String(f.chapterCode));
    expect([...byChapter.keys()].map(Number).sort((a, b) => a - b)).toEqual(CHAPTER_CODES);
    for (const families of byChapter.values()) {
      expect(families.length).toBeGreaterThanOrEqual(5);
      expect(families.length).toBeLessThanOrEqual(12);
      const titles = families.map((f) => f.title);
      expect(new Set(titles).size).toBe(titles.length);
    }
    expect(catalogue.families).toEqual(
      expect.arrayContaining([
        { code: '10-010', chapterCode: 10, title: 'Louça Sanitária' },
        { code: '30-010', chapterCode: 30, title: 'Lava-Louças' },
        { code: '200-010', chapterCode: 200, title: 'Exterior Piscina' },
      ]),
    );
  });

  it('puts every row in a known chapter and family, and every family has products', () => {
    const families = new Map(catalogue.families.map((f) => [f.code, f]));
    const problems: string[] = [];
    for (const row of catalogue.rows) {
      const family = families.get(cell(row, 'family_code'));
      if (!family) problems.push(`unknown family ${cell(row, 'family_code')}`);
      else if (
        cell(row, 'chapter_code') !== String(family.chapterCode) ||
        cell(row, 'family_title') !== family.title
      )
        problems.push(`family cells of ${cell(row, 'model_code')}`);
      if (!CHAPTER_CODES.map(String).includes(cell(row, 'chapter_code')))
        problems.push(`chapter ${cell(row, 'chapter_code')}`);
    }
    expect(problems).toEqual([]);
    const productsByFamily = groupBy(catalogue.rows, (r) => cell(r, 'family_code'));
    for (const f of catalogue.families) {
      const products = new Set(
        (productsByFamily.get(f.code) ?? []).map((r) => cell(r, 'product_id')),
      );
      expect(products.size).toBeGreaterThanOrEqual(8);
    }
  });

  it('has valid, unique EANs and model codes', () => {
    const eans = catalogue.rows.map((r) => cell(r, 'ean')).filter((e) => e !== '');
    expect(eans.filter((ean) => !validEan13(ean))).toEqual([]);
    expect(new Set(eans).size).toBe(eans.length);
    const emptyShare = 1 - eans.length / catalogue.rows.length;
    expect(emptyShare).toBeGreaterThan(0.01);
    expect(emptyShare).toBeLessThan(0.1);

    const codes = catalogue.rows.map((r) => cell(r, 'model_code'));
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.filter((code) => !/^[A-Z0-9\-./]{1,20}$/.test(code))).toEqual([]);
  });

  it('repeats identical product-level cells on every row of a product', () => {
    const productCells = [
      'chapter_code',
      'family_code',
      'family_title',
      'product_name',
      'description',
      'brand',
      'image',
    ] as const;
    const byProduct = groupBy(catalogue.rows, (r) => cell(r, 'product_id'));
    const names = new Set<string>();
    const problems: string[] = [];
    for (const [productId, rows] of byProduct) {
      if (!/^P\d{6}$/.test(productId)) problems.push(`product id ${productId}`);
      if (rows.length < 1 || rows.length > 8)
        problems.push(`${productId} has ${rows.length} models`);
      const first = rows[0] as RawCatalogueRow;
      for (const row of rows)
        for (const column of productCells)
          if (row[column] !== first[column]) problems.push(`${productId} differs in ${column}`);
      names.add(cell(first, 'product_name'));
      const modelNames = rows.map((r) => cell(r, 'model_name'));
      if (new Set(modelNames).size !== modelNames.length)
        problems.push(`${productId} repeats a model name`);
    }
    expect(problems).toEqual([]);
    // Product names are unique across the catalogue.
    expect(names.size).toBe(byProduct.size);
  });

  it('writes clean cells: no ";" or line breaks anywhere, "|" and "=" only as attribute separators', () => {
    const problems: string[] = [];
    for (const row of catalogue.rows) {
      const code = cell(row, 'model_code');
      for (const column of CATALOGUE_COLUMNS) {
        const value = cell(row, column);
        if (/[;\r\n]/.test(value)) problems.push(`${code} ${column}: ";" or line break`);
        if (column !== 'attributes' && /[|=]/.test(value))
          problems.push(`${code} ${column}: "|" or "="`);
      }
      if (cell(row, 'image') !== '') problems.push(`${code} has an image`);
      if (cell(row, 'product_name') === '' || cell(row, 'description') === '')
        problems.push(`${code} without name or description`);
      const price = cell(row, 'price');
      if (!/^\d+\.\d{2}$/.test(price) || Number(price) <= 0)
        problems.push(`${code} price ${price}`);
      if (!(STOCK_STATUSES as readonly string[]).includes(cell(row, 'stock_status')))
        problems.push(`${code} stock`);

      const pairs = cell(row, 'attributes').split('|');
      if (pairs.length < 2 || pairs.length > 5)
        problems.push(`${code} has ${pairs.length} attributes`);
      for (const pair of pairs) {
        const parts = pair.split('=');
        const [name = '', value = ''] = parts;
        if (parts.length !== 2 || name.trim() === '' || value.trim() === '') {
          problems.push(`${code} attribute "${pair}"`);
          continue;
        }
        // A numeric value is followed by at most one unit token (mm, bar, L/min, °C, %…).
        const tokens = value.split(' ');
        if (
          /^\d/.test(value) &&
          tokens.slice(1).some((t) => /^[\p{L}°%]/u.test(t)) &&
          tokens.length !== 2
        )
          problems.push(`${code} attribute value "${value}"`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('uses the listed brands, with about 3% unbranded products', () => {
    const brandNames = new Set(catalogue.brands.map((b) => b.name));
    expect(brandNames.size).toBe(catalogue.brands.length);
    for (const b of catalogue.brands)
      expect(b.officialSite).toMatch(/^https:\/\/www\.[a-z0-9]+\.example$/);
    const partners = catalogue.brands.filter((b) => b.partner).length;
    expect(partners).toBeGreaterThanOrEqual(6);
    expect(partners).toBeLessThanOrEqual(14);

    const byProduct = groupBy(catalogue.rows, (r) => cell(r, 'product_id'));
    let unbranded = 0;
    for (const rows of byProduct.values()) {
      const brand = cell(rows[0] as RawCatalogueRow, 'brand');
      if (brand === '') unbranded++;
      else expect(brandNames.has(brand)).toBe(true);
    }
    expect(unbranded / byProduct.size).toBeGreaterThan(0.005);
    expect(unbranded / byProduct.size).toBeLessThan(0.08);
  });

  it('has one extra per product with sensible SEO texts', () => {
    const productIds = new Set(catalogue.rows.map((r) => cell(r, 'product_id')));
    expect(new Set(catalogue.extras.map((e) => e.productId))).toEqual(productIds);
    for (const e of catalogue.extras) {
      expect(e.seoName).not.toBe('');
      expect(e.seoDescription.length).toBeLessThanOrEqual(160);
      expect(e.informacaoTecnica).toMatch(/^[^:\n]+: .+/);
      expect(e.informacaoAdicional).not.toBe('');
      if (e.weight === null) expect(e.weightUnit).toBeNull();
      else {
        expect(e.weight).toMatch(/^\d+(\.\d+)?$/);
        expect(['kg', 'g']).toContain(e.weightUnit);
      }
    }
  });

  it('has current, expired and featured campaigns linked to existing families', () => {
    const familyCodes = new Set(catalogue.families.map((f) => f.code));
    const slugs = catalogue.campaigns.map((c) => c.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const c of catalogue.campaigns) {
      expect(c.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(c.startsAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(c.endsAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(c.startsAt < c.endsAt).toBe(true);
      expect(c.theme).toMatch(/^#[0-9A-Fa-f]{6}$/);
      expect(c.familyCodes.length).toBeGreaterThan(0);
      for (const code of c.familyCodes) expect(familyCodes.has(code)).toBe(true);
    }
    expect(catalogue.campaigns.filter((c) => c.active)).toHaveLength(6);
    expect(catalogue.campaigns.filter((c) => !c.active).length).toBeGreaterThanOrEqual(1);
    expect(catalogue.campaigns.filter((c) => c.featured)).toHaveLength(4);
  });
});
