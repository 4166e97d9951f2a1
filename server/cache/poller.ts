import 'server-only';
import { gt, lt, max, asc } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { cacheInvalidations } from '@/server/db/schema';
import { expireTagsLocally } from './invalidate';
import { subscribeToInvalidations } from './shared';
import { logger } from '@/server/log';

const log = logger('cache');

const STATE = Symbol.for('cag.cache.poller');
const PRUNE_EVERY_MS = 60 * 60_000;
const KEEP_MS = 24 * 60 * 60_000;

interface PollerState {
  lastId: number;
  timer: NodeJS.Timeout;
  lastPrune: number;
}

/** Reads the log once: applies the entries written since `lastId` (by any process). */
export async function pollCacheInvalidations(db: Db, lastId: number): Promise<number> {
  const rows = await db
    .select({ id: cacheInvalidations.id, tags: cacheInvalidations.tags })
    .from(cacheInvalidations)
    .where(gt(cacheInvalidations.id, lastId))
    .orderBy(asc(cacheInvalidations.id))
    .limit(1000);
  if (rows.length === 0) return lastId;
  expireTagsLocally([...new Set(rows.flatMap((r) => r.tags))]);
  return rows[rows.length - 1]!.id;
}

/**
 * Starts, once per process, the poll of the shared invalidation log (every CACHE_POLL_MS,
 * default 1 s): what another process wrote (a catalogue import from the command line, an admin
 * write on another instance) reaches this instance's cache within that time. Entries older than
 * a day are pruned from time to time. With Redis, the tags other instances publish are applied
 * as they arrive (server/cache/shared.ts); the poll then only catches what a lost message missed.
 */
export async function startCacheInvalidationPoller(db: Db, intervalMs: number): Promise<void> {
  const g = globalThis as { [STATE]?: PollerState };
  if (g[STATE]) return;
  const [row] = await db.select({ last: max(cacheInvalidations.id) }).from(cacheInvalidations);
  if (g[STATE]) return;
  const state: PollerState = { lastId: Number(row?.last ?? 0), lastPrune: 0, timer: undefined as unknown as NodeJS.Timeout };
  let running = false;
  state.timer = setInterval(() => {
    if (running) return;
    running = true;
    void (async () => {
      try {
        state.lastId = await pollCacheInvalidations(db, state.lastId);
        if (Date.now() - state.lastPrune > PRUNE_EVERY_MS) {
          state.lastPrune = Date.now();
          await db.delete(cacheInvalidations).where(lt(cacheInvalidations.createdAt, new Date(Date.now() - KEEP_MS)));
        }
      } catch (err) {
        // A database hiccup must not stop the shop: keep serving, try again at the next tick.
        log.error({ err }, 'invalidation poll failed');
      } finally {
        running = false;
      }
    })();
  }, intervalMs);
  state.timer.unref();
  g[STATE] = state;
  // Not awaited: with Redis away at start, the subscription is made when it connects.
  void subscribeToInvalidations((tags) => expireTagsLocally(tags));
}
