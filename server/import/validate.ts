import 'server-only';
import { parseAttributes, type AttributeValue } from '@/lib/catalogue/attributes';
import { FAMILY_CODE_PATTERN } from '@/lib/catalogue/chapters';
import { parseDecimal } from '@/lib/catalogue/decimal';
import { isValidEan } from '@/lib/catalogue/ean';
import { slugify } from '@/lib/slug';
import { STOCK_STATUSES, type CatalogueColumn, type StockStatus } from './format';
import type { ImportIssue, SourceRow } from './read';

export interface FamilyInput {
  code: string;
  chapterCode: number;
  /** Null when the file gives no title (the family must then exist already). */
  title: string | null;
  line: number;
}

export interface ProductInput {
  productCode: string;
  name: string;
  description: string | null;
  chapterCode: number;
  familyCode: string;
  brand: string | null;
  image: string | null;
  line: number;
}

export interface ModelInput {
  code: string;
  name: string;
  productCode: string;
  size: string | null;
  price: string;
  discountGroup: string | null;
  ean: string | null;
  stockStatus: StockStatus;
  smallPackage: string | null;
  mediumPackage: string | null;
  largePackage: string | null;
  attributes: AttributeValue[];
  line: number;
}

export interface CatalogueInput {
  families: Map<string, FamilyInput>;
  brands: Set<string>;
  products: Map<string, ProductInput>;
  models: ModelInput[];
}

export interface ValidationContext {
  chapterCodes: ReadonlySet<number>;
  /** code → title of the families already in the database. */
  existingFamilies: ReadonlyMap<string, string>;
}

const MAX_LENGTH: Partial<Record<CatalogueColumn, number>> = {
  product_id: 64,
  model_code: 64,
  product_name: 300,
  model_name: 300,
  family_title: 200,
  brand: 120,
  size: 120,
  discount_group: 32,
  small_package: 32,
  medium_package: 32,
  large_package: 32,
  image: 1000,
  description: 10_000,
  attributes: 4000,
};

const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;
const PACKAGE_PATTERN = /^(-|\d+(\/\d+)*)$/;

