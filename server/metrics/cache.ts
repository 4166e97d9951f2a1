import 'server-only';
import { cacheSnapshot } from '@/server/cache/metrics';
import { metric, promClient } from './registry';

/**
 * The cache figures of /admin/cache-performance (server/cache/metrics.ts) as Prometheus metrics:
 * hits and misses (counters since the process started), entries and bytes held, per cache.
 */

type Figure = 'hits' | 'misses';

function counterOf(name: string, help: string, figure: Figure) {
  return metric(
    name,
    (registry) =>
      new promClient.Counter({
        name,
        help,
        labelNames: ['cache'],
        registers: [registry],
        collect() {
          // The caches keep their own counters: the metric takes their values at each scrape.
          this.reset();
          for (const c of cacheSnapshot()) this.inc({ cache: c.id }, c[figure]);
        },
      }),
  );
}

export function registerCacheMetrics(): void {
  counterOf('cache_hits_total', 'Acertos de cada cache desta instância desde o arranque (pages, search, data, pricing, images, pdfs, orderPdfs).', 'hits');
  counterOf('cache_misses_total', 'Falhas de cada cache desta instância desde o arranque.', 'misses');
  metric(
    'cache_entries',
    (registry) =>
      new promClient.Gauge({
        name: 'cache_entries',
        help: 'Entradas guardadas em cada cache desta instância.',
        labelNames: ['cache'],
        registers: [registry],
        collect() {
          for (const c of cacheSnapshot()) this.set({ cache: c.id }, c.entries);
        },
      }),
  );
  metric(
    'cache_bytes',
    (registry) =>
      new promClient.Gauge({
        name: 'cache_bytes',
        help: 'Memória ocupada por cada cache desta instância (as caches que a medem).',
        labelNames: ['cache'],
        registers: [registry],
        collect() {
          for (const c of cacheSnapshot()) if (c.bytes !== null) this.set({ cache: c.id }, c.bytes);
        },
      }),
  );
}
