import 'server-only';
import { getRedis, type RedisConnection } from './client';

/**
 * better-auth's secondary storage on Redis (server/auth/auth.ts, when REDIS_URL is set): sessions
 * are read from Redis instead of PostgreSQL on every request. PostgreSQL keeps every session too
 * (`storeSessionInDatabase`), and a session Redis does not give back — Redis away, restarted
 * empty, or the entry evicted — is read from PostgreSQL: an outage signs nobody out.
 *
 * Only sessions live here (a session token, and `active-sessions-<user id>`, better-auth's list of
 * a user's tokens). Verification values (e-mail links, pending second factors) stay in PostgreSQL
 * alone: their keys are refused here (get → null, set/delete → nothing), and auth.ts sets
 * `verification.storeInDatabase`.
 *
 * A cached session carries its user (role, type, name, disabled…). Whatever changes a user or
 * ends sessions in PostgreSQL without better-auth (staff screens, the profile form) calls
 * `forgetCachedSessions(userIds)`: the user's cached sessions are dropped and read again from
 * PostgreSQL. To find them all, every session written here is also remembered in a set per user.
 * A write or a deletion that could not reach Redis is remembered by this process and replayed
 * (as a deletion) when Redis is back, so a session ended during an outage does not come back.
 */

/** The better-auth secondary-storage contract (better-auth 1.7, @better-auth/core `SecondaryStorage`). */
export interface SessionStorage {
  get: (key: string) => Promise<string | null>;
  getAndDelete: (key: string) => Promise<string | null>;
  increment: (key: string, ttl: number) => Promise<number>;
  set: (key: string, value: string, ttl?: number) => Promise<void>;
  delete: (key: string) => Promise<void>;
}

/** Keys better-auth writes that are not sessions: never kept in Redis. */
const NOT_A_SESSION = /^(verification:|rate-limit|2fa|otp|device)/;
const ACTIVE_SESSIONS = 'active-sessions-';
/** At most this many keys wait for a replay; past it the whole session space is cleared on recovery. */
const MAX_PENDING = 10_000;

const PENDING = Symbol.for('cag.redis.sessions.pending');
interface Pending {
  keys: Set<string>;
  users: Set<string>;
  overflow: boolean;
  hooked: WeakSet<RedisConnection>;
}
function pending(): Pending {
  const g = globalThis as { [PENDING]?: Pending };
  return (g[PENDING] ??= { keys: new Set(), users: new Set(), overflow: false, hooked: new WeakSet() });
}

const storeKey = (r: RedisConnection, key: string) => r.key('auth', key);
const userIndexKey = (r: RedisConnection, userId: string) => r.key('auth-index', userId);

/** The user of a session value better-auth writes (`{ session: { userId }, user }`), if it is one. */
function sessionUserId(value: string): string | null {
  try {
    const parsed = JSON.parse(value) as { session?: { userId?: unknown } };
    return typeof parsed?.session?.userId === 'string' ? parsed.session.userId : null;
  } catch {
    return null;
  }
}

function remember(redis: RedisConnection, key: string | null, userId: string | null): void {
  const p = pending();
  if (key) p.keys.add(key);
  if (userId) p.users.add(userId);
  if (p.keys.size + p.users.size > MAX_PENDING) {
    p.overflow = true;
    p.keys.clear();
    p.users.clear();
  }
  hookRecovery(redis);
}

/** Once per connection: when Redis is back, delete what this process could not write or delete. */
function hookRecovery(redis: RedisConnection): void {
  const p = pending();
  if (p.hooked.has(redis)) return;
  p.hooked.add(redis);
  redis.onRecovery(() => {
    void replayPending(redis);
  });
}

