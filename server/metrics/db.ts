import 'server-only';
import type { Pool, PoolClient } from 'pg';
import { collectedGauge, metric, promClient } from './registry';

/**
 * Database metrics of a node-postgres pool (PostgreSQL; PGlite has no pool): connections in use,
 * idle and waiting, and the time of every query. Made by `instrumentPool(pool)` where the pool is
 * created (server/db/client.ts openPostgres).
 */

const pools = new Set<Pool>();

export function registerDbMetrics(): void {
  collectedGauge('db_pool_connections', 'Ligações do pool PostgreSQL desta instância, por estado (in_use, idle, waiting: pedidos à espera de uma ligação).', ['state'], (gauge) => {
    let total = 0;
    let idle = 0;
    let waiting = 0;
    for (const pool of pools) {
      total += pool.totalCount;
      idle += pool.idleCount;
      waiting += pool.waitingCount;
    }
    gauge.set({ state: 'in_use' }, total - idle);
    gauge.set({ state: 'idle' }, idle);
    gauge.set({ state: 'waiting' }, waiting);
  });
  queryDuration();
}

function queryDuration() {
  return metric(
    'db_query_duration_seconds',
    (registry) =>
      new promClient.Histogram({
        name: 'db_query_duration_seconds',
        help: 'Duração das consultas à base de dados PostgreSQL (desde o envio até à resposta), por resultado.',
        labelNames: ['outcome'],
        buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
        registers: [registry],
      }),
  ) as import('prom-client').Histogram<'outcome'>;
}

const TIMED = Symbol.for('cag.metrics.timedClient');

/** Times every query of a client: promise and callback forms (the pool's own `query` uses the callback). */
function timeQueries(client: PoolClient): void {
  const target = client as PoolClient & { [TIMED]?: boolean };
  if (target[TIMED]) return;
  target[TIMED] = true;
  const original = client.query.bind(client) as (...args: unknown[]) => unknown;
  const histogram = queryDuration();
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const started = performance.now();
    const done = (failed: boolean) => histogram.observe({ outcome: failed ? 'error' : 'ok' }, (performance.now() - started) / 1000);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (err: unknown, ...rest: unknown[]) => {
        done(Boolean(err));
        return (callback as (...a: unknown[]) => unknown)(err, ...rest);
      };
      return original(...args);
    }
    const result = original(...args);
    if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(() => done(false), () => done(true));
    return result;
  };
}

/** Adds the pool to the pool gauges and times the queries of its connections. */
export function instrumentPool(pool: Pool): void {
  registerDbMetrics();
  pools.add(pool);
  pool.on('connect', (client) => timeQueries(client));
  const end = pool.end.bind(pool);
  pool.end = (async () => {
    pools.delete(pool);
    return end();
  }) as Pool['end'];
}
