/**
 * The catalogue exchange format (ERP spreadsheet): one row per model.
 * Shared by the importer, the exporter and the demo catalogue generator.
 */
import 'server-only';
export const CATALOGUE_COLUMNS = [
  'chapter_code',
  'family_code',
  'family_title',
  'product_id',
  'product_name',
  'description',
  'brand',
  'model_code',
  'model_name',
  'size',
  'price',
  'discount_group',
  'ean',
  'stock_status',
  'small_package',
  'medium_package',
  'large_package',
  'image',
  'attributes',
] as const;

export type CatalogueColumn = (typeof CATALOGUE_COLUMNS)[number];

/** Columns that hold numbers or package sizes (`10/50`, `-`): written as they are, never as text. */
export const CATALOGUE_NUMERIC_COLUMNS: readonly CatalogueColumn[] = ['price', 'small_package', 'medium_package', 'large_package'];

/**
 * Columns of free or coded text: the export writes them formula-safe (a leading `'` before `=`,
 * `+`, `-`, `@`, tab or CR: lib/spreadsheet-cells) and the import removes exactly that quote again,
 * so an exported file imports back to the same texts.
 */
export const CATALOGUE_TEXT_COLUMNS: readonly CatalogueColumn[] = CATALOGUE_COLUMNS.filter((c) => !CATALOGUE_NUMERIC_COLUMNS.includes(c));

export const REQUIRED_COLUMNS: readonly CatalogueColumn[] = [
  'chapter_code',
  'family_code',
  'product_id',
  'product_name',
  'model_code',
  'price',
];

export const STOCK_STATUSES = ['in_stock', 'out_of_stock', 'on_order'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

/** A row as read from a file: every cell is text (possibly empty or absent). */
export type RawCatalogueRow = Partial<Record<CatalogueColumn, string>>;
