import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { env } from '@/lib/env';
import { getDb } from '@/server/db/client';
import { JOB_QUEUES } from '@/server/jobs';
import { httpDuration } from '@/scripts/observability.mjs';
import { registerCacheMetrics } from './cache';
import { registerDbMetrics } from './db';
import { registerJobMetrics } from './jobs';
import { sharedRegistry } from './registry';

/**
 * /metrics (app/api/metrics/route.ts; scripts/serve.mjs passes /metrics to it): this instance's
 * metrics in Prometheus's text format, for a scraper that holds METRICS_TOKEN.
 */

let registered = false;

function registerAll(): void {
  if (registered) return;
  registered = true;
  httpDuration();
  registerCacheMetrics();
  registerDbMetrics();
  registerJobMetrics(getDb, Object.values(JOB_QUEUES));
}

export async function metricsText(): Promise<{ contentType: string; body: string }> {
  registerAll();
  const registry = sharedRegistry();
  return { contentType: registry.contentType, body: await registry.metrics() };
}

export type MetricsAccess = 'off' | 'denied' | 'allowed';

/**
 * Who may read: nobody when METRICS_TOKEN is unset (the endpoint is off: 404), a request with
 * `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time) when it is set; any other
 * request is denied (401).
 */
export function metricsAccess(authorization: string | null): MetricsAccess {
  const token = env().METRICS_TOKEN;
  if (!token) return 'off';
  const given = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1] ?? '';
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b) ? 'allowed' : 'denied';
}
