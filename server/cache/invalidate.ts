import 'server-only';
import { revalidateTag } from 'next/cache';
import type { DbOrTx } from '@/server/db/client';
import { getDb } from '@/server/db/client';
import { cacheInvalidations } from '@/server/db/schema';
import { publishInvalidation } from './shared';
import { logger } from '@/server/log';

const log = logger('cache');

const EXPIRATIONS = Symbol.for('cag.cache.tagExpirations');

/** tag → time of its last invalidation; read by server/cache/next-handler.cjs. */
function tagExpirations(): Map<string, number> {
  const g = globalThis as { [EXPIRATIONS]?: Map<string, number> };
  return (g[EXPIRATIONS] ??= new Map());
}

/**
 * When one of `tags` was last invalidated in this process (0 if never). Module-level memos in
 * the app check it (`lastInvalidated(tags) >= storedAt` → recompute): the map lives on
 * globalThis, so it is the same for every route bundle of the server, unlike module state.
 */
export function lastInvalidated(tags: readonly string[]): number {
  const expirations = tagExpirations();
  let last = 0;
  for (const tag of tags) last = Math.max(last, expirations.get(tag) ?? 0);
  return last;
}

type Listener = (tags: readonly string[]) => void;
const LISTENERS = Symbol.for('cag.cache.listeners');
function listeners(): Set<Listener> {
  const g = globalThis as { [LISTENERS]?: Set<Listener> };
  return (g[LISTENERS] ??= new Set());
}

/**
 * In-process caches that are not Next entries (the search vocabulary…) register here to be told
 * when tags are invalidated, by this process or by another one (through the poller).
 */
export function onCacheInvalidation(listener: Listener): () => void {
  listeners().add(listener);
  return () => listeners().delete(listener);
}

/** Forget, in this process, every cached page and read carrying one of `tags`. */
export function expireTagsLocally(tags: readonly string[]): void {
  const now = Date.now();
  const expirations = tagExpirations();
  for (const tag of tags) expirations.set(tag, now);
  for (const listener of listeners()) {
    try {
      listener(tags);
    } catch (err) {
      log.error({ err }, 'invalidation listener failed');
    }
  }
}

/**
 * The one invalidation call of the shop: every write that changes what shared pages show (the
 * import, the demo seed, every admin write) calls it with the tags it touched
 * (server/cache/tags.ts). It appends them to the shared log in PostgreSQL — pass the write's
 * transaction so the log entry commits with it — where every server instance picks them up
 * (server/cache/poller.ts), and expires them at once in this process. With Redis it also
 * publishes them (server/cache/shared.ts), so that the other instances drop them at once rather
 * than at their next poll; the log stays the backstop for a message lost.
 */
export async function invalidateCache(
  tags: readonly string[],
  options: { reason?: string; db?: DbOrTx } = {},
): Promise<void> {
  const unique = [...new Set(tags)].filter(Boolean);
  if (unique.length === 0) return;
  const db = options.db ?? (await getDb());
  await db.insert(cacheInvalidations).values({ tags: unique, reason: options.reason ?? null });
  expireTagsLocally(unique);
  await publishInvalidation(unique);
  // Inside a route handler or server action Next also drops its per-request and router caches.
  for (const tag of unique) {
    try {
      revalidateTag(tag, { expire: 0 });
    } catch {
      // Outside a request (scripts, start-up): the log and the local expiry above are enough.
    }
  }
}
