/**
 * The cache hygiene of spec 4, as pure decisions over what the page can see (cache names, storage,
 * the clock), so that it is tested with a fake clock (tests/unit/pwa-hygiene.test.ts) and run by
 * components/pwa/offline-shell.tsx.
 */

/** Every cache, storage key and message of the service worker starts with this. */
export const CACHE_PREFIX = 'cag-';
/** The worker's own caches are named `cag-<kind>-<build id>`; `cag-saved` (on request) has no build. */
const VERSIONED = /^cag-(static|pages|images)-(.+)$/;

export const UPDATE_CHECK_MS = 30 * 60_000;
export const CLEAR_AT_MOST_MS = 24 * 60 * 60_000;
export const RELOAD_AT_MOST_MS = 30 * 60_000;

/** Local storage bookkeeping of the hygiene itself (survives the clearing it does). */
export const LAST_CHECK_KEY = 'cag-hygiene-checked-at';
export const LAST_RELOAD_KEY = 'cag-hygiene-reloaded-at';

/** Session keys an update clears (spec 4: "cached product and cache keys"). */
export function isCachedDataKey(key: string): boolean {
  return key.startsWith('product-') || key.startsWith('cache-');
}

/** Local keys the daily clearing removes: product-, cache- and the shop's own prefix (not its bookkeeping). */
export function isClearableLocalKey(key: string): boolean {
  if (key === LAST_CHECK_KEY || key === LAST_RELOAD_KEY) return false;
  return isCachedDataKey(key) || key.startsWith(CACHE_PREFIX);
}

/** Cache names left by another build than `current`. */
export function staleCacheNames(names: readonly string[], current: string): string[] {
  return names.filter((name) => {
    const match = VERSIONED.exec(name);
    return match !== null && match[2] !== current;
  });
}

export interface KeyStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  readonly length: number;
  key(index: number): string | null;
}

function keysOf(store: KeyStore): string[] {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key !== null) keys.push(key);
  }
  return keys;
}

function readTime(store: KeyStore, key: string): number {
  const value = Number(store.getItem(key));
  return Number.isFinite(value) ? value : 0;
}

export function clearCachedSessionKeys(session: KeyStore): void {
  for (const key of keysOf(session)) if (isCachedDataKey(key)) session.removeItem(key);
}

export interface HygieneDeps {
  now: number;
  /** The version (build id) of the worker in control. */
  current: string;
  cacheNames: () => Promise<string[]>;
  deleteCache: (name: string) => Promise<unknown>;
  local: KeyStore;
  session: { clear(): void };
  reload: () => void;
}

export type HygieneOutcome = 'not-due' | 'clean' | 'cleared' | 'cleared-and-reloaded';

/**
 * Once a day: if caches of another build exist, every cache, the session storage and the shop's
 * local keys are cleared, and the page reloads — at most once per 30 minutes (a second clearing
 * within 30 minutes of a reload does not reload again).
 */
export async function runDailyHygiene(deps: HygieneDeps): Promise<HygieneOutcome> {
  const { now, local } = deps;
  if (now - readTime(local, LAST_CHECK_KEY) < CLEAR_AT_MOST_MS) return 'not-due';
  local.setItem(LAST_CHECK_KEY, String(now));
  const names = await deps.cacheNames();
  if (staleCacheNames(names, deps.current).length === 0) return 'clean';
  await Promise.all(names.map((name) => deps.deleteCache(name)));
  deps.session.clear();
  for (const key of keysOf(local)) if (isClearableLocalKey(key)) local.removeItem(key);
  if (now - readTime(local, LAST_RELOAD_KEY) < RELOAD_AT_MOST_MS) return 'cleared';
  local.setItem(LAST_RELOAD_KEY, String(now));
  deps.reload();
  return 'cleared-and-reloaded';
}
