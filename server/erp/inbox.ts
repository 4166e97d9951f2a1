import 'server-only';
import type { Pool } from 'pg';
import { getDatabase, getDb } from '@/server/db/client';
import { enqueue, getJobs, JOB_QUEUES, registerJobHandler } from '@/server/jobs';
import { configuredSources, type ErpSource } from './adapter';
import { applyErpFile, type ApplyOutcome } from './sync';
import { logger } from '@/server/log';

const log = logger('erp');

/**
 * The scheduled ERP run: every minute the server enqueues an `erp-inbox` job (one per
 * minute across instances: its singleton key is the minute), whose handler applies the files
 * waiting in the inbox (the watched folder, or the bucket's `erp/inbox/`), oldest first, each
 * all-or-nothing, recorded in the sync history as the scheduled run, and moved to `done/` or
 * `failed/`.
 *
 * One consumer whatever the number of instances: the singleton key keeps one job per minute, but
 * a run that lasts over a minute would meet the next one, and a bucket has no atomic rename to
 * claim a file with. So a run holds a PostgreSQL advisory lock (a session lock on a connection of
 * its own, freed by PostgreSQL if the instance dies) and a run that finds it taken does nothing:
 * the files wait for the next minute. On PGlite (one process by construction) a flag in the
 * process does the same.
 */

/** The advisory lock's key (any constant; the migrations use another). */
const INBOX_LOCK = 727_161_968;
const LOCAL = Symbol.for('cag.erp.inboxRunning');

/** Runs `work` if no other run of the inbox holds the lock, in this process or another; null when one does. */
export async function withInboxLock<T>(work: () => Promise<T>): Promise<T | null> {
  const database = await getDatabase();
  if (database.driver !== 'postgres') {
    const g = globalThis as { [LOCAL]?: boolean };
    if (g[LOCAL]) return null;
    g[LOCAL] = true;
    try {
      return await work();
    } finally {
      g[LOCAL] = false;
    }
  }
  const pool = (database.db as unknown as { $client: Pool }).$client;
  const client = await pool.connect();
  let broken = false;
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [INBOX_LOCK]);
    if (!rows[0]?.locked) return null;
    try {
      return await work();
    } finally {
      // A connection that cannot unlock is dropped: closing it frees the lock.
      await client.query('select pg_advisory_unlock($1)', [INBOX_LOCK]).catch(() => {
        broken = true;
      });
    }
  } finally {
    client.release(broken);
  }
}

type Results = { name: string; outcome: ApplyOutcome }[];

/**
 * Applies what waits in the given inbox(es) (default: the configured ones), under the inbox lock:
 * null when another run holds it (nothing was taken).
 */
export async function runErpSource(source?: ErpSource | ErpSource[]): Promise<Results | null> {
  return withInboxLock(async () => {
    const sources = source === undefined ? await configuredSources() : Array.isArray(source) ? source : [source];
    const results: Results = [];
    for (const s of sources) {
      for (const file of await s.claim()) {
        const outcome = await applyErpFile({ bytes: file.bytes, fileName: file.name, source: s.id, actor: null });
        await file.settle(outcome.ok ? 'done' : 'failed').catch((err: unknown) => log.error({ err }, 'mover ficheiro'));
        if (!outcome.ok) log.warn({ file: file.name, problems: outcome.report.length }, 'ficheiro recusado');
        results.push({ name: file.name, outcome });
      }
    }
    return results;
  });
}

registerJobHandler(JOB_QUEUES.erpInbox, async () => {
  await runErpSource();
});

const SCHEDULE = Symbol.for('cag.erp.inboxSchedule');
const EVERY_MS = 60_000;

/** Enqueues this minute's inbox check (nothing when another instance already did). */
export async function enqueueInboxCheck(now = new Date()): Promise<void> {
  await getJobs();
  const minute = now.toISOString().slice(0, 16);
  await enqueue(await getDb(), JOB_QUEUES.erpInbox, { at: minute }, { singletonKey: `erp-inbox:${minute}` });
}

export function startErpInboxSchedule(): void {
  const g = globalThis as { [SCHEDULE]?: NodeJS.Timeout };
  if (g[SCHEDULE]) return;
  const tick = () => void enqueueInboxCheck().catch((err: unknown) => log.error({ err }, 'agendamento'));
  g[SCHEDULE] = setInterval(tick, EVERY_MS);
  g[SCHEDULE].unref();
  setTimeout(tick, 5_000).unref();
}
