import 'server-only';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { createClient } from 'redis';
import { env, isNextServer } from '@/lib/env';
import { logger } from '@/server/log';

/**
 * The shop's Redis connection (REDIS_URL), optional. Every use of Redis goes through `run`, which
 * never throws and never waits long: it answers `{ ok: false }` at once while Redis is unreachable
 * (the socket is down, or a command timed out in the last second), and after a command that took
 * longer than REDIS_COMMAND_TIMEOUT_MS. The caller then does what it did before Redis existed
 * (PostgreSQL, the instance's own memory). Commands are not queued while disconnected
 * (`disableOfflineQueue`), the client reconnects by itself (backoff up to 2 s), and the outage is
 * logged once when it starts and once when it ends, not once per request.
 *
 * A circuit breaker covers the Redis that answers nothing (a hung or overloaded server, a network
 * that drops packets): after a timeout or an error, no command is sent for BREAKER_OPEN_MS; then
 * one request tries (the others still skip Redis) and its success closes the breaker.
 */

export type RedisClient = ReturnType<typeof createClient>;
export type RedisResult<T> = { ok: true; value: T } | { ok: false };

const BREAKER_OPEN_MS = 1_000;
/**
 * Outside the server (command-line scripts, tests) a lost connection is tried again this many
 * times, then given up: a script must not be kept alive by a Redis that is away. The server
 * tries for as long as it runs.
 */
const RECONNECTS_OUTSIDE_SERVER = 8;
const UNAVAILABLE: RedisResult<never> = { ok: false };

/** Who this process is in messages it publishes (its own are skipped when they come back). */
export const INSTANCE_ID = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

interface ConnectionOptions {
  /** Prefix of every key and channel (REDIS_PREFIX). */
  prefix: string;
  /** Time limit of one command (ms). */
  timeoutMs: number;
  /** Where the outage and recovery lines go (the shop's logger by default). */
  log?: (level: 'warn' | 'info', message: string, err?: unknown) => void;
  /** Who publishes through this connection (INSTANCE_ID; tests play two instances in one process). */
  instanceId?: string;
}

/** One line when an outage starts (with its cause), one when it ends. */
function defaultLog(level: 'warn' | 'info', message: string, err?: unknown): void {
  const log = logger('redis');
  if (level === 'warn') log.warn({ cause: reason(err) }, message);
  else log.info(message);
}

function reason(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
}

/** Backoff between reconnection attempts: 50 ms doubling up to 2 s, with some jitter. */
export function reconnectDelay(retries: number): number {
  return Math.min(2_000, 50 * 2 ** Math.min(retries, 6)) + Math.floor(Math.random() * 50);
}

export class RedisConnection {
  readonly client: RedisClient;
  readonly prefix: string;
  readonly instanceId: string;
  private readonly url: string;
  private readonly timeoutMs: number;
  private readonly log: (level: 'warn' | 'info', message: string, err?: unknown) => void;
  private subscriber: RedisClient | null = null;
  private readonly subscriptions = new Map<string, (message: string) => void>();
  private readonly recoveryHooks = new Set<() => void>();
  /** Unreachable since the last failure, until a command succeeds or the socket is ready again. */
  private down = false;
  private openUntil = 0;
  private probing = false;
  private closed = false;

  constructor(url: string, options: ConnectionOptions) {
    this.url = url;
    this.prefix = options.prefix;
    this.instanceId = options.instanceId ?? INSTANCE_ID;
    this.timeoutMs = options.timeoutMs;
    this.log = options.log ?? defaultLog;
    this.client = this.newClient();
    this.client.on('error', (err: unknown) => this.markDown(err));
    this.client.on('ready', () => this.markUp());
    // The connection never keeps a process alive (a script ends when its work is done).
    this.client.unref();
    this.client.connect().catch((err: unknown) => this.markDown(err));
  }

  private newClient(): RedisClient {
    return createClient({
      url: this.url,
      disableOfflineQueue: true,
      commandOptions: { timeout: this.timeoutMs },
      socket: {
        connectTimeout: Math.max(500, this.timeoutMs * 4),
        reconnectStrategy: (retries: number) =>
          this.closed || (!isNextServer() && retries >= RECONNECTS_OUTSIDE_SERVER) ? false : reconnectDelay(retries),
      },
    });
  }

  /** A key of the shop: the prefix, then the parts joined by `:`. */
  key(...parts: string[]): string {
    return this.prefix + parts.join(':');
  }

  /** True when commands are being sent (connected, breaker closed). */
  get available(): boolean {
    return !this.closed && this.client.isReady && !(this.down && Date.now() < this.openUntil);
  }

  private markDown(err: unknown): void {
    this.openUntil = Date.now() + BREAKER_OPEN_MS;
    if (this.down || this.closed) return;
    this.down = true;
    this.log('warn', 'Redis indisponível: a continuar sem ele (PostgreSQL e memória local)', err);
  }

