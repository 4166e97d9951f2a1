/** Browser web vitals as histograms (server/vitals). */
import 'server-only';
import { integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { timestampTz } from './columns';

/**
 * One row per hour × page type × metric × bucket: how many measurements fell in that bucket
 * (server/vitals/histogram.ts: geometric buckets, 10 % wide). Bounded whatever the traffic: at
 * most 24 × 8 page types × 4 metrics × 102 buckets a day; rows older than 8 days are purged
 * (server/maintenance/purge.ts).
 */
export const webVitalBuckets = pgTable(
  'web_vital_buckets',
  {
    hour: timestampTz('hour').notNull(),
    pageType: text('page_type').notNull(),
    metric: text('metric').notNull(),
    bucket: smallint('bucket').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.hour, t.pageType, t.metric, t.bucket] })],
);
