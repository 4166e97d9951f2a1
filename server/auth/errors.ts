import 'server-only';
import { isAPIError } from 'better-auth/api';
import { AppError, type AppErrorInit } from '@/server/errors';
import { tooManyAttempts } from './rate-limit';

/**
 * better-auth's errors as the AppErrors the account forms show (message keys, never its English
 * text). Used by every server action that calls better-auth in-process.
 */

export interface AuthFailure {
  code?: string;
  status: number;
  /** Seconds to wait, set by our own abuse limits (the before hook of server/auth/auth.ts). */
  retryAfter?: number;
}

/** The code and status of a better-auth error, or null for anything else. */
export function authFailureOf(err: unknown): AuthFailure | null {
  if (!isAPIError(err)) return null;
  const body = (err.body ?? {}) as { code?: unknown; retryAfter?: unknown };
  return {
    code: typeof body.code === 'string' ? body.code : undefined,
    status: err.statusCode,
    retryAfter: typeof body.retryAfter === 'number' ? body.retryAfter : undefined,
  };
}

/** What a better-auth error code becomes; `fallback` for any other code. */
export type KnownAuthErrors = Partial<Record<string, AppErrorInit>>;

/**
 * Throws the AppError for a better-auth error: a code of `known` first; our abuse limits (429
 * with the time to wait); any other 429 (the library's own attempt limits); else `fallback`.
 * Anything that is not a better-auth error is thrown again unchanged (the action logs it).
 */
export function throwAuthError(
  err: unknown,
  known: KnownAuthErrors,
  fallback: AppErrorInit,
): never {
  const failure = authFailureOf(err);
  if (!failure) throw err;
  const mapped = failure.code ? known[failure.code] : undefined;
  if (mapped) throw new AppError(mapped);
  if (failure.code === 'RATE_LIMITED' || failure.status === 429) {
    if (failure.retryAfter !== undefined) throw tooManyAttempts(failure.retryAfter);
    throw new AppError({ code: 'rate_limited', key: 'Errors.tooManyAttempts' });
  }
  throw new AppError(fallback);
}
