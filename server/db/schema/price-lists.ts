/**
 * Professional price lists: one row per requested file, built by a job
 * (server/price-lists). The file holds the prices of `account_id` at the time it was built and
 * is downloadable only by `user_id` while they still belong to that account.
 */
import 'server-only';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, timestampTz } from './columns';
import { ownerUserId } from './auth';
import { proAccounts } from './pricing';

export const priceListStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type PriceListStatus = (typeof priceListStatuses)[number];

export const priceListExports = pgTable(
  'price_list_exports',
  {
    /** 22 characters of base64url: 128 random bits (also the file's name). */
    id: text('id').primaryKey(),
    userId: ownerUserId(),
    accountId: belongsTo('account_id', () => proAccounts.id),
    /** 'all', 'chapter', 'family' or 'brand'. */
    scopeKind: text('scope_kind').notNull(),
    /** Chapter code, family code or brand slug; null for the whole catalogue. */
    scopeValue: text('scope_value'),
    /** Label of the scope as the page shows it ('Capítulo 40 — Tubos…'). */
    scopeLabel: text('scope_label').notNull(),
    format: text('format', { enum: ['csv', 'xlsx'] }).notNull(),
    status: text('status', { enum: priceListStatuses }).notNull().default('queued'),
    /** Rows written so far and rows in the list (0 until known). */
    progress: integer('progress').notNull().default(0),
    total: integer('total').notNull().default(0),
    error: text('error'),
    createdAt: createdAt(),
    startedAt: timestampTz('started_at'),
    finishedAt: timestampTz('finished_at'),
    /** Time to build the file, in milliseconds. */
    buildMs: integer('build_ms'),
  },
  (t) => [index('price_list_exports_user_idx').on(t.userId, t.createdAt)],
);
