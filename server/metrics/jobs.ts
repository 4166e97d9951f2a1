import 'server-only';
import { sql } from 'drizzle-orm';
import { collectedGauge, metric, promClient } from './registry';

/**
 * Background-job metrics (pg-boss, server/jobs): jobs waiting, running and failed per queue, read
 * from pg-boss's table when scraped (the same figures on every instance: the queue is shared), and
 * the failures this instance met since it started.
 */

function failures() {
  return metric(
    'jobs_failed_total',
    (registry) =>
      new promClient.Counter({
        name: 'jobs_failed_total',
        help: 'Execuções de tarefas que falharam nesta instância desde o arranque (cada uma volta a ser tentada até ao limite da fila), por fila.',
        labelNames: ['queue'],
        registers: [registry],
      }),
  ) as import('prom-client').Counter<'queue'>;
}

export function jobFailed(queue: string): void {
  failures().inc({ queue });
}

const STATES = ['created', 'retry', 'active', 'failed'] as const;

/** Registers the queue gauge; `readDb` gives the database (kept out of the import graph of server/jobs). */
export function registerJobMetrics(readDb: () => Promise<{ execute(query: ReturnType<typeof sql>): Promise<unknown> }>, queues: readonly string[]): void {
  failures();
  collectedGauge('jobs_queue', 'Tarefas em fila por fila e estado (created: à espera; retry: à espera de nova tentativa; active: a correr; failed: falhadas de vez e ainda não arquivadas).', ['queue', 'state'], async (gauge) => {
    gauge.reset();
    // Every queue and state has a series, 0 when empty (an alert on `failed > 0` needs one).
    for (const queue of queues) for (const state of STATES) gauge.set({ queue, state }, 0);
    try {
      const db = await readDb();
      const result = (await db.execute(
        sql`SELECT name, state::text AS state, count(*)::int AS n FROM pgboss.job WHERE state::text IN ('created', 'retry', 'active', 'failed') GROUP BY name, state`,
      )) as { rows: { name: string; state: string; n: number }[] };
      for (const row of result.rows) gauge.set({ queue: row.name, state: row.state }, Number(row.n));
    } catch {
      // No pgboss schema yet (no job ever ran), or the database is away: no figures this time.
    }
  });
}
