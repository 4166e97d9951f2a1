import 'server-only';
import { env } from '@/lib/env';
import { logger } from '@/server/log';
import { getDatabase } from '@/server/db/client';
import { startCacheInvalidationPoller } from '@/server/cache/poller';
import { startCacheSampler } from '@/server/cache/metrics';
import { startErpInboxSchedule } from '@/server/erp/inbox';
import { startInstanceHeartbeat } from '@/server/instances';
import { startJobWorker } from '@/server/jobs';
import { startMaintenance } from '@/server/maintenance/purge';
import { markBackgroundProcess } from '@/server/process-role';

/**
 * Everything a serving instance does beside its requests, started in one place: the HTTP server
 * (scripts/serve.mjs) calls it once, through instrumentation.ts, when a worker begins to serve —
 * not a spare worker that waits, not a command-line script, not a test. With N instances each one
 * runs all of it, and each piece is safe that way:
 *
 * - the cache-invalidation poller: per instance by design (each instance drops its own entries);
 * - the job worker (pg-boss): a job is fetched by one worker only (`SKIP LOCKED`), whatever the
 *   number of instances; this process's pg-boss supervises (expired jobs back into retries);
 * - scheduled work enqueues a job per period under a singleton key (the ERP inbox each minute,
 *   the purge each hour): N instances enqueue, one job exists, one worker runs it. Campaign
 *   boundaries and quote expiry are jobs with a start time, enqueued when they are saved;
 * - the cache sampler: this instance's own figures;
 * - the instance heartbeat (server/instances.ts): the same secrets as the other live instances.
 *
 * Errors are logged and retried by each piece's own timer: a database that is down at start
 * must not stop the server from serving what it can.
 */
const STARTED = Symbol.for('cag.background.started');

export function startBackground(): Promise<void> {
  // First, synchronously: a request that makes the process's pg-boss before the worker starts
  // gets a supervising one (server/jobs getJobs).
  markBackgroundProcess();
  const g = globalThis as { [STARTED]?: Promise<void> };
  if (g[STARTED]) return g[STARTED];
  const starting = (async () => {
    const database = await getDatabase();
    await startCacheInvalidationPoller(database.db, env().CACHE_POLL_MS);
    // Each piece starts once per process (its own guard), so a retry after a failure is safe.
    startJobWorker();
    startMaintenance();
    startErpInboxSchedule();
    startCacheSampler();
    startInstanceHeartbeat(database.db);
  })();
  g[STARTED] = starting;
  starting.catch(() => {
    if (g[STARTED] === starting) g[STARTED] = undefined;
  });
  return starting;
}

/** startBackground, tried again every 5 s until the database answers (a server started before it). */
export function startBackgroundWhenReady(log: (message: string) => void = (m) => logger('background').error(m)): void {
  let warned = false;
  const attempt = () => {
    startBackground().catch((err: unknown) => {
      if (!warned) log(`[background] por iniciar, nova tentativa a cada 5 s: ${err instanceof Error ? err.message : String(err)}`);
      warned = true;
      setTimeout(attempt, 5_000).unref();
    });
  };
  attempt();
}
