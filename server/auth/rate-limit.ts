import 'server-only';
import { sql } from 'drizzle-orm';
import { env } from '@/lib/env';
import { AppError } from '@/server/api/errors';
import type { Db } from '@/server/db/client';
import { authRateLimits } from '@/server/db/schema';

/**
 * Abuse limits of the account endpoints (fixed windows, counted in the database so that they
 * hold across restarts and servers). Each action is limited per IP and per e-mail address.
 * AUTH_RATE_LIMIT_IP_SCALE multiplies the per-IP limits (tests run every browser from one IP).
 */
export type LimitedAction = 'sign-in' | 'sign-up' | 'recovery' | 'resend' | 'access-request';

interface Limit {
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;
export const RATE_LIMITS: Record<LimitedAction, { ip: Limit; email: Limit }> = {
  'sign-in': { ip: { max: 30, windowMs: 15 * MINUTE }, email: { max: 5, windowMs: 15 * MINUTE } },
  'sign-up': { ip: { max: 10, windowMs: 60 * MINUTE }, email: { max: 3, windowMs: 60 * MINUTE } },
  recovery: { ip: { max: 10, windowMs: 60 * MINUTE }, email: { max: 3, windowMs: 60 * MINUTE } },
  resend: { ip: { max: 10, windowMs: 60 * MINUTE }, email: { max: 3, windowMs: 60 * MINUTE } },
  'access-request': { ip: { max: 5, windowMs: 60 * MINUTE }, email: { max: 3, windowMs: 60 * MINUTE } },
};

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

/** Counts one hit on `key`; returns the milliseconds to wait when over `limit`, else 0. */
async function hit(db: Db, key: string, limit: Limit): Promise<number> {
  const now = Date.now();
  const windowStart = now - limit.windowMs;
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
  if (!row || row.hits <= limit.max) return 0;
  return Math.max(1000, row.windowStartedAt + limit.windowMs - now);
}

/**
 * Counts an attempt of `action` from `ip` for `email`; throws AppError `rate_limited` (429) with a
 * Portuguese message when either limit is exceeded.
 */
export async function enforceRateLimit(db: Db, action: LimitedAction, who: { ip: string | null; email?: string | null }): Promise<void> {
  const limits = RATE_LIMITS[action];
  const scale = env().AUTH_RATE_LIMIT_IP_SCALE;
  const waits = await Promise.all([
    hit(db, `${action}:ip:${who.ip ?? 'unknown'}`, { ...limits.ip, max: limits.ip.max * scale }),
    who.email ? hit(db, `${action}:email:${who.email.trim().toLowerCase()}`, limits.email) : Promise.resolve(0),
  ]);
  const wait = Math.max(...waits);
  if (wait > 0) throw tooMany(wait);
}

/** Forgets the counters of an e-mail (after a successful login the failed attempts no longer count). */
export async function clearRateLimit(db: Db, action: LimitedAction, email: string): Promise<void> {
  await db.delete(authRateLimits).where(sql`${authRateLimits.key} = ${`${action}:email:${email.trim().toLowerCase()}`}`);
}
