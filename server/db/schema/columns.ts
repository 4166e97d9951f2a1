/** Column helpers shared by the domain files of the schema (not tables themselves). */
import 'server-only';
import { customType, timestamp } from 'drizzle-orm/pg-core';

/** PostgreSQL `tsvector` (full-text documents; always generated columns here). */
export const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/** `created_at` and `updated_at`, both `timestamptz` defaulting to now. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
