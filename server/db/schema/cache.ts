/** The shared cache-invalidation log (server/cache). */
import 'server-only';
import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Every write that changes what cached pages show appends the tags it touched; every server
 * instance polls the log and forgets the cached pages and data carrying those tags
 * (server/cache/poller.ts). Rows older than a day are pruned.
 */
export const cacheInvalidations = pgTable(
  'cache_invalidations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tags: text('tags').array().notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('cache_invalidations_created_at_idx').on(t.createdAt)],
);
