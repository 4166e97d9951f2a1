import 'server-only';
import { mediaCacheStats } from '@/server/media/cache';
import { orderPdfCounters } from '@/server/orders/pdf';
import { pricingCacheStats } from '@/server/pricing';

/**
 * Figures of the shop's caches for /admin/cache-performance, read from the caches
 * themselves: the page and data cache (server/cache/next-handler.cjs: pages, search results,
 * other data), the prices per customer (server/pricing), generated images and catalogue PDFs
 * (server/media/cache.ts). Counters are per server process since it started; a sampler keeps one
 * sample a minute in memory for the last day (1,440 samples), from which the charts of the last
 * hour and day are drawn.
 */

export const CACHE_IDS = ['pages', 'search', 'data', 'pricing', 'images', 'pdfs', 'orderPdfs'] as const;
export type CacheId = (typeof CACHE_IDS)[number];

export interface CacheFigures {
  id: CacheId;
  hits: number;
  misses: number;
  hitRate: number | null;
  entries: number;
  /** Bytes held in memory (null: not measured, e.g. prices). */
  bytes: number | null;
  evictions: number;
  /** Drops by invalidation (tags, prices changed). */
  invalidations: number | null;
}

interface KindCounters {
  hits: number;
  misses: number;
  stale: number;
  sets: number;
  evictions: number;
}
type Breakdown = Record<'pages' | 'search' | 'data', { entries: number; bytes: number }> & { maxBytes: number };

const EMPTY_KIND: KindCounters = { hits: 0, misses: 0, stale: 0, sets: 0, evictions: 0 };

function handlerFigures(): { kinds: Record<'pages' | 'search' | 'data', KindCounters>; breakdown: Breakdown | null } {
  const g = globalThis as Record<symbol, unknown>;
  const kinds = (g[Symbol.for('cag.cache.kindStats')] as Record<'pages' | 'search' | 'data', KindCounters> | undefined) ?? { pages: EMPTY_KIND, search: EMPTY_KIND, data: EMPTY_KIND };
  const fn = g[Symbol.for('cag.cache.breakdown')] as (() => Breakdown) | undefined;
  return { kinds, breakdown: fn ? fn() : null };
}

const rate = (hits: number, misses: number) => (hits + misses > 0 ? hits / (hits + misses) : null);

/** Every cache's figures now. */
export function cacheSnapshot(): CacheFigures[] {
  const { kinds, breakdown } = handlerFigures();
  const pricing = pricingCacheStats();
  const media = mediaCacheStats();
  const fromHandler = (id: 'pages' | 'search' | 'data'): CacheFigures => ({
    id,
    hits: kinds[id].hits,
    misses: kinds[id].misses,
    hitRate: rate(kinds[id].hits, kinds[id].misses),
    entries: breakdown?.[id].entries ?? 0,
    bytes: breakdown?.[id].bytes ?? 0,
    evictions: kinds[id].evictions,
    invalidations: kinds[id].stale,
  });
  return [
    fromHandler('pages'),
    fromHandler('search'),
    fromHandler('data'),
    { id: 'pricing', hits: pricing.hits, misses: pricing.misses, hitRate: rate(pricing.hits, pricing.misses), entries: pricing.entries, bytes: null, evictions: 0, invalidations: pricing.invalidations },
    ...(['images', 'pdfs'] as const).map((id) => ({
      id,
      hits: media[id].hits,
      misses: media[id].misses,
      hitRate: rate(media[id].hits, media[id].misses),
      entries: media[id].entries,
      bytes: media[id].bytes,
      evictions: media[id].evictions,
      invalidations: null,
    })),
    (() => {
      const pdf = orderPdfCounters();
      // Order PDFs live in the storage (one file per order, rewritten when the order changes): no memory entries.
      return { id: 'orderPdfs' as const, hits: pdf.hits, misses: pdf.misses, hitRate: rate(pdf.hits, pdf.misses), entries: 0, bytes: null, evictions: 0, invalidations: null };
    })(),
  ];
}

