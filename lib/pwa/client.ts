/**
 * The page's side of the service worker (server/pwa/service-worker.js): messages with a reply, and
 * what sign-out deletes. Browser only.
 */
import { CACHE_PREFIX, isClearableLocalKey } from './hygiene';

export interface SavedGroup {
  label: string;
  savedAt: string;
  urls: string[];
}

export interface CacheUrlsResult {
  ok: boolean;
  saved: number;
  failed: number;
  savedAt?: string;
}

export function workerSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof caches !== 'undefined';
}

/** Sends a message to the worker in control and waits for its answer (null without a worker, or after `timeoutMs`). */
export async function askWorker<T>(message: Record<string, unknown>, timeoutMs = 60_000): Promise<T | null> {
  if (!workerSupported()) return null;
  const registration = await Promise.race([navigator.serviceWorker.ready, new Promise<null>((r) => setTimeout(() => r(null), 5_000))]);
  const worker = registration?.active;
  if (!worker) return null;
  return new Promise<T | null>((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), timeoutMs);
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      resolve(event.data as T);
    };
    worker.postMessage(message, [channel.port2]);
  });
}

/** Spec 7 `CACHE_URLS`: the worker fetches and keeps these URLs (and what their pages need) under `group`. */
export function cacheUrls(urls: string[], group: { id: string; label: string }): Promise<CacheUrlsResult | null> {
  return askWorker<CacheUrlsResult>({ type: 'CACHE_URLS', urls, group });
}

export async function savedGroups(): Promise<Record<string, SavedGroup>> {
  const answer = await askWorker<{ groups: Record<string, SavedGroup> }>({ type: 'GET_SAVED' }, 5_000);
  return answer?.groups ?? {};
}

export function forgetGroup(id: string): Promise<unknown> {
  return askWorker({ type: 'FORGET_SAVED', group: id }, 10_000);
}

/**
 * Sign-out on a shared computer: the pages saved for offline use, the pages and images browsed,
 * the session storage and the shop's local keys go. The build's own files stay (nothing personal).
 */
export async function clearPersonalData(): Promise<void> {
  try {
    window.sessionStorage.clear();
    for (const key of Object.keys(window.localStorage)) if (isClearableLocalKey(key)) window.localStorage.removeItem(key);
  } catch {
    // Storage disabled: nothing was stored either.
  }
  if (typeof caches === 'undefined') return;
  try {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && !name.startsWith(`${CACHE_PREFIX}static-`)).map((name) => caches.delete(name)));
  } catch {
    // Caches unavailable (private mode): nothing kept.
  }
}