/** Validates every row; returns the normalised catalogue and every problem found (all rows, not the first). */
export function validateRows(rows: readonly SourceRow[], context: ValidationContext): { input: CatalogueInput; issues: ImportIssue[] } {
  const issues: ImportIssue[] = [];
  const families = new Map<string, FamilyInput>();
  const familySlugs = new Map<string, { code: string; line: number }>();
  const brands = new Set<string>();
  const brandsBySlug = new Map<string, string>();
  const products = new Map<string, ProductInput>();
  const modelLines = new Map<string, number>();
  const eanLines = new Map<string, number>();
  const models: ModelInput[] = [];

  for (const { line, cells } of rows) {
    const rowIssues: ImportIssue[] = [];
    const report = (column: CatalogueColumn, message: string) => rowIssues.push({ line, column, message });
    const text = (column: CatalogueColumn): string => (cells[column] ?? '').trim();
    const optional = (column: CatalogueColumn): string | null => text(column) || null;

    for (const [column, max] of Object.entries(MAX_LENGTH) as [CatalogueColumn, number][]) {
      if (text(column).length > max) report(column, `texto demasiado longo (máximo ${max} caracteres)`);
    }
    for (const column of ['chapter_code', 'family_code', 'product_id', 'product_name', 'model_code', 'price'] as const) {
      if (!text(column)) report(column, 'valor obrigatório em falta');
    }

    // Chapter and family
    const chapterText = text('chapter_code');
    let chapterCode: number | null = null;
    if (chapterText) {
      if (!/^\d+$/.test(chapterText) || !context.chapterCodes.has(Number(chapterText))) {
        report('chapter_code', `capítulo desconhecido: ${chapterText}`);
      } else chapterCode = Number(chapterText);
    }
    const familyCode = text('family_code');
    const familyTitle = optional('family_title');
    if (familyCode) {
      const m = FAMILY_CODE_PATTERN.exec(familyCode);
      if (!m) report('family_code', `código de família inválido: ${familyCode} (formato capítulo-NNN, ex. 10-010)`);
      else if (chapterCode !== null && Number(m[1]) !== chapterCode) {
        report('family_code', `a família ${familyCode} não pertence ao capítulo ${chapterCode}`);
      } else if (!familyTitle && !context.existingFamilies.has(familyCode) && !families.get(familyCode)?.title) {
        report('family_title', `família nova ${familyCode} sem título`);
      }
    }

    // Product
    const productCode = text('product_id');
    if (productCode && !CODE_PATTERN.test(productCode)) report('product_id', 'código com caracteres inválidos');
    const productName = text('product_name');
    const brand = optional('brand');

    // Model
    const modelCode = text('model_code');
    if (modelCode && !CODE_PATTERN.test(modelCode)) report('model_code', 'código com caracteres inválidos');
    const previousModelLine = modelCode ? modelLines.get(modelCode) : undefined;
    if (previousModelLine !== undefined) report('model_code', `código de modelo repetido (já usado na linha ${previousModelLine})`);

    const priceText = text('price');
    let price: string | null = null;
    if (priceText) {
      price = parseDecimal(priceText);
      if (price === null) report('price', `número inválido: ${priceText}`);
      else if (Number(price) < 0) report('price', 'o preço não pode ser negativo');
      else if ((price.split('.')[1] ?? '').length > 4) report('price', 'o preço tem mais de 4 casas decimais');
      else if (Number(price) >= 1e8) report('price', 'preço demasiado alto');
    }

    const ean = optional('ean');
    if (ean) {
      if (!/^\d+$/.test(ean) || ![8, 12, 13, 14].includes(ean.length)) report('ean', 'o EAN deve ter 13 dígitos');
      else if (!isValidEan(ean)) report('ean', 'dígito de controlo inválido');
      else {
        const previous = eanLines.get(ean);
        if (previous !== undefined) report('ean', `EAN repetido (já usado na linha ${previous})`);
      }
    }

    const stockText = text('stock_status') || 'in_stock';
    const stockStatus = STOCK_STATUSES.find((s) => s === stockText);
    if (!stockStatus) report('stock_status', `estado de stock inválido: ${stockText} (use in_stock, out_of_stock ou on_order)`);

    for (const column of ['small_package', 'medium_package', 'large_package'] as const) {
      const value = text(column);
      if (value && !PACKAGE_PATTERN.test(value.replace(/\s+/g, ''))) {
        report(column, `embalagem inválida: ${value} (ex. 10, 10/50 ou -)`);
      }
    }

    const attributes = parseAttributes(text('attributes'));
    if (!attributes.ok) report('attributes', attributes.message);

    // Product-level cells must agree across the rows of one product.
    const known = productCode ? products.get(productCode) : undefined;
    if (known) {
      const compare: [CatalogueColumn, string | number | null, string | number | null][] = [
        ['product_name', productName, known.name],
        ['description', optional('description'), known.description],
        ['chapter_code', chapterCode, known.chapterCode],
        ['family_code', familyCode, known.familyCode],
        ['brand', brand, known.brand],
        ['image', optional('image'), known.image],
      ];
      for (const [column, value, expected] of compare) {
        if (value !== expected) report(column, `valor diferente do da linha ${known.line} para o mesmo produto ${productCode}`);
      }
    }
    if (familyCode && familyTitle) {
      const family = families.get(familyCode);
      if (family?.title && family.title !== familyTitle) {
        report('family_title', `título diferente do da linha ${family.line} para a família ${familyCode}`);
      }
      if (chapterCode !== null && FAMILY_CODE_PATTERN.test(familyCode)) {
        const slugKey = `${chapterCode}/${slugify(familyTitle)}`;
        const clash = familySlugs.get(slugKey);
        if (clash && clash.code !== familyCode) {
          report('family_title', `o título coincide com o da família ${clash.code} (linha ${clash.line}) no mesmo capítulo`);
        }
      }
    }
    if (brand) {
      const other = brandsBySlug.get(slugify(brand));
      if (other && other !== brand) report('brand', `marca escrita de outra forma na mesma importação: '${other}'`);
    }

    if (rowIssues.length) {
      issues.push(...rowIssues);
      if (modelCode && previousModelLine === undefined) modelLines.set(modelCode, line);
      continue;
    }

    // The row is valid: collect it.
    modelLines.set(modelCode, line);
    if (ean) eanLines.set(ean, line);
    if (!families.has(familyCode) || (familyTitle && !families.get(familyCode)?.title)) {
      families.set(familyCode, { code: familyCode, chapterCode: chapterCode!, title: familyTitle, line });
      if (familyTitle) familySlugs.set(`${chapterCode}/${slugify(familyTitle)}`, { code: familyCode, line });
    }
    if (brand) {
      brands.add(brand);
      brandsBySlug.set(slugify(brand), brand);
    }
    if (!known) {
      products.set(productCode, {
        productCode,
        name: productName,
        description: optional('description'),
        chapterCode: chapterCode!,
        familyCode,
        brand,
        image: optional('image'),
        line,
      });
    }
    models.push({
      code: modelCode,
      name: text('model_name') || productName,
      productCode,
      size: optional('size'),
      price: price!,
      discountGroup: optional('discount_group'),
      ean,
      stockStatus: stockStatus!,
      smallPackage: optional('small_package')?.replace(/\s+/g, '') ?? null,
      mediumPackage: optional('medium_package')?.replace(/\s+/g, '') ?? null,
      largePackage: optional('large_package')?.replace(/\s+/g, '') ?? null,
      attributes: attributes.ok ? attributes.attributes : [],
      line,
    });
  }

  if (rows.length === 0) issues.push({ line: 1, message: 'o ficheiro não tem linhas de dados' });
  return { input: { families, brands, products, models }, issues };
}
