/** @jest-environment node */
/**
 * Spec 4's cache hygiene (lib/pwa/hygiene.ts) on a fake clock: once a day, caches of another build
 * mean every cache, the session storage and the shop's local keys are cleared and the page reloads,
 * at most once per 30 minutes; an update clears the session's product and cache keys.
 */
import {
  CLEAR_AT_MOST_MS,
  LAST_RELOAD_KEY,
  RELOAD_AT_MOST_MS,
  clearCachedSessionKeys,
  runDailyHygiene,
  staleCacheNames,
  type KeyStore,
} from '@/lib/pwa/hygiene';

class MemoryStore implements KeyStore {
  private map = new Map<string, string>();
  constructor(entries: Record<string, string> = {}) {
    for (const [k, v] of Object.entries(entries)) this.map.set(k, v);
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  clear() {
    this.map.clear();
  }
  get length() {
    return this.map.size;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  keys() {
    return [...this.map.keys()].sort();
  }
}

function browser(names: string[], local: Record<string, string> = {}, session: Record<string, string> = {}) {
  const caches = new Set(names);
  const state = { reloads: 0, caches, local: new MemoryStore(local), session: new MemoryStore(session) };
  const deps = (now: number, current = 'B') => ({
    now,
    current,
    cacheNames: async () => [...caches],
    deleteCache: async (name: string) => caches.delete(name),
    local: state.local,
    session: state.session,
    reload: () => {
      state.reloads++;
    },
  });
  return { state, deps };
}

const T0 = Date.UTC(2026, 10, 28, 9, 0, 0);
const MINUTE = 60_000;

describe('cache hygiene', () => {
  it('names the caches of another build as stale, never the saved ones or another site’s', () => {
    expect(staleCacheNames(['cag-static-A', 'cag-pages-A', 'cag-static-B', 'cag-images-B', 'cag-saved', 'other-cache'], 'B')).toEqual(['cag-static-A', 'cag-pages-A']);
  });

  it('with caches of an older build: clears every cache, the session and the shop’s local keys, then reloads', async () => {
    const { state, deps } = browser(
      ['cag-static-A', 'cag-pages-A', 'cag-static-B', 'cag-saved'],
      { 'product-models:P1': '{}', 'cache-images': '{}', 'cag-x': '1', 'cart-id': 'c1', theme: 'light' },
      { 'product-models:P1': '{}', 'floating-cart-dismissed': '2' },
    );
    await expect(runDailyHygiene(deps(T0))).resolves.toBe('cleared-and-reloaded');
    expect([...state.caches]).toEqual([]);
    expect(state.session.length).toBe(0);
    // The cart and other keys of the page stay; the hygiene's own bookkeeping is kept.
    expect(state.local.keys()).toEqual(['cag-hygiene-checked-at', 'cag-hygiene-reloaded-at', 'cart-id', 'theme']);
    expect(state.reloads).toBe(1);
  });

  it('with only this build’s caches: clears nothing and does not reload', async () => {
    const { state, deps } = browser(['cag-static-B', 'cag-saved'], { 'product-models:P1': '{}' }, { 'product-models:P1': '{}' });
    await expect(runDailyHygiene(deps(T0))).resolves.toBe('clean');
    expect([...state.caches]).toEqual(['cag-static-B', 'cag-saved']);
    expect(state.local.getItem('product-models:P1')).toBe('{}');
    expect(state.session.length).toBe(1);
    expect(state.reloads).toBe(0);
  });

  it('looks at most once a day', async () => {
    const { state, deps } = browser(['cag-static-B']);
    await expect(runDailyHygiene(deps(T0))).resolves.toBe('clean');
    // An older build's cache shows up an hour later: not looked at until a day has passed.
    state.caches.add('cag-static-A');
    await expect(runDailyHygiene(deps(T0 + 60 * MINUTE))).resolves.toBe('not-due');
    await expect(runDailyHygiene(deps(T0 + CLEAR_AT_MOST_MS - 1))).resolves.toBe('not-due');
    expect(state.caches.has('cag-static-A')).toBe(true);
    await expect(runDailyHygiene(deps(T0 + CLEAR_AT_MOST_MS))).resolves.toBe('cleared-and-reloaded');
    expect(state.reloads).toBe(1);
  });

  it('reloads at most once per 30 minutes', async () => {
    // Reloaded 10 minutes ago (another tab); the daily check is due again (its mark was lost).
    const { state, deps } = browser(['cag-static-A'], { [LAST_RELOAD_KEY]: String(T0 - 10 * MINUTE) });
    await expect(runDailyHygiene(deps(T0))).resolves.toBe('cleared');
    expect(state.caches.size).toBe(0);
    expect(state.reloads).toBe(0);
    // 30 minutes after that reload, a clearing may reload again.
    state.caches.add('cag-pages-A');
    state.local.removeItem('cag-hygiene-checked-at');
    await expect(runDailyHygiene(deps(T0 - 10 * MINUTE + RELOAD_AT_MOST_MS))).resolves.toBe('cleared-and-reloaded');
    expect(state.reloads).toBe(1);
  });

  it('an update clears the cached product and cache keys of the session, nothing else', () => {
    const session = new MemoryStore({ 'product-models:P1': '{}', 'product-models:P2': '{}', 'cache-images': '{}', 'floating-cart-dismissed': '1' });
    clearCachedSessionKeys(session);
    expect(session.keys()).toEqual(['floating-cart-dismissed']);
  });
});
