/**
 * Search tuning: the trade synonyms as editable data and the log of searches that
 * found nothing or little. The shipped vocabulary (lib/search/trade-vocabulary.ts) is seeded into
 * `search_synonyms` at start (server/db/reference.ts) under its `builtin_key`; staff edits and
 * deletions of those rows are kept (a deleted builtin stays as a row with `deleted_at`, so the
 * seed never brings it back).
 */
import 'server-only';
import { bigserial, boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestampTz } from './columns';

export const SYNONYM_KINDS = ['two_way', 'one_way'] as const;
export type SynonymKind = (typeof SYNONYM_KINDS)[number];

export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The group's key in the shipped vocabulary; null for groups staff created. */
    builtinKey: text('builtin_key'),
    kind: text('kind', { enum: SYNONYM_KINDS }).notNull(),
    /** two_way: the interchangeable terms; one_way: the source terms (what is typed). */
    terms: text('terms').array().notNull(),
    /** one_way: what the source terms also find; empty for two_way. */
    targets: text('targets').array().notNull().default([]),
    active: boolean('active').notNull().default(true),
    notes: text('notes'),
    /** Catalogue chapter code the group belongs to (shipped vocabulary), if any. */
    chapterCode: integer('chapter_code'),
    /** Staff user who created it (text: the row outlives the account); null for the shipped ones. */
    createdBy: text('created_by'),
    updatedBy: text('updated_by'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
    /** Deleted by staff: kept so the shipped vocabulary does not seed it again. */
    deletedAt: timestampTz('deleted_at'),
  },
  (t) => [uniqueIndex('search_synonyms_builtin_key_idx').on(t.builtinKey), index('search_synonyms_updated_idx').on(t.updatedAt)],
);

export const searchLog = pgTable(
  'search_log',
  {
    /** The query folded (no accents, lower case, single spaces), capped in length. */
    term: text('term').primaryKey(),
    /** What was typed the last time (for the form's pre-fill). */
    sample: text('sample').notNull(),
    count: integer('count').notNull().default(0),
    lastResults: integer('last_results').notNull().default(0),
    firstSeen: timestampTz('first_seen').notNull().defaultNow(),
    lastSeen: timestampTz('last_seen').notNull().defaultNow(),
    /** Staff dismissed it: hidden until it is searched again after that. */
    dismissedAt: timestampTz('dismissed_at'),
  },
  (t) => [index('search_log_count_idx').on(t.count), index('search_log_last_seen_idx').on(t.lastSeen)],
);

export type SearchSynonym = typeof searchSynonyms.$inferSelect;
export type SearchLogEntry = typeof searchLog.$inferSelect;
