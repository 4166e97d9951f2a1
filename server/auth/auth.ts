import 'server-only';
import { and, eq } from 'drizzle-orm';
import { betterAuth } from 'better-auth/minimal';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, twoFactor } from 'better-auth/plugins';
import { nextCookies } from 'better-auth/next-js';
import { env, siteUrl } from '@/lib/env';
import { failedPasswordRules, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/lib/validation/auth';
import { AppError } from '@/server/errors';
import { CLIENT_IP_HEADER, clientIp, hasTrustedFront } from '@/server/actions/request-meta';
import { getDb, type Db } from '@/server/db/client';
import { authSchema, users } from '@/server/db/schema';
import { serverText } from '@/server/i18n';
import { sendMail } from '@/server/mail/send';
import { getRedis } from '@/server/redis/client';
import { redisSessionStorage } from '@/server/redis/sessions';
import { changeEmailMail, changeEmailRequestMail, confirmationMail, emailTokenRequestType, resetPasswordMail } from './emails';
import { guardAuthEndpoint, type SessionOf } from './guards';
import { countTwoFactorAttempt, enforceRateLimit, forgetSignInAttempt, forgetTwoFactorAttempt, type LimitedAction } from './rate-limit';
import { authSecret } from './secret';

/**
 * Authentication (better-auth) in our own database through Drizzle. Sessions live in the
 * `sessions` table and reach the browser as an HttpOnly cookie (`cag.session_token`, SameSite=Lax,
 * Secure when the site is https), renewed once a day while the user is active; API clients may
 * send the same session token as `Authorization: Bearer`. With REDIS_URL set, sessions are also
 * kept in Redis (better-auth's secondary storage, server/redis/sessions.ts) and read from there;
 * PostgreSQL keeps them all the same, and is read whenever Redis does not answer.
 */

export const COOKIE_PREFIX = 'cag';
export const SESSION_COOKIE = `${COOKIE_PREFIX}.session_token`;

/** better-auth paths that count against the abuse limits, with the action they count as. */
const LIMITED_PATHS: Record<string, LimitedAction> = {
  '/sign-in/email': 'sign-in',
  '/sign-up/email': 'sign-up',
  '/request-password-reset': 'recovery',
  '/send-verification-email': 'resend',
  '/change-email': 'change-email',
};

/**
 * better-auth paths that check a code of the second factor. At sign-in (a pending two-factor
 * sign-in: the signed `two_factor` cookie) they are limited per pending sign-in, per account and
 * per IP (server/auth/rate-limit.ts `countTwoFactorAttempt`), for the HTTP API and the login
 * form's actions alike.
 */
const TWO_FACTOR_CODE_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code', '/two-factor/verify-otp']);

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The identifier of the pending two-factor sign-in a request carries (its signed cookie), if any. */
async function twoFactorChallenge(ctx: HookContext): Promise<string | null> {
  const cookie = ctx.context.createAuthCookie('two_factor');
  const challenge = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  return typeof challenge === 'string' && challenge ? challenge : null;
}

/** Our 429 (AppError) as better-auth's, with the seconds to wait (the forms' actions say how long: server/auth/errors.ts). */
function rateLimitedError(err: unknown): unknown {
  if (!(err instanceof AppError)) return err;
  const retryAfter = Number(err.details?.retryAfter?.[0]);
  return new APIError('TOO_MANY_REQUESTS', { message: err.message, code: 'RATE_LIMITED', ...(retryAfter > 0 ? { retryAfter } : {}) });
}

/**
 * Before a second-factor code is checked: counted against the pending sign-in (5 codes, then it is
 * void and the password is asked again: 429 `TWO_FACTOR_CHALLENGE_VOID`), the account (20 an hour,
 * across sign-ins: 429 `RATE_LIMITED`) and the IP.
 */
async function limitTwoFactorCode(db: Db, ctx: HookContext): Promise<void> {
  const challenge = await twoFactorChallenge(ctx);
  const pending = challenge ? await ctx.context.internalAdapter.findVerificationValue(challenge) : null;
  const live = pending && new Date(pending.expiresAt).getTime() > Date.now() ? pending : null;
  let outcome: 'ok' | 'challenge-spent';
  try {
    outcome = await countTwoFactorAttempt(db, { ip: ctx.headers ? clientIp(ctx.headers) : null, userId: live?.value ?? null, challenge: live ? challenge : null });
  } catch (err) {
    throw rateLimitedError(err);
  }
  if (outcome === 'challenge-spent' && challenge) {
    // The pending sign-in (and better-auth's own attempt counter of it) is gone: the cookie opens nothing more.
    await ctx.context.internalAdapter.deleteVerificationByIdentifier(challenge);
    await ctx.context.internalAdapter.deleteVerificationByIdentifier(`2fa-attempts-${challenge}`);
    throw new APIError('TOO_MANY_REQUESTS', { message: serverText('Auth.twoFactor.signInAgain'), code: 'TWO_FACTOR_CHALLENGE_VOID' });
  }
}

/**
 * Origins allowed to call /api/auth with a browser (its CSRF check) and to appear in callback
 * URLs: the site itself and AUTH_TRUSTED_ORIGINS, each reduced to a plain http(s) origin
 * (no wildcard patterns). Callback URLs are further held to the site's own origin (guards.ts).
 */
function trustedOrigins(site: string): string[] {
  const origins = new Set([new URL(site).origin]);
  for (const entry of (env().AUTH_TRUSTED_ORIGINS ?? '').split(',')) {
    try {
      const url = new URL(entry.trim());
      if ((url.protocol === 'https:' || url.protocol === 'http:') && !url.hostname.includes('*')) origins.add(url.origin);
    } catch {
      // Not an origin: ignored.
    }
  }
  return [...origins];
}

function createAuth(db: Db, secret: string) {
  const site = siteUrl();
  const redis = getRedis();
  // The guards read sessions through the finished instance (bearer tokens included).
  let sessionOf: SessionOf = async () => null;
  const auth = betterAuth({
    appName: 'Casa das Águas de Gaia',
    baseURL: site,
    basePath: '/api/auth',
    secret,
    trustedOrigins: trustedOrigins(site),
    database: drizzleAdapter(db, { provider: 'pg', schema: authSchema }),
    // Sessions in Redis too, when configured; PostgreSQL stays the record (storeSessionInDatabase)
    // and the fallback. Verification values (links, pending second factors) stay in PostgreSQL only.
    ...(redis ? { secondaryStorage: redisSessionStorage(redis) } : {}),
    verification: { storeInDatabase: true },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: env().AUTH_RESET_LINK_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // A password set from a link mailed to the address proves the address (the invitation of a
      // user created by staff, is such a link): the account counts as confirmed.
      onPasswordReset: async ({ user }) => {
        await db.update(users).set({ emailVerified: true }).where(and(eq(users.id, user.id), eq(users.emailVerified, false)));
      },
      sendResetPassword: async ({ user, token }) => {
        await sendMail(resetPasswordMail(user.email, user.name, token));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, token }) => {
        // The second step of a change of e-mail sends its token to the new address.
        const changing = emailTokenRequestType(token) === 'change-email-verification';
        await sendMail(changing ? changeEmailMail(user.email, user.name, token) : confirmationMail(user.email, user.name, token));
      },
    },
    user: {
      modelName: 'user',
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'viewer', input: false },
        isAdmin: { type: 'boolean', required: false, defaultValue: false, input: false },
        userType: { type: 'string', required: false, defaultValue: 'particular', input: false },
        accountName: { type: 'string', required: false, input: false },
        // Profile fields are written only by the app's validated actions (sign-up, profile,
        // avatar): `input: false` keeps /api/auth/sign-up/email and /update-user from writing them.
        fullName: { type: 'string', required: false, input: false },
        fiscalName: { type: 'string', required: false, input: false },
        avatarUrl: { type: 'string', required: false, input: false },
        phoneNumber: { type: 'string', required: false, input: false },
        fiscalNumber: { type: 'string', required: false, input: false },
        companyName: { type: 'string', required: false, input: false },
        phcClientId: { type: 'string', required: false, input: false },
        newsletterPreference: { type: 'boolean', required: false, defaultValue: false, input: false },
        // Disabled by staff: see databaseHooks below and viewerFromHeaders.
        disabledAt: { type: 'date', required: false, input: false },
      },
      changeEmail: {
        enabled: true,
        // The current address is asked first (its owner is told, and must agree); only then does
        // the new address get its confirmation link. The password is checked in guards.ts.
        sendChangeEmailConfirmation: async ({ user, newEmail, token }) => {
          await sendMail(changeEmailRequestMail(user.email, user.name, newEmail, token));
        },
      },
      deleteUser: { enabled: true },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      cookieCache: { enabled: false },
      storeSessionInDatabase: true,
    },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: site.startsWith('https://'),
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
      // The one trusted client IP (scripts/serve.mjs sets it; X-Forwarded-For is never read).
      // Without serve.mjs in front the header could be the client's own: no IP is kept then.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER], disableIpTracking: !hasTrustedFront() },
    },
    databaseHooks: {
      session: {
        create: {
          // A disabled user gets no session, whichever way in (password, second factor, reset).
          before: async (session) => {
            const [row] = await db.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, session.userId));
            if (row?.disabledAt) throw new APIError('FORBIDDEN', { message: 'Conta desativada.', code: 'ACCOUNT_DISABLED' });
          },
          after: async (session) => {
            await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, session.userId));
          },
        },
      },
    },
    // Our own limits (per IP and per e-mail, in the database) run in the hook below for HTTP
    // calls and server actions alike.
    rateLimit: { enabled: false },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // Flags, password for account changes, writable fields, safe callback URLs (guards.ts).
        await guardAuthEndpoint(ctx, (headers) => sessionOf(headers));
        // The password rules of spec 5 hold for every way in (forms, HTTP API).
        const body = (ctx.body ?? {}) as { password?: unknown; newPassword?: unknown };
        const password = ctx.path === '/sign-up/email' ? body.password : ['/reset-password', '/change-password'].includes(ctx.path) ? body.newPassword : undefined;
        if (typeof password === 'string') {
          const failed = failedPasswordRules(password);
          if (failed.length) throw new APIError('BAD_REQUEST', { message: failed.map((r) => serverText(r.message)).join(' '), code: 'WEAK_PASSWORD' });
        }
        if (TWO_FACTOR_CODE_PATHS.has(ctx.path)) {
          await limitTwoFactorCode(db, ctx);
          return;
        }
        const action = LIMITED_PATHS[ctx.path];
        if (!action) return;
        // signUpAction counts its attempt itself, before it answers "already registered"; only
        // HTTP calls of the sign-up endpoint are counted here.
        if (action === 'sign-up' && !ctx.request) return;
        const fields = (ctx.body ?? {}) as { email?: unknown; newEmail?: unknown };
        const email = action === 'change-email' ? fields.newEmail : fields.email;
        try {
          await enforceRateLimit(db, action, {
            ip: ctx.headers ? clientIp(ctx.headers) : null,
            email: typeof email === 'string' ? email : null,
          });
        } catch (err) {
          throw rateLimitedError(err);
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const session = ctx.context.newSession;
        if (!session) return;
        // A second-factor code that signed in no longer counts: only wrong codes use the limits up.
        if (TWO_FACTOR_CODE_PATHS.has(ctx.path)) {
          const challenge = await twoFactorChallenge(ctx);
          if (challenge) await forgetTwoFactorAttempt(db, { ip: ctx.headers ? clientIp(ctx.headers) : null, userId: session.user.id, challenge });
          return;
        }
        // A login that worked (the password was right; a second factor may still follow) forgets
        // the failed attempts on its e-mail and does not count against its IP (server action or HTTP).
        if (ctx.path !== '/sign-in/email') return;
        await forgetSignInAttempt(db, { ip: ctx.headers ? clientIp(ctx.headers) : null, email: session.user.email });
      }),
    },
    plugins: [twoFactor({ issuer: 'Casa das Águas de Gaia' }), bearer(), nextCookies()],
    telemetry: { enabled: false },
    // Failed logins are expected traffic; our own code logs what needs attention.
    // (Tests provoke refusals on purpose: no log there.)
    logger: { level: 'error', disabled: env().NODE_ENV === 'test' },
  });
  sessionOf = (headers) => auth.api.getSession({ headers });
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;

const instances = new WeakMap<Db, Promise<Auth>>();

/** The auth instance of the current database (one per process, or per test database). */
export function getAuth(): Promise<Auth> {
  return getDb().then((db) => {
    let auth = instances.get(db);
    if (!auth) {
      auth = authSecret(db).then((secret) => createAuth(db, secret));
      instances.set(db, auth);
    }
    return auth;
  });
}
