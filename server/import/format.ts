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
