import 'server-only';
import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { sql } from 'drizzle-orm';
import { env } from '@/lib/env';
import { AppError } from '@/server/errors';
import { getDb, type Db } from '@/server/db/client';
import { authRateLimits } from '@/server/db/schema';
import { redisCount, redisForget, redisForgetWithIndex, redisUncount } from '@/server/redis/rate-limit';

/**
 * Abuse limits of every path that sends mail, creates rows or costs time (fixed windows, counted
 * in Redis when REDIS_URL is set and Redis answers — server/redis/rate-limit.ts — and otherwise in
 * the database, so that they hold across restarts and servers; same limits and same answers
 * either way). Each action is limited per
 * trusted client IP (server/actions/request-meta.ts `clientIp`) and, where there is one, per
 * e-mail address (the account's, the recipient's). AUTH_RATE_LIMIT_IP_SCALE multiplies the
 * per-IP limits (end-to-end tests run every browser from one IP).
 *
 * Login is special: a hard limit per e-mail alone would let anyone lock a known customer out by
 * typing wrong passwords. So the e-mail's hard limit counts per (e-mail, IP), and the attempts on
 * one e-mail from every IP together only slow the answers down (SIGN_IN_SLOWDOWN). A successful
 * login forgets its e-mail's counters and takes back its hit on the IP (`forgetSignInAttempt`):
 * the per-IP limit counts failed attempts only (a shop's staff share one office IP).
 *
 * The second factor of a login (a 6-digit code, or a backup code) has limits of its own
 * (`countTwoFactorAttempt`): per pending sign-in, per account and per IP, so that someone who has
 * a staff password cannot go on guessing the code, not even by signing in again.
 */
export type LimitedAction =
  | 'sign-in'
  | 'sign-up'
  | 'recovery'
  | 'resend'
  | 'access-request'
  | 'contact'
  | 'newsletter'
  | 'change-email'
  | 'search'
  | 'upload'
  | 'quote'
  | 'two-factor'
  | 'vitals';

interface Limit {
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const RATE_LIMITS: Record<LimitedAction, { ip: Limit; email?: Limit }> = {
  // `email` of sign-in: per (e-mail, IP).
  'sign-in': { ip: { max: 30, windowMs: 15 * MINUTE }, email: { max: 5, windowMs: 15 * MINUTE } },
  'sign-up': { ip: { max: 10, windowMs: HOUR }, email: { max: 3, windowMs: HOUR } },
  recovery: { ip: { max: 10, windowMs: HOUR }, email: { max: 3, windowMs: HOUR } },
  resend: { ip: { max: 10, windowMs: HOUR }, email: { max: 3, windowMs: HOUR } },
  'access-request': { ip: { max: 5, windowMs: HOUR }, email: { max: 3, windowMs: HOUR } },
  // The contact form acknowledges to the address typed in it: per sender IP and per recipient.
  contact: { ip: { max: 3, windowMs: HOUR }, email: { max: 3, windowMs: HOUR } },
  newsletter: { ip: { max: 10, windowMs: HOUR }, email: { max: 3, windowMs: HOUR } },
  // Per new address: each request mails a confirmation link to it.
  'change-email': { ip: { max: 10, windowMs: HOUR }, email: { max: 3, windowMs: HOUR } },
  search: { ip: { max: 120, windowMs: MINUTE } },
  // Per IP and per account (`email`: the signed-in user's).
  upload: { ip: { max: 20, windowMs: HOUR }, email: { max: 20, windowMs: HOUR } },
  // Each request mails an acknowledgement to the address given and notifies the shop.
  quote: { ip: { max: 10, windowMs: HOUR }, email: { max: 5, windowMs: HOUR } },
  // Codes of the second factor at sign-in; `email`: per account (its user id), whatever the login.
  'two-factor': { ip: { max: 30, windowMs: 15 * MINUTE }, email: { max: 20, windowMs: HOUR } },
  // Web-vital beacons (POST /api/vitals): a page view sends one or two.
  vitals: { ip: { max: 60, windowMs: MINUTE } },
};

/** Codes one pending two-factor sign-in takes; past them it is void and the password is asked again. */
export const TWO_FACTOR_CHALLENGE_ATTEMPTS = 5;

/** Login attempts on one e-mail from every IP: past `after` in the window, each answer waits `stepMs` more (up to `maxMs`). */
export const SIGN_IN_SLOWDOWN = { after: 10, windowMs: 15 * MINUTE, stepMs: 500, maxMs: 5_000 };

/**
 * The 429 of our limits: 'Demasiadas tentativas. Por favor, aguarde {minutes} minutos…' (one minute
 * in the singular), with the seconds to wait as `retryAfter` for API clients.
 */
export function tooManyAttempts(retryAfterSeconds: number): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new AppError({
    code: 'rate_limited',
    key: minutes === 1 ? 'Errors.rateLimitedOneMinute' : 'Errors.rateLimited',
    values: { minutes },
    details: { retryAfter: [String(Math.max(1, Math.ceil(retryAfterSeconds)))] },
  });
}

