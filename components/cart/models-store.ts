'use client';

import { catalogueApi } from '@/lib/cart/client-api';
import type { ModelRow } from '@/lib/cart/types';

/**
 * The model lists of products (`GET /api/products/{code}/models`), for the model picker and the
 * card prices: kept 15 minutes in session storage (spec 3: "product model-list caches"; the
 * `product-` prefix is what the cache hygiene of spec 4 clears), the lists asked together fetched
 * in one call (`GET /api/products/models`), and prefetched on listings (spec 4: 8 products after 2.5 s, batches of 3, 150 ms apart).
 */
export const MODELS_TTL_MS = 15 * 60_000;
export const PREFETCH_DELAY_MS = 2_500;
export const PREFETCH_COUNT = 8;
export const PREFETCH_BATCH = 3;
export const PREFETCH_GAP_MS = 150;

const storageKey = (code: string) => `product-models:${code}`;
const memory = new Map<string, { at: number; data: ModelRow[] }>();
const inflight = new Map<string, Promise<ModelRow[]>>();

function readStored(code: string): { at: number; data: ModelRow[] } | null {
  const mem = memory.get(code);
  if (mem) return mem;
  try {
    const raw = window.sessionStorage.getItem(storageKey(code));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { at?: unknown; data?: unknown };
    if (typeof parsed.at !== 'number' || !Array.isArray(parsed.data)) return null;
    const entry = { at: parsed.at, data: parsed.data as ModelRow[] };
    memory.set(code, entry);
    return entry;
  } catch {
    return null;
  }
}

/** The held model list of a product when still fresh, else null. */
export function peekModels(code: string): ModelRow[] | null {
  const entry = readStored(code);
  if (!entry || Date.now() - entry.at >= MODELS_TTL_MS) return null;
  return entry.data;
}

function keep(code: string, data: ModelRow[]): void {
  const entry = { at: Date.now(), data };
  memory.set(code, entry);
  try {
    window.sessionStorage.setItem(storageKey(code), JSON.stringify(entry));
  } catch {
    // Storage full or off: the memory copy serves this page.
  }
}

/** Products asked within one short window go out as one batch call (a listing's cards). */
const BATCH_WINDOW_MS = 25;
const BATCH_MAX = 60;
const waiting = new Map<string, { resolve: (rows: ModelRow[]) => void; reject: (err: Error) => void }>();
let batchTimer: ReturnType<typeof setTimeout> | null = null;

function flushBatch(): void {
  batchTimer = null;
  const asked = [...waiting.entries()];
  waiting.clear();
  for (let i = 0; i < asked.length; i += BATCH_MAX) {
    const chunk = asked.slice(i, i + BATCH_MAX);
    const codes = chunk.map(([code]) => code);
    const request = codes.length === 1 ? catalogueApi.models(codes[0]!).then((res) => ({ ...res, data: res.ok && Array.isArray(res.data) ? { [codes[0]!]: res.data } : undefined })) : catalogueApi.modelsOf(codes);
    void request.then(
      (res) => {
        for (const [code, waiter] of chunk) {
          const rows = res.ok ? res.data?.[code] : undefined;
          if (rows) {
            keep(code, rows);
            waiter.resolve(rows);
          } else waiter.reject(new Error(res.message || 'models'));
        }
      },
      (err: unknown) => {
        for (const [, waiter] of chunk) waiter.reject(err instanceof Error ? err : new Error('models'));
      },
    );
  }
}

/**
 * The model list of a product (held or fetched); rejects when it cannot be loaded. Lists asked
 * together (the cards of a listing coming into view) are fetched in one batch call.
 */
export function loadModels(code: string): Promise<ModelRow[]> {
  const held = peekModels(code);
  if (held) return Promise.resolve(held);
  const running = inflight.get(code);
  if (running) return running;
  const request = new Promise<ModelRow[]>((resolve, reject) => {
    waiting.set(code, { resolve, reject });
    batchTimer ??= setTimeout(flushBatch, BATCH_WINDOW_MS);
  }).finally(() => inflight.delete(code));
  inflight.set(code, request);
  return request;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Fetches the model lists of `codes` in batches of 3 with 150 ms between batches; `onModels`
 * gets each list (the caller asks their prices). Stops when `signal` aborts.
 */
export async function prefetchModels(
  codes: readonly string[],
  { signal, onModels }: { signal?: AbortSignal; onModels?: (models: ModelRow[]) => void } = {},
): Promise<void> {
  const todo = [...new Set(codes)].slice(0, PREFETCH_COUNT);
  for (let i = 0; i < todo.length; i += PREFETCH_BATCH) {
    if (signal?.aborted) return;
    if (i > 0) await sleep(PREFETCH_GAP_MS);
    if (signal?.aborted) return;
    const batch = todo.slice(i, i + PREFETCH_BATCH);
    const lists = await Promise.all(batch.map((code) => loadModels(code).catch(() => null)));
    for (const list of lists) if (list && onModels) onModels(list);
  }
}

/** Test hook. */
export function resetModelsStore() {
  memory.clear();
  inflight.clear();
  waiting.clear();
  if (batchTimer) clearTimeout(batchTimer);
  batchTimer = null;
}
