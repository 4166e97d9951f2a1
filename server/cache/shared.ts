import 'server-only';
import { getRedis, type RedisConnection } from '@/server/redis/client';

/**
 * The Redis side of the page/data cache, for several server instances (REDIS_URL set):
 *
 * - a shared layer under each instance's memory cache (server/cache/next-handler.cjs): what one
 *   instance rendered or read (public catalogue pages, cached route answers, `cachedRead` data —
 *   the entries that are already shared by every visitor of an instance; nothing that depends on
 *   the viewer is ever cached there) is written to Redis too, and an instance that misses in its
 *   memory looks in Redis before rendering. Keys carry the build id: two builds never share entries.
 * - the invalidations: `invalidateCache` records the time of each tag in a Redis hash (an entry
 *   written before its tag's time is stale for every instance, even one started later) and
 *   publishes the tags, which every other instance expires at once (`subscribeToInvalidations`).
 *   A message lost while a connection was down is still applied by the PostgreSQL log and its
 *   poller (server/cache/poller.ts) within CACHE_POLL_MS.
 *
 * Every function here gives up quietly when Redis is not configured or not reachable: the
 * instance then works from its own memory and the PostgreSQL log, as without Redis.
 */

const CHANNEL = 'cache:invalidate';
const TAG_TIMES = 'cache:tag-times';
/** Entries larger than this stay in the instance's memory only. */
const MAX_SHARED_BYTES = 4 * 1024 * 1024;
const DAY_SECONDS = 24 * 60 * 60;

/** The payload of an entry, and the latest invalidation time of its tags, in one round trip. */
const GET_SCRIPT = `
local e = redis.call('GET', KEYS[1])
if not e then return false end
local nl = string.find(e, '\\n', 1, true)
if not nl then return false end
local tags = cjson.decode(string.sub(e, 1, nl - 1))
local latest = 0
if #tags > 0 then
  local times = redis.call('HMGET', KEYS[2], unpack(tags))
  for _, t in ipairs(times) do
    if t then
      local n = tonumber(t)
      if n and n > latest then latest = n end
    end
  end
end
return {string.sub(e, nl + 1), tostring(latest)}`;

/** An entry of the handler's store as it travels through Redis. */
export interface SharedEntry {
  value: unknown;
  lastModified: number;
  tags: string[];
  cacheControl?: unknown;
}

const BYTES = '$cagBytes';
const MAP = '$cagMap';

/**
 * JSON with Buffers (RSC payloads, route bodies) and Maps (segment data) kept as such. Anything
 * else that is not plain data (a stream, a class instance) throws: such an entry is not shared.
 */
export function encodeValue(value: unknown): unknown {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') throw new Error('not shareable');
    return value;
  }
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return { [BYTES]: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64') };
  if (value instanceof Map) return { [MAP]: [...value.entries()].map(([k, v]) => [k, encodeValue(v)]) };
  if (Array.isArray(value)) return value.map(encodeValue);
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) throw new Error('not shareable');
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = encodeValue(v);
  return out;
}

export function decodeValue(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(decodeValue);
  const record = value as Record<string, unknown>;
  if (typeof record[BYTES] === 'string') return Buffer.from(record[BYTES], 'base64');
  if (Array.isArray(record[MAP])) return new Map((record[MAP] as [unknown, unknown][]).map(([k, v]) => [k, decodeValue(v)]));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(record)) out[k] = decodeValue(v);
  return out;
}

function entryKey(r: RedisConnection, namespace: string, key: string): string {
  return r.key('cache', namespace, key);
}

/** Seconds an entry is kept in Redis: twice its revalidate time (a safety net), at most a day. */
function lifetimeSeconds(cacheControl: unknown): number {
  const revalidate = (cacheControl as { revalidate?: unknown } | undefined)?.revalidate;
  if (typeof revalidate !== 'number' || !Number.isFinite(revalidate) || revalidate <= 0) return DAY_SECONDS;
  return Math.min(DAY_SECONDS, Math.max(60, Math.ceil(revalidate * 2)));
}

/**
 * The entry `key` of build `namespace` from Redis, or null (absent, stale because one of its tags
 * was invalidated after it was written, or Redis unreachable).
 */
