'use client';

import { useReportWebVitals } from 'next/web-vitals';
import { useEffect } from 'react';
import { MAX_VITALS_PER_BEACON, pageTypeOf, VITAL_METRICS, VITALS_PATH, type PageType, type VitalMetric } from '@/lib/vitals';

interface Measurement {
  name: VitalMetric;
  value: number;
}

/** The latest value of each metric of this page load, not yet sent. */
const pending = new Map<VitalMetric, number>();
/** The page type of the page the visit landed on (the metrics belong to that load). */
let page: PageType | null = null;

function flush(): void {
  if (pending.size === 0 || !page) return;
  const metrics: Measurement[] = [...pending].slice(0, MAX_VITALS_PER_BEACON).map(([name, value]) => ({ name, value: Math.round(value * 1000) / 1000 }));
  pending.clear();
  const body = JSON.stringify({ page, metrics });
  // text/plain: a simple beacon, no preflight; the endpoint reads it as JSON.
  const sent = typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(VITALS_PATH, body);
  if (!sent) void fetch(VITALS_PATH, { method: 'POST', body, keepalive: true, credentials: 'omit', headers: { 'Content-Type': 'text/plain' } }).catch(() => undefined);
}

function report(metric: { name: string; value: number }): void {
  if (!(VITAL_METRICS as readonly string[]).includes(metric.name) || !Number.isFinite(metric.value)) return;
  pending.set(metric.name as VitalMetric, metric.value);
}

/** Collects the web vitals of this page load and sends them in one beacon when the page is hidden or left. */
export default function VitalsReporter() {
  useReportWebVitals(report);
  useEffect(() => {
    page ??= pageTypeOf(window.location.pathname, window.location.search);
    // Tells a test (or a curious developer) that the measurements are being collected.
    document.documentElement.dataset.vitals = 'on';
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', flush);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', flush);
    };
  }, []);
  return null;
}