  private markUp(): void {
    this.openUntil = 0;
    if (!this.down) return;
    this.down = false;
    this.log('info', 'Redis disponível de novo');
    for (const hook of this.recoveryHooks) {
      try {
        hook();
      } catch (err) {
        logger('redis').error({ err }, 'recovery hook failed');
      }
    }
  }

  /** Called each time Redis is reachable again after an outage (e.g. to replay what could not be written). */
  onRecovery(hook: () => void): () => void {
    this.recoveryHooks.add(hook);
    return () => this.recoveryHooks.delete(hook);
  }

  /**
   * Runs `op` on the client when Redis is reachable; `{ ok: false }` (at once, or after at most the
   * command time limit) when it is not. Never throws.
   */
  async run<T>(op: (client: RedisClient) => Promise<T>): Promise<RedisResult<T>> {
    if (this.closed || !this.client.isReady) {
      if (!this.closed && !this.down) this.markDown(new Error('not connected'));
      return UNAVAILABLE;
    }
    let probe = false;
    if (this.down) {
      // Half-open: one request tries while the others go on without Redis.
      if (Date.now() < this.openUntil || this.probing) return UNAVAILABLE;
      this.probing = probe = true;
    }
    let timer: NodeJS.Timeout | undefined;
    try {
      // The client's own time limit applies to each command; this one bounds the whole operation
      // (several commands, a script) whatever happens inside the client.
      // When the timer fires, the answer may already be waiting on the socket (a busy event loop
      // runs timers before I/O): one more turn lets it in before the operation is given up.
      const limit = new Promise<never>((_, reject) => {
        timer = setTimeout(() => setImmediate(() => reject(new Error(`no answer within ${this.timeoutMs} ms`))), this.timeoutMs);
      });
      const value = await Promise.race([op(this.client), limit]);
      if (this.down) this.markUp();
      return { ok: true, value };
    } catch (err) {
      this.markDown(err);
      return UNAVAILABLE;
    } finally {
      clearTimeout(timer);
      if (probe) this.probing = false;
    }
  }

  /**
   * Listens on `channel` (prefixed) on a second connection (a subscribing connection can do nothing
   * else). Reconnection resubscribes by itself; messages published meanwhile are lost, which is
   * why every use of pub/sub here has a durable backstop.
   */
  async subscribe(channel: string, listener: (message: string) => void): Promise<void> {
    const name = this.key(channel);
    this.subscriptions.set(name, listener);
    if (!this.subscriber) {
      // Its commands wait for the connection (no offline refusal, no short time limit): SUBSCRIBE
      // is sent when it connects and again after each reconnection.
      const sub = this.client.duplicate({ disableOfflineQueue: false, commandOptions: {} });
      // The main connection's handlers log the outage; this one must only not crash the process.
      sub.on('error', () => undefined);
      this.subscriber = sub;
      sub.unref();
      sub.connect().catch(() => undefined);
    }
    const sub = this.subscriber;
    await sub.subscribe(name, (message: string) => this.subscriptions.get(name)?.(message)).catch(() => undefined);
  }

  /** Publishes `message` on `channel` (prefixed); false when Redis was not reachable. */
  async publish(channel: string, message: string): Promise<boolean> {
    const sent = await this.run((c) => c.publish(this.key(channel), message));
    return sent.ok;
  }

  async close(): Promise<void> {
    this.closed = true;
    const clients = [this.client, this.subscriber].filter((c): c is RedisClient => c !== null);
    await Promise.all(clients.map((c) => (c.isOpen ? c.close().catch(() => undefined) : undefined)));
    for (const c of clients) if (c.isOpen) c.destroy();
  }
}

const STATE = Symbol.for('cag.redis.connection');
type Holder = { [STATE]?: { url: string; connection: RedisConnection } };

/** A connection of its own (tests use two to play two instances); the shop uses `getRedis()`. */
export function createRedisConnection(url: string, options: Partial<ConnectionOptions> = {}): RedisConnection {
  return new RedisConnection(url, { ...options, prefix: options.prefix ?? env().REDIS_PREFIX, timeoutMs: options.timeoutMs ?? env().REDIS_COMMAND_TIMEOUT_MS });
}

/**
 * The process's Redis connection, created on first use (one per process, on globalThis: Next may
 * load this module more than once); null when REDIS_URL is not set.
 */
export function getRedis(): RedisConnection | null {
  const url = env().REDIS_URL;
  const g = globalThis as Holder;
  if (!url) return null;
  const current = g[STATE];
  if (current && current.url === url) return current.connection;
  // A changed URL (tests) replaces the connection.
  if (current) void current.connection.close();
  const connection = createRedisConnection(url);
  g[STATE] = { url, connection };
  return connection;
}

/** Closes the process's connection (tests, shutdown). */
export async function closeRedis(): Promise<void> {
  const g = globalThis as Holder;
  const current = g[STATE];
  delete g[STATE];
  if (current) await current.connection.close();
}