export async function getSharedEntry(namespace: string, key: string, redis: RedisConnection | null = getRedis()): Promise<SharedEntry | null> {
  if (!redis?.available) return null;
  const result = await redis.run((c) => c.eval(GET_SCRIPT, { keys: [entryKey(redis, namespace, key), redis.key(TAG_TIMES)] }));
  if (!result.ok || !Array.isArray(result.value)) return null;
  const [payload, latest] = result.value as [string, string];
  try {
    const parsed = JSON.parse(payload) as { v: unknown; m: number; t: string[]; c?: unknown };
    if (Number(latest) >= parsed.m) return null;
    return { value: decodeValue(parsed.v), lastModified: parsed.m, tags: parsed.t, ...(parsed.c === undefined ? {} : { cacheControl: parsed.c }) };
  } catch {
    return null;
  }
}

/** Writes the entry `key` of build `namespace` to Redis (quietly skipped when too large or Redis is away). */
export async function setSharedEntry(namespace: string, key: string, entry: SharedEntry, redis: RedisConnection | null = getRedis()): Promise<boolean> {
  if (!redis?.available) return false;
  let payload: string;
  try {
    // Rendered pages, route answers and data entries; an APP_PAGE whose HTML is not yet a string stays local.
    const kind = (entry.value as { kind?: unknown } | null)?.kind;
    if (kind === 'APP_PAGE' && typeof (entry.value as { html?: unknown }).html !== 'string') return false;
    payload = `${JSON.stringify(entry.tags)}\n${JSON.stringify({ v: encodeValue(entry.value), m: entry.lastModified, t: entry.tags, c: entry.cacheControl })}`;
  } catch {
    return false;
  }
  if (payload.length > MAX_SHARED_BYTES) return false;
  const result = await redis.run((c) => c.set(entryKey(redis, namespace, key), payload, { expiration: { type: 'EX', value: lifetimeSeconds(entry.cacheControl) } }));
  return result.ok;
}

/** Forgets the entry `key` of build `namespace` in Redis (Next wrote an empty value). */
export async function deleteSharedEntry(namespace: string, key: string, redis: RedisConnection | null = getRedis()): Promise<void> {
  if (!redis?.available) return;
  await redis.run((c) => c.del(entryKey(redis, namespace, key)));
}

interface InvalidationMessage {
  from: string;
  tags: string[];
}

/**
 * Records the invalidation of `tags` in Redis (their time: entries written before it are stale
 * for every instance) and publishes them to the other instances. False when Redis is not
 * configured or not reachable (the PostgreSQL log still carries them).
 */
export async function publishInvalidation(tags: readonly string[], redis: RedisConnection | null = getRedis()): Promise<boolean> {
  if (!redis || tags.length === 0) return false;
  const at = String(Date.now());
  const message: InvalidationMessage = { from: redis.instanceId, tags: [...tags] };
  const result = await redis.run((c) =>
    c
      .multi()
      .hSet(redis.key(TAG_TIMES), Object.fromEntries(tags.map((t) => [t, at])))
      .publish(redis.key(CHANNEL), JSON.stringify(message))
      .exec(),
  );
  return result.ok;
}

/**
 * Calls `onTags` with the tags every other instance invalidates, as they are published. Messages
 * of this process itself are skipped (it has already expired them).
 */
export async function subscribeToInvalidations(onTags: (tags: string[]) => void, redis: RedisConnection | null = getRedis()): Promise<boolean> {
  if (!redis) return false;
  await redis.subscribe(CHANNEL, (raw) => {
    try {
      const message = JSON.parse(raw) as InvalidationMessage;
      if (message.from === redis.instanceId || !Array.isArray(message.tags)) return;
      const tags = message.tags.filter((t): t is string => typeof t === 'string' && t.length > 0);
      if (tags.length) onTags(tags);
    } catch {
      // Not one of ours: ignored.
    }
  });
  return true;
}

/** What server/cache/next-handler.cjs (plain CommonJS, outside the bundle) calls through globalThis. */
const SHARED = Symbol.for('cag.cache.shared');
(globalThis as { [SHARED]?: unknown })[SHARED] ??= {
  get: (namespace: string, key: string) => getSharedEntry(namespace, key),
  set: (namespace: string, key: string, entry: SharedEntry) => setSharedEntry(namespace, key, entry),
  delete: (namespace: string, key: string) => deleteSharedEntry(namespace, key),
};
