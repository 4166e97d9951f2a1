import 'server-only';
import type { VitalMetric } from '@/lib/vitals';

/**
 * Web vitals kept as histograms of geometric buckets, each 10 % wider than the last: bucket 0
 * holds values under the metric's base (10 ms; 0.001 for CLS), bucket i ≥ 1 holds
 * [base·1.1^(i−1), base·1.1^i), and the last one (LAST_BUCKET) everything above. A percentile read
 * back from the buckets is within 10 % of the exact one, whatever the number of measurements.
 */

export const GROWTH = 1.1;
export const LAST_BUCKET = 101;

const BASE: Record<VitalMetric, number> = { LCP: 10, INP: 10, TTFB: 10, CLS: 0.001 };

/** The largest value accepted from a browser (10 minutes; a CLS of 100). */
export const MAX_VALUE: Record<VitalMetric, number> = { LCP: 600_000, INP: 600_000, TTFB: 600_000, CLS: 100 };

export function bucketOf(metric: VitalMetric, value: number): number {
  const base = BASE[metric];
  if (!(value >= base)) return 0;
  const index = 1 + Math.floor(Math.log(value / base) / Math.log(GROWTH) + 1e-9);
  return Math.min(LAST_BUCKET, index);
}

/** [lower, upper) of a bucket (the last one's upper bound is its lower one: nothing above is known). */
export function bucketBounds(metric: VitalMetric, bucket: number): [number, number] {
  const base = BASE[metric];
  if (bucket <= 0) return [0, base];
  const lower = base * GROWTH ** (bucket - 1);
  return [lower, bucket >= LAST_BUCKET ? lower : base * GROWTH ** bucket];
}

/**
 * The `q` quantile (0.75 for p75) of a histogram given as bucket → count, interpolated linearly
 * inside the bucket where it falls; null without measurements.
 */
export function quantileOf(metric: VitalMetric, counts: ReadonlyMap<number, number>, q = 0.75): number | null {
  const buckets = [...counts.entries()].filter(([, n]) => n > 0).sort((a, b) => a[0] - b[0]);
  const total = buckets.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return null;
  const target = q * total;
  let seen = 0;
  for (const [bucket, n] of buckets) {
    if (seen + n >= target) {
      const [lower, upper] = bucketBounds(metric, bucket);
      return lower + (upper - lower) * ((target - seen) / n);
    }
    seen += n;
  }
  const last = buckets[buckets.length - 1]!;
  return bucketBounds(metric, last[0])[1];
}
