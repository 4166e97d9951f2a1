/** State of this installation rather than of the shop (how the catalogue was filled, secrets). */
import 'server-only';
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestampTz } from './columns';

/** Small key/value facts about this installation (e.g. how the catalogue was first filled). */
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
});
