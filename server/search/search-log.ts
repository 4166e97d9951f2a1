import 'server-only';
import { env } from '@/lib/env';
import { sql } from 'drizzle-orm';
import { foldAccents } from '@/lib/search/normalize';
import { getDb, type Db } from '@/server/db/client';
import { searchLog } from '@/server/db/schema';
import { logger } from '@/server/log';

const log = logger('search');

/**
 * The log of searches that found nothing or little (/admin/search): term, how often,
 * the results of the last time, first and last seen. Cheap and never in a search's way: a search
 * only adds to a map in memory (`noteSearch`, synchronous); every `SEARCH_LOG_FLUSH_MS` (5 s) the map is written
 * in one upsert, and a failed write is logged and dropped. Bounded: terms are folded and capped
 * (`MAX_TERM`), a term longer than `MAX_TYPED` (a bot, a pasted text) is not logged, and at most
 * `MAX_PENDING` distinct terms wait for a flush.
 */

/** Fewer results than this is "little" (the engine's own "few": it then relaxes the query). */
export const LOGGED_BELOW = 3;
const MAX_TERM = 80;
const MAX_TYPED = 120;
const MAX_PENDING = 500;

interface Pending {
  sample: string;
  count: number;
  lastResults: number;
  firstSeen: Date;
  lastSeen: Date;
}

interface LogState {
  pending: Map<string, Pending>;
  timer: ReturnType<typeof setTimeout> | null;
  flushing: Promise<void> | null;
}

/** Per module copy (each server bundle flushes what it noted). */
const logState: LogState = { pending: new Map(), timer: null, flushing: null };
const state = (): LogState => logState;

/** `SEARCH_LOG_FLUSH_MS=0` (the tests): no timer, `flushSearchLog` writes when called. */
function flushDelay(): number {
  return env().SEARCH_LOG_FLUSH_MS;
}

/** The logged form of a query: folded, lower case, single spaces, capped; null when not worth logging. */
export function searchLogTerm(raw: string): string | null {
  const typed = raw.trim();
  if (typed.length < 2 || typed.length > MAX_TYPED) return null;
  const term = foldAccents(typed).replace(/\s+/g, ' ').trim().slice(0, MAX_TERM).trim();
  if (term.length < 2 || !/[a-z0-9]/.test(term)) return null;
  return term;
}

/**
 * Notes a search and its number of results; only searches with fewer than `LOGGED_BELOW` results
 * are kept. Returns at once (the write happens in the next flush).
 */
export function noteSearch(raw: string, total: number): void {
  if (total >= LOGGED_BELOW) return;
  const term = searchLogTerm(raw);
  if (!term) return;
  const s = state();
  const now = new Date();
  const entry = s.pending.get(term);
  if (entry) {
    entry.count += 1;
    entry.lastResults = total;
    entry.lastSeen = now;
    entry.sample = raw.trim().slice(0, MAX_TYPED);
  } else {
    if (s.pending.size >= MAX_PENDING) return;
    s.pending.set(term, { sample: raw.trim().slice(0, MAX_TYPED), count: 1, lastResults: total, firstSeen: now, lastSeen: now });
  }
  const delay = flushDelay();
  if (!s.timer && delay > 0) {
    s.timer = setTimeout(() => {
      s.timer = null;
      void flushSearchLog().catch(() => undefined);
    }, delay);
    s.timer.unref?.();
  }
}

/** Writes the pending entries now (the timer calls it; tests and shutdown may too). */
export async function flushSearchLog(db?: Db): Promise<void> {
  const s = state();
  if (s.flushing) await s.flushing;
  if (s.pending.size === 0) return;
  const batch = [...s.pending.entries()];
  s.pending.clear();
  s.flushing = (async () => {
    try {
      const handle = db ?? (await getDb());
      await handle
        .insert(searchLog)
        .values(batch.map(([term, e]) => ({ term, sample: e.sample, count: e.count, lastResults: e.lastResults, firstSeen: e.firstSeen, lastSeen: e.lastSeen })))
        .onConflictDoUpdate({
          target: searchLog.term,
          set: {
            count: sql`${searchLog.count} + excluded.count`,
            lastResults: sql`excluded.last_results`,
            sample: sql`excluded.sample`,
            lastSeen: sql`greatest(${searchLog.lastSeen}, excluded.last_seen)`,
          },
        });
    } catch (err) {
      log.error({ err }, 'registo de pesquisas não gravado');
    }
  })();
  try {
    await s.flushing;
  } finally {
    s.flushing = null;
  }
}
