import 'server-only';
import { metric, promClient, sharedRegistry } from '@/scripts/observability.mjs';

/**
 * The process's Prometheus registry (prom-client), shared with scripts/serve.mjs through
 * globalThis (it observes `http_request_duration_seconds` for every request, the cached-page fast
 * path included). Node's default metrics are on it: event-loop lag
 * (`nodejs_eventloop_lag_seconds`, p50/p90/p99 too), heap, GC, handles, CPU.
 */
export { metric, promClient, sharedRegistry };

/** A gauge whose value is read when scraped (`collect`), made once per process. */
export function collectedGauge<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  collect: (gauge: import('prom-client').Gauge<L>) => void | Promise<void>,
): import('prom-client').Gauge<L> {
  return metric(
    name,
    (registry) =>
      new promClient.Gauge<L>({
        name,
        help,
        labelNames,
        registers: [registry],
        async collect() {
          await collect(this);
        },
      }),
  ) as import('prom-client').Gauge<L>;
}
