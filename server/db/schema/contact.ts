/** Contact form (spec 2.6 and 8): the messages sent from /contacto. */
import 'server-only';
import { index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const contactMessageStatus = ['new', 'read', 'answered', 'archived'] as const;
export type ContactMessageStatus = (typeof contactMessageStatus)[number];

/** Messages of the /contacto form; the shop is also notified by e-mail. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: contactMessageStatus }).notNull().default('new'),
    ipHash: text('ip_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt),
    index('contact_messages_status_idx').on(t.status),
  ],
);

export type ContactMessage = typeof contactMessages.$inferSelect;
