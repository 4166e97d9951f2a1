/**
 * Operations of the admin area: the customer mails of staff order-status changes, the
 * ERP (PHC) sync history and the ERP's clients as last received.
 */
import 'server-only';
import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, timestampTz } from './columns';
import { orderEvents, orders } from './orders';
import { proAccounts } from './pricing';

/**
 * One customer mail per order status change made by staff (the order_events row it tells of):
 * the job that sends it locks this row, sends only when it is not marked sent and marks it in
 * the same transaction, like `order_mails`.
 */
export const orderStatusMails = pgTable(
  'order_status_mails',
  {
    eventId: integer('event_id')
      .primaryKey()
      .references(() => orderEvents.id, { onDelete: 'cascade' }),
    orderId: belongsTo('order_id', () => orders.id),
    sentAt: timestampTz('sent_at'),
    outboxId: integer('outbox_id'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [index('order_status_mails_order_idx').on(t.orderId)],
);

export const ERP_SYNC_KINDS = ['clients', 'prices'] as const;
export type ErpSyncKind = (typeof ERP_SYNC_KINDS)[number];
export const ERP_SYNC_STATUSES = ['ok', 'failed'] as const;
export type ErpSyncStatus = (typeof ERP_SYNC_STATUSES)[number];
export const ERP_SYNC_SOURCES = ['upload', 'inbox', 'http'] as const;
export type ErpSyncSource = (typeof ERP_SYNC_SOURCES)[number];

export interface ErpSyncCounts {
  rows: number;
  created: number;
  changed: number;
  unchanged: number;
  missing: number;
  /** Lines skipped because they name an article the catalogue does not have (absent in older runs). */
  skipped?: number;
}

/** One applied (or refused) ERP sync: who or the scheduled run, when, the file, the counts, the report. */
export const erpSyncRuns = pgTable(
  'erp_sync_runs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ERP_SYNC_KINDS }).notNull(),
    source: text('source', { enum: ERP_SYNC_SOURCES }).notNull(),
    /** The staff member (null: the scheduled run). */
    actorId: text('actor_id'),
    actorName: text('actor_name'),
    fileName: text('file_name').notNull(),
    fileSha256: text('file_sha256').notNull(),
    status: text('status', { enum: ERP_SYNC_STATUSES }).notNull(),
    counts: jsonb('counts').$type<ErpSyncCounts>(),
    /** A failed run: the line report (`Linha 3, coluna price: …`), at most a few hundred lines. */
    report: jsonb('report').$type<string[]>().notNull().default([]),
    startedAt: timestampTz('started_at').notNull().defaultNow(),
    finishedAt: timestampTz('finished_at').notNull().defaultNow(),
  },
  (t) => [index('erp_sync_runs_started_idx').on(t.startedAt)],
);

export interface ErpClientRule {
  group: string;
  /** Percentage, two decimals as text (`12.50`). */
  percentage: string;
}

/**
 * The ERP's clients as the last clients sync gave them; `account_id` is the shop account linked
 * to one (by "ligar" or "criar conta", or an account carrying its ERP id). `missing_since`: absent
 * from the latest clients file.
 */
export const erpClients = pgTable(
  'erp_clients',
  {
    erpClientId: text('erp_client_id').primaryKey(),
    nif: text('nif'),
    name: text('name').notNull(),
    email: text('email'),
    accountName: text('account_name'),
    rules: jsonb('rules').$type<ErpClientRule[]>().notNull().default([]),
    accountId: integer('account_id').references(() => proAccounts.id, { onDelete: 'set null' }),
    missingSince: timestampTz('missing_since'),
    createdAt: createdAt(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('erp_clients_nif_idx').on(t.nif), index('erp_clients_email_idx').on(t.email), index('erp_clients_account_idx').on(t.accountId)],
);

export type ErpClientRow = typeof erpClients.$inferSelect;
export type ErpSyncRunRow = typeof erpSyncRuns.$inferSelect;