function tooMany(retryAfterMs: number): AppError {
  return tooManyAttempts(retryAfterMs / 1000);
}

/** The part of an IP a limit counts: the address, or its /64 network for IPv6 (one host holds a whole /64). */
export function ipLimitKey(ip: string | null): string {
  if (!ip) return 'unknown';
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

const normalEmail = (email: string) => email.trim().toLowerCase();

/**
 * Counts one hit on `key`; returns the hits in the current window and the milliseconds until it
 * ends. In Redis when it can (`index`: a set that remembers the key, for `clearRateLimit`), else
 * in PostgreSQL.
 */
async function count(db: Db, key: string, windowMs: number, index?: string): Promise<{ hits: number; resetsInMs: number }> {
  const shared = await redisCount(key, windowMs, { index });
  if (shared) return shared;
  const now = Date.now();
  const windowStart = now - windowMs;
  const rows = await db
    .insert(authRateLimits)
    .values({ key, hits: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: authRateLimits.key,
      set: {
        hits: sql`CASE WHEN ${authRateLimits.windowStartedAt} < ${windowStart} THEN 1 ELSE ${authRateLimits.hits} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${authRateLimits.windowStartedAt} < ${windowStart} THEN ${now}::bigint ELSE ${authRateLimits.windowStartedAt} END`,
      },
    })
    .returning({ hits: authRateLimits.hits, windowStartedAt: authRateLimits.windowStartedAt });
  const row = rows[0];
  return { hits: row?.hits ?? 1, resetsInMs: row ? row.windowStartedAt + windowMs - now : windowMs };
}

/** Counts one hit on `key`; returns the milliseconds to wait when over `limit`, else 0. */
async function hit(db: Db, key: string, limit: Limit, index?: string): Promise<number> {
  const { hits, resetsInMs } = await count(db, key, limit.windowMs, index);
  return hits <= limit.max ? 0 : Math.max(1000, resetsInMs);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Counts an attempt of `action` from `ip` (for `email`, when the action has one); throws AppError
 * `rate_limited` (429) with a Portuguese message when a limit is exceeded. Login attempts past
 * SIGN_IN_SLOWDOWN on one e-mail are answered later, not refused.
 */
export async function enforceRateLimit(db: Db, action: LimitedAction, who: { ip: string | null; email?: string | null }): Promise<void> {
  const limits = RATE_LIMITS[action];
  const scale = env().AUTH_RATE_LIMIT_IP_SCALE;
  const ip = ipLimitKey(who.ip);
  const email = who.email ? normalEmail(who.email) : null;
  const counts: Promise<number>[] = [hit(db, `${action}:ip:${ip}`, { ...limits.ip, max: limits.ip.max * scale })];
  let slowdown = Promise.resolve(0);
  if (email && limits.email) {
    if (action === 'sign-in') {
      counts.push(hit(db, `${action}:email-ip:${email}|${ip}`, limits.email, emailIpIndex(action, email)));
      slowdown = count(db, `${action}:email:${email}`, SIGN_IN_SLOWDOWN.windowMs).then(({ hits }) =>
        Math.min(SIGN_IN_SLOWDOWN.maxMs, Math.max(0, hits - SIGN_IN_SLOWDOWN.after) * SIGN_IN_SLOWDOWN.stepMs),
      );
    } else {
      counts.push(hit(db, `${action}:email:${email}`, limits.email));
    }
  }
  const [waits, delay] = await Promise.all([Promise.all(counts), slowdown]);
  const wait = Math.max(...waits);
  if (wait > 0) throw tooMany(wait);
  if (delay > 0) await sleep(delay);
}

/** enforceRateLimit on the process database (for route handlers, which do not touch server/db). */
export async function limitRequest(action: LimitedAction, who: { ip: string | null; email?: string | null }): Promise<void> {
  await enforceRateLimit(await getDb(), action, who);
}

/** The Redis set of an e-mail's per-(e-mail, IP) counters (Redis cannot list keys by prefix cheaply). */
const emailIpIndex = (action: LimitedAction, email: string) => `${action}:email-ip-index:${email}`;

/** Forgets the counters of an e-mail (after a successful login the failed attempts no longer count). */
export async function clearRateLimit(db: Db, action: LimitedAction, email: string): Promise<void> {
  const address = normalEmail(email);
  // Both stores: a counter may have been kept in PostgreSQL while Redis was unreachable.
  await redisForgetWithIndex(`${action}:email:${address}`, emailIpIndex(action, address));
  await db
    .delete(authRateLimits)
    .where(sql`${authRateLimits.key} = ${`${action}:email:${address}`} OR starts_with(${authRateLimits.key}, ${`${action}:email-ip:${address}|`})`);
}

/**
 * A login whose password was right: the per-IP limit counts failed attempts only, so
 * the hit this attempt made on its IP is taken back (a shop's staff all sign in from one office
 * IP, many times a day), and its e-mail's counters are forgotten. The failures already counted on
 * the IP stay: a success between them does not open the way to more guesses. (A second factor
 * still to come has its own limits: `countTwoFactorAttempt`.)
 */
export async function forgetSignInAttempt(db: Db, who: { ip: string | null; email: string }): Promise<void> {
  await redisUncount([`sign-in:ip:${ipLimitKey(who.ip)}`]);
  await db
    .update(authRateLimits)
    .set({ hits: sql`greatest(${authRateLimits.hits} - 1, 0)` })
    .where(sql`${authRateLimits.key} = ${`sign-in:ip:${ipLimitKey(who.ip)}`}`);
  await clearRateLimit(db, 'sign-in', who.email);
}

/** The counters of a second-factor code: per IP, per account, per pending sign-in (its cookie's identifier, hashed). */
function twoFactorKeys(who: { ip: string | null; userId: string | null; challenge: string | null }) {
  return {
    ip: `two-factor:ip:${ipLimitKey(who.ip)}`,
    account: who.userId ? `two-factor:account:${who.userId}` : null,
    challenge: who.challenge ? `two-factor:challenge:${createHash('sha256').update(who.challenge).digest('hex')}` : null,
  };
}

/**
 * Counts one code sent for a pending two-factor sign-in (TOTP or backup code, over the HTTP API or
 * the login form's actions), before it is checked. 'challenge-spent': this pending sign-in has had
 * its TWO_FACTOR_CHALLENGE_ATTEMPTS codes and must be made void (the password again); throws
 * `tooManyAttempts` when the account (20 codes an hour, across logins) or the IP is over its limit.
 * A code that works is taken back (`forgetTwoFactorAttempt`): only wrong codes use the limits up.
 */
export async function countTwoFactorAttempt(db: Db, who: { ip: string | null; userId: string | null; challenge: string | null }): Promise<'ok' | 'challenge-spent'> {
  const limits = RATE_LIMITS['two-factor'];
  const keys = twoFactorKeys(who);
  const [ipWait, accountWait, challenge] = await Promise.all([
    hit(db, keys.ip, { ...limits.ip, max: limits.ip.max * env().AUTH_RATE_LIMIT_IP_SCALE }),
    keys.account ? hit(db, keys.account, limits.email!) : Promise.resolve(0),
    // A pending sign-in lives 10 minutes: an hour's window never starts again within its life.
    keys.challenge ? count(db, keys.challenge, HOUR) : Promise.resolve(null),
  ]);
  if (challenge && challenge.hits > TWO_FACTOR_CHALLENGE_ATTEMPTS) return 'challenge-spent';
  const wait = Math.max(ipWait, accountWait);
  if (wait > 0) throw tooMany(wait);
  return 'ok';
}

/** A code that worked: it no longer counts against the account and the IP, and its pending sign-in's counter goes. */
export async function forgetTwoFactorAttempt(db: Db, who: { ip: string | null; userId: string | null; challenge: string | null }): Promise<void> {
  const keys = twoFactorKeys(who);
  const counted = [keys.ip, keys.account].filter((k): k is string => k !== null);
  await redisUncount(counted);
  if (keys.challenge) await redisForget([keys.challenge]);
  await db
    .update(authRateLimits)
    .set({ hits: sql`greatest(${authRateLimits.hits} - 1, 0)` })
    .where(sql`${authRateLimits.key} in (${sql.join(counted.map((k) => sql`${k}`), sql`, `)})`);
  if (keys.challenge) await db.delete(authRateLimits).where(sql`${authRateLimits.key} = ${keys.challenge}`);
}
