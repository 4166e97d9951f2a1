/** Newsletter (spec 2.6, 5 and 7): double opt-in subscriptions. */
import 'server-only';
import { sql } from 'drizzle-orm';
import { index, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestampTz } from './columns';

export const newsletterStatus = ['pending', 'confirmed', 'unsubscribed'] as const;
export type NewsletterStatus = (typeof newsletterStatus)[number];
export const newsletterSource = ['popup', 'footer', 'banner', 'signup'] as const;
export type NewsletterSource = (typeof newsletterSource)[number];

/** Double opt-in newsletter list: pending until the link in the confirmation mail is opened. */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: serial('id').primaryKey(),
    /** Stored trimmed and in lower case; unique case-insensitively. */
    email: text('email').notNull(),
    /** The spec's `mmerge4` (Arquiteto, Decorador, ...); null when not given. */
    customerType: text('customer_type'),
    status: text('status', { enum: newsletterStatus }).notNull().default('pending'),
    /** SHA-256 (hex) of the token in the confirmation link; the token itself is never stored. */
    confirmTokenHash: text('confirm_token_hash'),
    /** When the last confirmation mail went out (at most one per 10 minutes). */
    confirmationSentAt: timestampTz('confirmation_sent_at'),
    /** Token of the unsubscribe link carried by every newsletter mail. */
    unsubscribeToken: text('unsubscribe_token').notNull(),
    source: text('source', { enum: newsletterSource }).notNull(),
    ipHash: text('ip_hash'),
    createdAt: createdAt(),
    confirmedAt: timestampTz('confirmed_at'),
    unsubscribedAt: timestampTz('unsubscribed_at'),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('newsletter_subscriptions_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('newsletter_subscriptions_confirm_token_key').on(t.confirmTokenHash),
    uniqueIndex('newsletter_subscriptions_unsubscribe_token_key').on(t.unsubscribeToken),
    index('newsletter_subscriptions_status_idx').on(t.status),
  ],
);

export type NewsletterSubscription = typeof newsletterSubscriptions.$inferSelect;
