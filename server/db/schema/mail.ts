/** Mail (spec 2.6, 4, 5 and 8): every e-mail the shop sends, with its delivery status. */
import 'server-only';
import { index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, timestampTz } from './columns';

export const mailStatus = ['outbox', 'sent', 'failed'] as const;
export type MailStatus = (typeof mailStatus)[number];

/**
 * Every e-mail the shop sends. Without SMTP (development) this table is the delivery: the dev
 * page /dev/outbox lists it. With SMTP each mail is stored too, with its status, so none is lost.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** outbox: kept here only (no SMTP); sent / failed: the SMTP outcome. */
    status: text('status', { enum: mailStatus }).notNull().default('outbox'),
    error: text('error'),
    messageId: text('message_id'),
    createdAt: createdAt(),
    sentAt: timestampTz('sent_at'),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;
