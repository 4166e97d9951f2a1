import 'server-only';
import { getDb } from '@/server/db/client';
import { enqueue, getJobs, JOB_QUEUES, registerJobHandler } from '@/server/jobs';
import { folderSource, type ErpSource } from './adapter';
import { applyErpFile, type ApplyOutcome } from './sync';
import { logger } from '@/server/log';

const log = logger('erp');

/**
 * The scheduled ERP run (issue 14): every minute the server enqueues an `erp-inbox` job (one per
 * minute across instances: its singleton key is the minute), whose handler applies the files
 * waiting in the watched folder, oldest first, each all-or-nothing, recorded in the sync history
 * as the scheduled run, and moved to `done/` or `failed/`.
 */

export async function runErpSource(source: ErpSource = folderSource()): Promise<{ name: string; outcome: ApplyOutcome }[]> {
  const results: { name: string; outcome: ApplyOutcome }[] = [];
  for (const file of await source.claim()) {
    const outcome = await applyErpFile({ bytes: file.bytes, fileName: file.name, source: source.id, actor: null });
    await file.settle(outcome.ok ? 'done' : 'failed').catch((err: unknown) => log.error({ err }, 'mover ficheiro'));
    if (!outcome.ok) log.warn({ file: file.name, problems: outcome.report.length }, 'ficheiro recusado');
    results.push({ name: file.name, outcome });
  }
  return results;
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