/** The page cache's memory bound (CACHE_MAX_MEMORY_MB), when the handler is loaded. */
export function pageCacheLimitBytes(): number | null {
  return handlerFigures().breakdown?.maxBytes ?? null;
}

interface Sample {
  at: number;
  figures: CacheFigures[];
}

const SAMPLES = Symbol.for('cag.cache.samples');
const SAMPLER = Symbol.for('cag.cache.sampler');
const MAX_SAMPLES = 24 * 60;
const EVERY_MS = 60_000;

function samples(): Sample[] {
  const g = globalThis as { [SAMPLES]?: Sample[] };
  return (g[SAMPLES] ??= []);
}

/** Takes one sample now (the sampler does it every minute; tests call it). */
export function sampleCaches(now = Date.now()): void {
  const list = samples();
  list.push({ at: now, figures: cacheSnapshot() });
  if (list.length > MAX_SAMPLES) list.splice(0, list.length - MAX_SAMPLES);
}

/** Starts, once per process, the sampling of every cache's figures every minute. */
export function startCacheSampler(): void {
  const g = globalThis as { [SAMPLER]?: NodeJS.Timeout };
  if (g[SAMPLER]) return;
  sampleCaches();
  g[SAMPLER] = setInterval(() => sampleCaches(), EVERY_MS);
  g[SAMPLER].unref();
}

export type SeriesWindow = 'hour' | 'day';

export interface SeriesPoint {
  /** End of the interval (ms). */
  at: number;
  hits: number;
  misses: number;
  hitRate: number | null;
  entries: number;
  bytes: number | null;
}

export interface CacheSeries {
  window: SeriesWindow;
  from: number;
  to: number;
  /** Interval length of one point (1 min for the hour, 15 min for the day). */
  stepMs: number;
  byCache: Record<CacheId, SeriesPoint[]>;
}

/**
 * Points of the last hour (one a minute) or day (one per 15 minutes) for every cache: hits and
 * misses made during each interval (differences of the counters; a counter that went down, after
 * a restart, counts from zero), the hit rate of that interval, entries and bytes at its end.
 * The current figures close the last interval.
 */
export function cacheSeries(window: SeriesWindow, now = Date.now()): CacheSeries {
  const stepMs = window === 'hour' ? 60_000 : 15 * 60_000;
  const span = window === 'hour' ? 3600_000 : 24 * 3600_000;
  const from = now - span;
  const all = [...samples(), { at: now, figures: cacheSnapshot() }].filter((s) => s.at >= from - stepMs);
  const byCache = Object.fromEntries(CACHE_IDS.map((id) => [id, [] as SeriesPoint[]])) as Record<CacheId, SeriesPoint[]>;
  const buckets = Math.round(span / stepMs);
  for (const id of CACHE_IDS) {
    const series = all.map((s) => ({ at: s.at, f: s.figures.find((x) => x.id === id)! }));
    for (let b = 0; b < buckets; b++) {
      const start = from + b * stepMs;
      const end = start + stepMs;
      // The last sample at or before each edge.
      const before = [...series].reverse().find((s) => s.at <= start);
      const last = [...series].reverse().find((s) => s.at <= end && s.at > start);
      if (!last) {
        byCache[id].push({ at: end, hits: 0, misses: 0, hitRate: null, entries: before?.f.entries ?? 0, bytes: before?.f.bytes ?? null });
        continue;
      }
      const delta = (a: number, b0: number | undefined) => (b0 === undefined || a < b0 ? a : a - b0);
      const hits = before ? delta(last.f.hits, before.f.hits) : 0;
      const misses = before ? delta(last.f.misses, before.f.misses) : 0;
      byCache[id].push({ at: end, hits, misses, hitRate: rate(hits, misses), entries: last.f.entries, bytes: last.f.bytes });
    }
  }
  return { window, from, to: now, stepMs, byCache };
}
