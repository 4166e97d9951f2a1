/**
 * Technical sheets (fichas técnicas): one per product, or one per model of a product.
 * A structured sheet (sections of label/value rows, norms, certifications, a dimensions drawing)
 * that the `technical-sheet-pdf` job renders to a PDF, and/or the manufacturer's own PDF as
 * uploaded. Only published sheets are shown on the product page and in the document centre.
 */
import 'server-only';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { inventoryProducts, products } from './catalogue';
import { belongsTo, timestamps, timestampTz } from './columns';

export interface TechnicalSheetRow {
  label: string;
  value: string;
}

export interface TechnicalSheetSection {
  title: string;
  rows: TechnicalSheetRow[];
}

export const technicalSheets = pgTable(
  'technical_sheets',
  {
    id: serial('id').primaryKey(),
    productId: belongsTo('product_id', () => products.id),
    /** Null: the sheet of the whole product. */
    modelId: integer('model_id').references(() => inventoryProducts.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    sections: jsonb('sections').$type<TechnicalSheetSection[]>().notNull().default([]),
    norms: text('norms').array().notNull().default(sql`'{}'::text[]`),
    certifications: text('certifications').array().notNull().default(sql`'{}'::text[]`),
    /** Storage key of the dimensions drawing (an image upload: `uploads/drawings/…`). */
    drawingKey: text('drawing_key'),
    /** Storage key of the manufacturer's PDF (`uploads/documents/…`). */
    manufacturerPdfKey: text('manufacturer_pdf_key'),
    /** Storage key of the PDF the job rendered, when, and from which version of the sheet. */
    generatedPdfKey: text('generated_pdf_key'),
    generatedAt: timestampTz('generated_at'),
    generatedVersion: integer('generated_version'),
    published: boolean('published').notNull().default(false),
    /** Bumped by every staff edit: a form saved over an older version is refused. */
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    unique('technical_sheets_product_model_key').on(t.productId, t.modelId).nullsNotDistinct(),
    index('technical_sheets_published_idx').on(t.published),
  ],
);

export type TechnicalSheetRecord = typeof technicalSheets.$inferSelect;
