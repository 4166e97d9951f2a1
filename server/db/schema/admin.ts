/**
 * The admin area's shared records: the audit log of every staff write (who, when,
 * what, the fields before and after) and the catalogue change log (every change to products,
 * models and prices, from imports, staff edits and the ERP), which `/admin/catalogue-management`
 * lists and the reprint report counts since the last print.
 */
import 'server-only';
import { bigint, bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestampTz } from './columns';

export { AUDIT_ACTIONS, type AuditAction } from '../../../lib/admin/audit';
import { AUDIT_ACTIONS } from '../../../lib/admin/audit';

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestampTz('at').notNull().defaultNow(),
    /** The staff user (kept as text: the log outlives a deleted account). */
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    actorName: text('actor_name'),
    /** What kind of record: 'product', 'campaign', 'brand', 'supplier_catalogue'… */
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    /** A short human text ("Produto 'Torneira X' criado"). */
    summary: text('summary'),
    /** The changed fields only, as they were and as they became (null for a create / delete side). */
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId, t.at), index('audit_log_at_idx').on(t.at)],
);

export const CATALOGUE_CHANGE_KINDS = ['price', 'new', 'removed', 'text'] as const;
export type CatalogueChangeKind = (typeof CATALOGUE_CHANGE_KINDS)[number];
export const CATALOGUE_CHANGE_SOURCES = ['import', 'admin', 'erp'] as const;
export type CatalogueChangeSource = (typeof CATALOGUE_CHANGE_SOURCES)[number];

export const catalogueChanges = pgTable(
  'catalogue_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestampTz('at').notNull().defaultNow(),
    source: text('source', { enum: CATALOGUE_CHANGE_SOURCES }).notNull(),
    actorId: text('actor_id'),
    actorName: text('actor_name'),
    kind: text('kind', { enum: CATALOGUE_CHANGE_KINDS }).notNull(),
    chapterCode: integer('chapter_code'),
    familyId: integer('family_id'),
    brandId: integer('brand_id'),
    productId: integer('product_id'),
    /** Kept as text so the line survives the product's deletion. */
    productCode: text('product_code'),
    productName: text('product_name'),
    /** Null: a change to the product itself. */
    modelCode: text('model_code'),
    /** Which field changed ('price', 'name', 'description'…); null for new / removed. */
    field: text('field'),
    before: text('before'),
    after: text('after'),
  },
  (t) => [
    index('catalogue_changes_at_idx').on(t.at),
    index('catalogue_changes_chapter_idx').on(t.chapterCode, t.at),
    index('catalogue_changes_product_idx').on(t.productId, t.at),
  ],
);

export type AuditEntry = typeof auditLog.$inferSelect;
export type CatalogueChange = typeof catalogueChanges.$inferSelect;
export type NewCatalogueChange = typeof catalogueChanges.$inferInsert;

/**
 * The printed catalogue's baselines (reprint report): each row marks one chapter as
 * reprinted. The chapter's changes counted by the report are those recorded after its newest
 * mark: `catalogue_changes.id > last_change_id` (ids, not times: rows written in one
 * transaction share its start time).
 */
export const cataloguePrints = pgTable(
  'catalogue_prints',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chapterCode: integer('chapter_code').notNull(),
    printedAt: timestampTz('printed_at').notNull().defaultNow(),
    /** The newest catalogue_changes.id covered by this print (0: none yet). */
    lastChangeId: bigint('last_change_id', { mode: 'number' }).notNull().default(0),
    actorId: text('actor_id'),
    actorName: text('actor_name'),
    note: text('note'),
  },
  (t) => [index('catalogue_prints_chapter_idx').on(t.chapterCode, t.id)],
);

/**
 * Catalogue files uploaded from /admin/catalogue-management and waiting for "Confirmar
 * importação": the file is kept in server/storage (`file_key`) until it is imported or expires;
 * `fingerprint` is the catalogue's state when the preview was computed.
 */
export const catalogueUploads = pgTable('catalogue_uploads', {
  id: text('id').primaryKey(),
  fileKey: text('file_key').notNull(),
  fileName: text('file_name').notNull(),
  sha256: text('sha256').notNull(),
  size: integer('size').notNull(),
  rows: integer('rows').notNull(),
  actorId: text('actor_id').notNull(),
  fingerprint: text('fingerprint').notNull(),
  createdAt: createdAt(),
  expiresAt: timestampTz('expires_at').notNull(),
});

export type CataloguePrint = typeof cataloguePrints.$inferSelect;
