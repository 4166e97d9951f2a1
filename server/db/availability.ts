import 'server-only';
import { logger } from '@/server/log';

const log = logger('db');

/**
 * Whether PostgreSQL is known to be unreachable, for the whole process (every bundle of the Next
 * server and scripts/serve.mjs read the same flag on globalThis).
 *
 * A query or a connection that fails because the server is gone (refused, reset, shutting down,
 * too many clients…) marks it down; from then on a probe (`select 1`, every second) runs until it
 * answers, which marks it up again. While it is down:
 * - API answers are 503 with `Retry-After` and the JSON error (server/api/errors.ts),
 * - pages that are not served from the page cache are 503 with `Retry-After` (scripts/serve.mjs),
 * - cached catalogue pages are still served (the cache's fast path comes first).
 * Nothing here restarts anything: the pool's next connection after PostgreSQL's return works.
 */

const FLAG = Symbol.for('cag.db.down');
const PROBE_MS = 1_000;

interface DownState {
  since: number;
  reason: string;
  timer: NodeJS.Timeout | null;
}

type Probe = () => Promise<unknown>;
const PROBE = Symbol.for('cag.db.probe');

function state(): DownState | undefined {
  return (globalThis as { [FLAG]?: DownState })[FLAG];
}

export function isDatabaseDown(): boolean {
  return state() !== undefined;
}

/** SQLSTATE classes and socket errors that mean "no database", not "bad query". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const UNAVAILABLE_MESSAGE = /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)/i;

/** Whether `err` (or one of its causes: Drizzle wraps the driver's error) says the database is unreachable. */
export function isDatabaseUnavailableError(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
    // AggregateError of a connect to several addresses (IPv4 and IPv6 for "localhost").
    if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailableError(x))) return true;
    current = e.cause;
  }
  return false;
}

/** The way to ask the database whether it is back (set by server/db/client.ts for PostgreSQL). */
export function setDatabaseProbe(probe: Probe): void {
  (globalThis as { [PROBE]?: Probe })[PROBE] = probe;
}

export function markDatabaseUp(): void {
  const current = state();
  if (!current) return;
  if (current.timer) clearInterval(current.timer);
  delete (globalThis as { [FLAG]?: DownState })[FLAG];
  log.warn({ downSeconds: Math.round((Date.now() - current.since) / 100) / 10 }, 'PostgreSQL de volta');
}

/** Marks the database down (once; later calls keep the first time) and starts the probe. */
export function markDatabaseDown(err: unknown): void {
  if (state()) return;
  const reason = err instanceof Error ? err.message : String(err);
  const down: DownState = { since: Date.now(), reason, timer: null };
  (globalThis as { [FLAG]?: DownState })[FLAG] = down;
  log.error({ reason }, 'PostgreSQL inacessível: respostas 503 até voltar');
  const probe = (globalThis as { [PROBE]?: Probe })[PROBE];
  if (!probe) return;
  let running = false;
  down.timer = setInterval(() => {
    if (running) return;
    running = true;
    probe()
      .then(markDatabaseUp, () => undefined)
      .finally(() => {
        running = false;
      });
  }, PROBE_MS);
  down.timer.unref();
}

/** Marks the database down when `err` says it is unreachable; returns whether it did. */
export function noteDatabaseError(err: unknown): boolean {
  if (!isDatabaseUnavailableError(err)) return false;
  markDatabaseDown(err);
  return true;
}
