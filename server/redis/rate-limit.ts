import 'server-only';
import { getRedis, type RedisConnection } from './client';

/**
 * The abuse-limit counters (server/auth/rate-limit.ts) in Redis, shared by every instance: one
 * key per counter, counted with INCR and given the window as its lifetime on the first hit (a
 * fixed window that starts with the first hit, as the PostgreSQL rows do). Each function answers
 * null (or false) when Redis is not configured or not reachable; the caller then counts in
 * PostgreSQL.
 */

/** Hits, then the window's remaining time; an optional set (KEYS[2]) remembers the counter's key. */
const COUNT_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
if KEYS[2] then
  redis.call('SADD', KEYS[2], KEYS[1])
  if redis.call('PTTL', KEYS[2]) < ttl then redis.call('PEXPIRE', KEYS[2], ttl) end
end
return {hits, ttl}`;

/** Takes one hit back from each counter, never below zero (the window is kept). */
const DECREMENT_SCRIPT = `
for _, k in ipairs(KEYS) do
  local v = tonumber(redis.call('GET', k))
  if v and v > 0 then redis.call('DECR', k) end
end
return 1`;

/** Deletes a counter, a set of counter keys and every counter named in it. */
const CLEAR_SCRIPT = `
local members = redis.call('SMEMBERS', KEYS[2])
for _, k in ipairs(members) do redis.call('DEL', k) end
redis.call('DEL', KEYS[1], KEYS[2])
return #members`;

function connection(redis?: RedisConnection | null): RedisConnection | null {
  return redis === undefined ? getRedis() : redis;
}

const counterKey = (r: RedisConnection, key: string) => r.key('rl', key);

/** Counts one hit on `key` (window `windowMs`); null when Redis cannot count it. */
export async function redisCount(
  key: string,
  windowMs: number,
  options: { index?: string; redis?: RedisConnection | null } = {},
): Promise<{ hits: number; resetsInMs: number } | null> {
  const r = connection(options.redis);
  if (!r) return null;
  const keys = [counterKey(r, key), ...(options.index ? [counterKey(r, options.index)] : [])];
  const result = await r.run((c) => c.eval(COUNT_SCRIPT, { keys, arguments: [String(Math.max(1, Math.round(windowMs)))] }));
  if (!result.ok || !Array.isArray(result.value)) return null;
  const [hits, ttl] = result.value as [number, number];
  return { hits: Number(hits), resetsInMs: Math.max(0, Number(ttl)) };
}

/** Takes one hit back from each of `keys`; false when Redis could not. */
export async function redisUncount(keys: string[], redis?: RedisConnection | null): Promise<boolean> {
  const r = connection(redis);
  if (!r || keys.length === 0) return false;
  const result = await r.run((c) => c.eval(DECREMENT_SCRIPT, { keys: keys.map((k) => counterKey(r, k)) }));
  return result.ok;
}

/** Deletes the counters `keys`; false when Redis could not. */
export async function redisForget(keys: string[], redis?: RedisConnection | null): Promise<boolean> {
  const r = connection(redis);
  if (!r || keys.length === 0) return false;
  const result = await r.run((c) => c.del(keys.map((k) => counterKey(r, k))));
  return result.ok;
}

/** Deletes the counter `key` and every counter remembered in the set `index`; false when Redis could not. */
export async function redisForgetWithIndex(key: string, index: string, redis?: RedisConnection | null): Promise<boolean> {
  const r = connection(redis);
  if (!r) return false;
  const result = await r.run((c) => c.eval(CLEAR_SCRIPT, { keys: [counterKey(r, key), counterKey(r, index)] }));
  return result.ok;
}
