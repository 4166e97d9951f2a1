import 'server-only';
import { lt, sql } from 'drizzle-orm';
import { RATE_LIMITS } from '@/server/auth/rate-limit';
import { getDb, type Db } from '@/server/db/client';
import { authRateLimits, mailOutbox } from '@/server/db/schema';
import { purgeOldVitals } from '@/server/vitals';
import { enqueue, getJobs, JOB_QUEUES, registerJobHandler } from '@/server/jobs';
import { logger } from '@/server/log';

const log = logger('maintenance');

/**
 * Housekeeping of the tables that would otherwise grow without bound: mails of the outbox older
 * than OUTBOX_RETENTION_DAYS, web-vital histograms older than VITALS_RETENTION_DAYS (server/vitals),
 * and abuse-limit counters whose window has passed (a counter past its
 * window counts as zero anyway: the next hit starts a new window). Run at every start
 * (server/db/prepare.ts) and every hour as a `maintenance` job: every serving instance enqueues the
 * hour's job, its singleton key (the hour) keeps one, and pg-boss runs it once (startMaintenance).
 */

export const OUTBOX_RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60_000;
/** Counters of keys whose action has no known window (another module's limit) live this long. */
const UNKNOWN_WINDOW_MS = DAY_MS;
const EVERY_MS = 60 * 60_000;

export interface PurgeResult {
  outbox: number;
  rateLimits: number;
  webVitals: number;
}

/** The window of each limited action (the key starts with the action: `sign-in:ip:…`). */
function windowByAction(): Map<string, number> {
  const windows = new Map<string, number>();
  for (const [action, limits] of Object.entries(RATE_LIMITS)) windows.set(action, Math.max(limits.ip.windowMs, limits.email?.windowMs ?? 0));
  return windows;
}

export async function purgeExpiredRows(db: Db, now: number = Date.now()): Promise<PurgeResult> {
  const outbox = await db
    .delete(mailOutbox)
    .where(lt(mailOutbox.createdAt, new Date(now - OUTBOX_RETENTION_DAYS * DAY_MS)))
    .returning({ id: mailOutbox.id });
  const windows = windowByAction();
  const cases = sql.join(
    [...windows].map(([action, ms]) => sql`WHEN ${action} THEN ${ms}::bigint`),
    sql` `,
  );
  const longest = Math.max(UNKNOWN_WINDOW_MS, ...windows.values());
  const rateLimits = await db
    .delete(authRateLimits)
    .where(
      sql`${authRateLimits.windowStartedAt} < ${now}::bigint - (CASE split_part(${authRateLimits.key}, ':', 1) ${cases} ELSE ${longest}::bigint END)`,
    )
    .returning({ key: authRateLimits.key });
  const webVitals = await purgeOldVitals(db, now);
  return { outbox: outbox.length, rateLimits: rateLimits.length, webVitals };
}

registerJobHandler(JOB_QUEUES.maintenance, async () => {
  await purgeExpiredRows(await getDb());
});

/** Enqueues this hour's purge (nothing when another instance already did). */
export async function enqueueMaintenance(now = new Date()): Promise<void> {
  await getJobs();
  const hour = now.toISOString().slice(0, 13);
  await enqueue(await getDb(), JOB_QUEUES.maintenance, { at: hour }, { singletonKey: `maintenance:${hour}` });
}

const STATE = Symbol.for('cag.maintenance');

/** Starts, once per process, the hourly enqueue of the purge (the first a minute after the start). */
export function startMaintenance(): void {
  const g = globalThis as { [STATE]?: NodeJS.Timeout };
  if (g[STATE]) return;
  const run = () => {
    enqueueMaintenance().catch((err: unknown) => {
      // A database hiccup must not stop the shop: the next hour tries again.
      log.error({ err }, 'purge not scheduled');
    });
  };
  const first = setTimeout(run, 60_000);
  first.unref();
  g[STATE] = setInterval(run, EVERY_MS);
  g[STATE].unref();
}
