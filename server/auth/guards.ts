import 'server-only';
import { APIError, type createAuthMiddleware } from 'better-auth/api';
import { siteUrl } from '@/lib/env';
import type { FeatureFlag } from '@/lib/flags';
import { isSafeRedirect } from '@/lib/safe-redirect';
import { PROFILE_NAME_MAX } from '@/lib/validation/account';
import { PASSWORD_MAX_LENGTH } from '@/lib/validation/auth';
import { AppError } from '@/server/errors';
import { flagsFromHeaders } from '@/server/flags';
import { serverText } from '@/server/i18n';

/**
 * The rules better-auth's own endpoints keep on top of its options, for the HTTP API
 * (app/api/auth/[...all]) and the in-process calls of our actions alike:
 * - feature flags: an endpoint of a feature switched off on this host is refused (admins pass);
 * - account changes need the password: change of e-mail (verified here) and deletion (never the
 *   "fresh session" way without it);
 * - update-user writes the name only (capped like the profile form); every other profile field
 *   is `input: false` and written by the app's validated actions;
 * - every callback / redirect URL must be a safe on-site target (lib/safe-redirect).
 */

/** better-auth endpoints (paths under /api/auth) and the flags they belong to. */
const AUTH_PATH_FLAGS: Record<string, FeatureFlag[]> = {
  '/sign-up/email': ['ENABLE_USER_REGISTRATION'],
  '/update-user': ['ENABLE_DASHBOARD', 'ENABLE_USER_PROFILES'],
  '/change-email': ['ENABLE_DASHBOARD'],
  '/delete-user': ['ENABLE_DASHBOARD'],
  '/delete-user/callback': ['ENABLE_DASHBOARD'],
};

/** Keys of bodies and queries that carry a URL better-auth redirects to or puts in a mail. */
const CALLBACK_KEYS = ['callbackURL', 'redirectTo', 'errorCallbackURL', 'newUserCallbackURL'] as const;

export function flagsOfAuthPath(path: string): FeatureFlag[] {
  return AUTH_PATH_FLAGS[path] ?? [];
}

/**
 * The better-auth path of a request URL's pathname, as its router would match it: below
 * /api/auth, percent-decoded, without repeated or trailing slashes, lower case.
 */
export function authPathOf(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: better-auth answers it (404); the raw text is matched.
  }
  path = path.toLowerCase().replace(/\/{2,}/g, '/').replace(/\/+$/, '');
  const base = '/api/auth';
  return path.startsWith(`${base}/`) ? path.slice(base.length) : path;
}

interface HeaderReader {
  get(name: string): string | null;
}

function flagsOff(path: string, headers: HeaderReader): boolean {
  const flags = flagsFromHeaders(headers);
  return flagsOfAuthPath(path).some((flag) => !flags[flag]);
}

/**
 * HTTP API (app/api/auth/[...all]): a request to an endpoint of a feature switched off on this
 * host is refused with 403 `feature_off` in the API envelope, unless an administrator sends it.
 */
export async function assertAuthFeatureOn(
  request: Request,
  isAdmin: (headers: Headers) => Promise<boolean>,
): Promise<void> {
  const path = authPathOf(new URL(request.url).pathname);
  if (!flagsOff(path, request.headers)) return;
  if (await isAdmin(request.headers)) return;
  throw new AppError({ code: 'feature_off', key: 'Api.featureOff' });
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

function refuse(code: string, key: string, status: 'BAD_REQUEST' | 'FORBIDDEN' = 'BAD_REQUEST'): never {
  throw new APIError(status, { code, message: serverText(key) });
}

/** The session of a request's headers, read through the whole API (so bearer tokens count too). */
export type SessionOf = (headers: Headers) => Promise<{ user: { id: string; isAdmin?: boolean | null } } | null>;

/**
 * The `before` hook part of these rules (server/auth/auth.ts). It runs before the plugins' hooks
 * (the bearer plugin's included), so the session is read with `sessionOf`, never from the context.
 */
export async function guardAuthEndpoint(ctx: HookContext, sessionOf: SessionOf): Promise<void> {
  const body = (ctx.body && typeof ctx.body === 'object' ? ctx.body : {}) as Record<string, unknown>;
  const query = (ctx.query && typeof ctx.query === 'object' ? ctx.query : {}) as Record<string, unknown>;

  for (const key of CALLBACK_KEYS) {
    for (const value of [body[key], query[key]]) {
      if (value !== undefined && value !== null && !isSafeRedirect(value, siteUrl())) {
        refuse('INVALID_CALLBACK_URL', 'Errors.badRequest');
      }
    }
  }

  // Flags: only for calls made for a request (HTTP, or our actions passing its headers); a call
  // of our own code without a request (scripts, start-up) has no host.
  if (ctx.headers && flagsOff(ctx.path, ctx.headers)) {
    const session = await sessionOf(ctx.headers).catch(() => null);
    if (!session?.user.isAdmin) refuse('FEATURE_OFF', 'Errors.featureOff', 'FORBIDDEN');
  }

  if (ctx.path === '/sign-up/email' || ctx.path === '/update-user') {
    // better-auth's own `image` is no field of the shop (the picture is avatarUrl, set by upload).
    const other = ctx.path === '/update-user' ? Object.keys(body).find((key) => key !== 'name') : body.image ? 'image' : undefined;
    if (other) throw new APIError('BAD_REQUEST', { code: 'FIELD_NOT_ALLOWED', message: `${other} is not allowed to be set` });
    const name = body.name;
    if (name !== undefined && (typeof name !== 'string' || !name.trim())) refuse('INVALID_NAME', 'Validation.nameRequired');
    if (typeof name === 'string' && name.trim().length > PROFILE_NAME_MAX) refuse('INVALID_NAME', 'Validation.nameTooLong');
  }

  if (ctx.path === '/delete-user') {
    // No deletion by a "fresh" session alone, nor by a token: the password, always.
    if (typeof body.password !== 'string' || !body.password) refuse('PASSWORD_REQUIRED', 'Validation.ownPasswordRequired');
    if (body.token !== undefined) refuse('INVALID_TOKEN', 'Errors.badRequest');
  }

  if (ctx.path === '/change-email') {
    const password = body.password;
    if (typeof password !== 'string' || !password) refuse('PASSWORD_REQUIRED', 'Validation.currentPasswordRequired');
    const session = ctx.headers ? await sessionOf(ctx.headers).catch(() => null) : null;
    if (!session) throw new APIError('UNAUTHORIZED', { code: 'UNAUTHORIZED', message: serverText('Errors.unauthenticated') });
    const account = await ctx.context.internalAdapter.findCredentialAccount(session.user.id);
    const valid = Boolean(account?.password) && password.length <= PASSWORD_MAX_LENGTH && (await ctx.context.password.verify({ hash: account!.password!, password }));
    if (!valid) throw new APIError('BAD_REQUEST', { code: 'INVALID_PASSWORD', message: serverText('Account.email.wrongPassword') });
  }
}
