import 'server-only';
import { lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { MAX_VITALS_PER_BEACON, PAGE_TYPES, VITAL_METRICS, type PageType, type VitalFigure, type VitalMetric, type VitalsSummary, type VitalsWindow } from '@/lib/vitals';
import { AppError, validationError } from '@/server/errors';
import { getDb, type Db } from '@/server/db/client';
import { webVitalBuckets } from '@/server/db/schema';
import { bucketOf, MAX_VALUE, quantileOf } from './histogram';

/**
 * Browser web vitals (LCP, INP, CLS, TTFB by page type): the beacons of components/vitals arrive
 * at POST /api/vitals and are counted into hourly histograms (server/db/schema/web-vitals.ts);
 * /admin/cache-performance shows their p75 for the last 24 hours and 7 days. Nothing about the
 * visitor is kept: no IP, no cookie, no URL, only the page type and the value's bucket.
 */

export const VITALS_RETENTION_DAYS = 8;
/** A beacon is a few hundred bytes: POST /api/vitals takes at most this much. */
export const VITALS_BODY_LIMIT = 4 * 1024;
const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/** A beacon: `{ page, metrics: [{ name, value }] }` (message keys relative to `Api.vitals`). */
export const vitalsBeaconSchema = z.object({
    page: z.enum(PAGE_TYPES, { error: 'page' }),
    metrics: z
      .array(
        z
          .object({
            name: z.enum(VITAL_METRICS, { error: 'name' }),
            value: z.number({ error: 'value' }).min(0, 'value'),
          })
          .refine((m) => m.value <= MAX_VALUE[m.name], { message: 'value', path: ['value'] }),
        { error: 'metrics' },
      )
      .min(1, 'metrics')
      .max(MAX_VITALS_PER_BEACON, 'metrics'),
  });
export type VitalsBeacon = z.infer<typeof vitalsBeaconSchema>;

const hourOf = (at: number) => new Date(Math.floor(at / HOUR_MS) * HOUR_MS);

/** Counts a beacon's measurements into the histogram of the current hour. */
export async function recordVitals(db: Db, beacon: VitalsBeacon, now = Date.now()): Promise<void> {
  const hour = hourOf(now);
  const counts = new Map<string, { metric: VitalMetric; bucket: number; count: number }>();
  for (const m of beacon.metrics) {
    const bucket = bucketOf(m.name, m.value);
    const key = `${m.name}:${bucket}`;
    const seen = counts.get(key);
    if (seen) seen.count++;
    else counts.set(key, { metric: m.name, bucket, count: 1 });
  }
  await db
    .insert(webVitalBuckets)
    .values([...counts.values()].map((c) => ({ hour, pageType: beacon.page, metric: c.metric, bucket: c.bucket, count: c.count })))
    .onConflictDoUpdate({
      target: [webVitalBuckets.hour, webVitalBuckets.pageType, webVitalBuckets.metric, webVitalBuckets.bucket],
      set: { count: sql`${webVitalBuckets.count} + excluded.count` },
    });
}

export type { VitalFigure, VitalsSummary, VitalsWindow } from '@/lib/vitals';

/** p75 and number of measurements per page type and metric, over the last 24 hours and the last 7 days. */
export async function vitalsSummary(db: Db, now = Date.now()): Promise<VitalsSummary> {
  const dayFrom = hourOf(now - DAY_MS + HOUR_MS);
  const weekFrom = hourOf(now - 7 * DAY_MS + HOUR_MS);
  const result = await db.execute<{ page_type: string; metric: string; bucket: number; day: number; week: number }>(sql`
    SELECT page_type, metric, bucket,
           coalesce(sum(count) FILTER (WHERE hour >= ${dayFrom.toISOString()}::timestamptz), 0)::int AS day,
           sum(count)::int AS week
      FROM web_vital_buckets
     WHERE hour >= ${weekFrom.toISOString()}::timestamptz
     GROUP BY page_type, metric, bucket`);
  const histograms: Record<VitalsWindow, Map<string, Map<number, number>>> = { day: new Map(), week: new Map() };
  for (const row of result.rows) {
    for (const window of ['day', 'week'] as const) {
      const n = Number(row[window]);
      if (!n) continue;
      const key = `${row.page_type}:${row.metric}`;
      const map = histograms[window].get(key) ?? new Map<number, number>();
      map.set(Number(row.bucket), (map.get(Number(row.bucket)) ?? 0) + n);
      histograms[window].set(key, map);
    }
  }
  const figures = (window: VitalsWindow) =>
    Object.fromEntries(
      PAGE_TYPES.map((page) => [
        page,
        Object.fromEntries(
          VITAL_METRICS.map((metric) => {
            const counts = histograms[window].get(`${page}:${metric}`) ?? new Map<number, number>();
            const count = [...counts.values()].reduce((a, b) => a + b, 0);
            return [metric, { p75: quantileOf(metric, counts, 0.75), count }];
          }),
        ),
      ]),
    ) as Record<PageType, Record<VitalMetric, VitalFigure>>;
  return { day: figures('day'), week: figures('week') };
}

/** Deletes the hours older than VITALS_RETENTION_DAYS; returns how many rows went. */
export async function purgeOldVitals(db: Db, now = Date.now()): Promise<number> {
  const rows = await db
    .delete(webVitalBuckets)
    .where(lt(webVitalBuckets.hour, new Date(now - VITALS_RETENTION_DAYS * DAY_MS)))
    .returning({ hour: webVitalBuckets.hour });
  return rows.length;
}

/**
 * A beacon's body as sent by `navigator.sendBeacon` (text/plain) or by fetch (application/json):
 * JSON, validated; a 400 with the field messages (pt-PT) otherwise.
 */
export function parseVitalsBeacon(text: string): VitalsBeacon {
  let input: unknown;
  try {
    input = JSON.parse(text) as unknown;
  } catch {
    throw new AppError({ code: 'bad_request', key: 'Api.invalidJson' });
  }
  const parsed = vitalsBeaconSchema.safeParse(input, { error: () => 'invalid' });
  if (!parsed.success) throw validationError(parsed.error, 'Api.vitals');
  return parsed.data;
}

/** recordVitals on the process database (for the route handler). */
export async function recordVitalsBeacon(beacon: VitalsBeacon): Promise<void> {
  await recordVitals(await getDb(), beacon);
}

/** vitalsSummary on the process database (for the admin page). */
export async function currentVitalsSummary(): Promise<VitalsSummary> {
  return vitalsSummary(await getDb());
}
