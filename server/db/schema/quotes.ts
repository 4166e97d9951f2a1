/**
 * Quotes: a request for prices on some lines, by a guest (contact fields and a private
 * link) or a customer, answered by staff with a price per line, accepted into an order or
 * declined, expired, withdrawn. Lines are snapshots like an order's; money in integer cents, unit
 * prices numeric(12,4). Numbers `OR-YYYY-NNNNNN` from a per-year counter row (no gaps).
 */
import 'server-only';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { QUOTE_STATUSES } from '../../../lib/quotes/status';
import { users } from './auth';
import { belongsTo, createdAt, lineSnapshotColumns, statusEventColumns, timestamps, timestampTz, yearCounterColumns } from './columns';
import { orders } from './orders';

export const quoteCounters = pgTable('quote_counters', yearCounterColumns());

export const quotes = pgTable(
  'quotes',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull().unique(),
    /** The customer; null for a guest's request (until it joins the account of its e-mail). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    contactName: text('contact_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone'),
    company: text('company'),
    nif: text('nif'),
    /** What the requester wrote (shown to staff and in the thread; never in a mail). */
    message: text('message'),
    /** SHA-256 of a guest's private link token (hex); the token itself is only in the mail. */
    accessTokenHash: text('access_token_hash').unique(),
    status: text('status', { enum: QUOTE_STATUSES }).notNull().default('requested'),
    /** Set by the answer. */
    validUntil: date('valid_until', { mode: 'string' }),
    goodsNetCents: integer('goods_net_cents'),
    taxCents: integer('tax_cents'),
    shippingCents: integer('shipping_cents'),
    totalCents: integer('total_cents'),
    answeredAt: timestampTz('answered_at'),
    answeredBy: text('answered_by').references(() => users.id, { onDelete: 'set null' }),
    /** The order an accepted quote became (at most one). */
    orderId: integer('order_id')
      .unique()
      .references(() => orders.id, { onDelete: 'set null' }),
    /** Bumped by every change: an answer made on an older version is refused. */
    version: integer('version').notNull().default(1),
    ipHash: text('ip_hash'),
    ...timestamps,
  },
  (t) => [
    index('quotes_user_idx').on(t.userId, t.createdAt),
    index('quotes_status_idx').on(t.status, t.createdAt),
    index('quotes_email_idx').on(t.contactEmail),
    check('quotes_money_sane', sql`${t.totalCents} IS NULL OR ${t.totalCents} = ${t.goodsNetCents} + ${t.taxCents} + ${t.shippingCents}`),
  ],
);

export const quoteLines = pgTable(
  'quote_lines',
  {
    id: serial('id').primaryKey(),
    quoteId: belongsTo('quote_id', () => quotes.id),
    ...lineSnapshotColumns(),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull(),
    /** The customer's list price when requested (net, for staff's reference). */
    listUnitPrice: numeric('list_unit_price', { precision: 12, scale: 4 }),
    /** Staff's net unit price (null until answered). */
    quotedUnitPrice: numeric('quoted_unit_price', { precision: 12, scale: 4 }),
    lineNetCents: integer('line_net_cents'),
    lineTaxCents: integer('line_tax_cents'),
    lineTotalCents: integer('line_total_cents'),
  },
  (t) => [uniqueIndex('quote_lines_quote_position_key').on(t.quoteId, t.position)],
);

export const quoteMessages = pgTable(
  'quote_messages',
  {
    id: serial('id').primaryKey(),
    quoteId: belongsTo('quote_id', () => quotes.id),
    author: text('author', { enum: ['customer', 'staff'] as const }).notNull(),
    authorUserId: text('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A message about one line (its position), else the whole quote. */
    linePosition: integer('line_position'),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('quote_messages_quote_idx').on(t.quoteId, t.id)],
);

export const quoteEvents = pgTable(
  'quote_events',
  {
    id: serial('id').primaryKey(),
    quoteId: belongsTo('quote_id', () => quotes.id),
    ...statusEventColumns(QUOTE_STATUSES),
  },
  (t) => [index('quote_events_quote_idx').on(t.quoteId, t.id)],
);

export const quoteMailKinds = ['acknowledgement', 'shop_notice', 'answered'] as const;
export type QuoteMailKind = (typeof quoteMailKinds)[number];

/** One row per mail to send (an answer revised sends again: a row per answer), sent once by its job. */
export const quoteMails = pgTable(
  'quote_mails',
  {
    id: serial('id').primaryKey(),
    quoteId: belongsTo('quote_id', () => quotes.id),
    kind: text('kind', { enum: quoteMailKinds }).notNull(),
    sentAt: timestampTz('sent_at'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('quote_mails_quote_idx').on(t.quoteId)],
);
