/**
 * Issue 13, catalogue side: the manufacturers' own catalogues staff publish on /catalogos-fabrica
 * (a PDF upload or a link to the maker's site, with a cover) and the keyword rules that suggest a
 * Google product category for families and products (/admin/google-category-classifier).
 */
import 'server-only';
import { boolean, index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { brands } from './catalogue';
import { belongsTo, timestamps } from './columns';

export const supplierCatalogues = pgTable(
  'supplier_catalogues',
  {
    id: serial('id').primaryKey(),
    brandId: belongsTo('brand_id', () => brands.id),
    title: text('title').notNull(),
    year: smallint('year'),
    /** Storage key of the uploaded PDF (`uploads/documents/…`); null when the catalogue is a link. */
    pdfKey: text('pdf_key'),
    /** The maker's page or PDF (http/https); null when the PDF was uploaded. */
    externalUrl: text('external_url'),
    /** Public URL of the cover (`/media/uploads/covers/…`). */
    coverUrl: text('cover_url'),
    /** How the cover came about: the PDF's first page, an uploaded image, or generated. */
    coverSource: text('cover_source', { enum: ['pdf', 'upload', 'generated'] }),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** Bumped by every staff edit: a form saved over an older version is refused. */
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [index('supplier_catalogues_brand_idx').on(t.brandId), index('supplier_catalogues_order_idx').on(t.sortOrder, t.id)],
);

export const googleCategoryRules = pgTable('google_category_rules', {
  id: serial('id').primaryKey(),
  /** One or more keywords separated by commas ("torneira, misturadora"), matched accent-insensitively. */
  keywords: text('keywords').notNull(),
  /** A category of the shipped Google taxonomy subtree (lib/catalogue/google-taxonomy.ts). */
  categoryId: integer('category_id').notNull(),
  /** Higher wins when several rules match one name. */
  priority: integer('priority').notNull().default(0),
  version: integer('version').notNull().default(1),
  ...timestamps,
});