/** Deletes from Redis the keys and users whose writes failed during an outage (run when it is back). */
export async function replayPending(redis: RedisConnection): Promise<void> {
  const p = pending();
  if (p.overflow) {
    // Too many to list: every cached session goes (each is read again from PostgreSQL).
    const cleared = await redis.run(async (c) => {
      for await (const keys of c.scanIterator({ MATCH: `${redis.key('auth')}:*`, COUNT: 500 })) if (keys.length) await c.unlink(keys);
      for await (const keys of c.scanIterator({ MATCH: `${redis.key('auth-index')}:*`, COUNT: 500 })) if (keys.length) await c.unlink(keys);
    });
    if (cleared.ok) p.overflow = false;
    return;
  }
  const keys = [...p.keys];
  const users = [...p.users];
  if (keys.length) {
    const done = await redis.run((c) => c.unlink(keys.map((k) => storeKey(redis, k))));
    if (done.ok) for (const k of keys) p.keys.delete(k);
  }
  if (users.length && (await dropUsers(redis, users))) for (const u of users) p.users.delete(u);
}

/** Deletes every cached session of `userIds`, their lists and their sets; false when Redis could not. */
async function dropUsers(redis: RedisConnection, userIds: string[]): Promise<boolean> {
  const done = await redis.run(async (c) => {
    for (const userId of userIds) {
      const members = await c.sMembers(userIndexKey(redis, userId));
      await c.unlink([...members, storeKey(redis, `${ACTIVE_SESSIONS}${userId}`), userIndexKey(redis, userId)]);
    }
  });
  return done.ok;
}

/**
 * Drops the cached sessions of these users (after a change to the user or its sessions made in
 * PostgreSQL): their next request reads the session and the user from PostgreSQL. Without Redis,
 * nothing to do; Redis away, done when it is back.
 */
export async function forgetCachedSessions(userIds: readonly string[], redis: RedisConnection | null = getRedis()): Promise<void> {
  if (!redis || userIds.length === 0) return;
  if (!(await dropUsers(redis, [...userIds]))) for (const userId of userIds) remember(redis, null, userId);
}

/** better-auth's secondary storage on `redis`. */
export function redisSessionStorage(redis: RedisConnection): SessionStorage {
  hookRecovery(redis);
  return {
    async get(key) {
      if (NOT_A_SESSION.test(key)) return null;
      const result = await redis.run((c) => c.get(storeKey(redis, key)));
      return result.ok ? result.value : null;
    },
    async getAndDelete(key) {
      if (NOT_A_SESSION.test(key)) return null;
      const result = await redis.run((c) => c.getDel(storeKey(redis, key)));
      if (!result.ok) remember(redis, key, null);
      return result.ok ? result.value : null;
    },
    async increment(key, ttl) {
      // Not used for sessions (better-auth's own rate limiter is off: ours is server/auth/rate-limit.ts).
      const result = await redis.run(async (c) => {
        const n = await c.incr(storeKey(redis, key));
        if (n === 1) await c.expire(storeKey(redis, key), Math.max(1, Math.round(ttl)));
        return n;
      });
      return result.ok ? result.value : 1;
    },
    async set(key, value, ttl) {
      if (NOT_A_SESSION.test(key)) return;
      const userId = key.startsWith(ACTIVE_SESSIONS) ? null : sessionUserId(value);
      const seconds = ttl && ttl > 0 ? Math.round(ttl) : undefined;
      const result = await redis.run(async (c) => {
        const multi = c.multi();
        multi.set(storeKey(redis, key), value, seconds ? { expiration: { type: 'EX', value: seconds } } : undefined);
        if (userId) {
          multi.sAdd(userIndexKey(redis, userId), storeKey(redis, key));
          // The set lives as long as the longest session in it (30 days at most).
          multi.expire(userIndexKey(redis, userId), Math.max(seconds ?? 0, 30 * 24 * 60 * 60), 'GT');
          multi.expire(userIndexKey(redis, userId), Math.max(seconds ?? 0, 30 * 24 * 60 * 60), 'NX');
        }
        return multi.exec();
      });
      // An older copy may still be in Redis: deleted when it is back (PostgreSQL has the new one).
      if (!result.ok) remember(redis, key, null);
    },
    async delete(key) {
      if (NOT_A_SESSION.test(key)) return;
      const result = await redis.run((c) => c.unlink(storeKey(redis, key)));
      if (!result.ok) remember(redis, key, null);
    },
  };
}
