'use server';
import 'server-only';
import { headers } from 'next/headers';
import { z } from 'zod';
import { eq, sql } from 'drizzle-orm';
import type { MessageRef } from '@/lib/errors';
import {
  backupCodeSchema,
  emailOnlySchema,
  LOGIN_MESSAGES,
  loginSchema,
  resetPasswordSchema,
  SIGNUP_MESSAGES,
  signUpMetadata,
  signUpSchema,
  totpCodeSchema,
} from '@/lib/validation/auth';
import {
  changeEmailSchema,
  changePasswordSchema,
  passwordConfirmationSchema,
  profileSchema,
} from '@/lib/validation/account';
import { AppError } from '@/server/errors';
import { validatedAction } from '@/server/actions/validated-action';
import { getDb } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { subscribeToNewsletter } from '@/server/newsletter/subscriptions';
import { getAuth } from './auth';
import { CONFIRM_PATH, RESET_PATH } from './emails';
import { authFailureOf, throwAuthError, type KnownAuthErrors } from './errors';
import { enforceRateLimit } from './rate-limit';
import { forgetCachedSessions } from '@/server/redis/sessions';
import { isHoneypotFilled } from '@/server/security/honeypot';

/**
 * Account actions of the login modal, /login, /forgot-password, /reset-password and the account
 * area. They call better-auth in-process (the nextCookies plugin writes the session cookie); its
 * errors become message keys of the spec 8 texts (server/auth/errors.ts), never its English text.
 * Sessions, validation and error answers are validatedAction's.
 */

const INVALID_LOGIN = { code: 'unauthorized' as const, key: LOGIN_MESSAGES.invalid };

export const signInAction = validatedAction({ schema: loginSchema }, async ({ email, password }) => {
  const auth = await getAuth();
  try {
    const result = await auth.api.signInEmail({ body: { email, password, rememberMe: true }, headers: await headers() });
    if ('twoFactorRedirect' in result && result.twoFactorRedirect) return { twoFactor: true as const };
  } catch (err) {
    throwAuthError(
      err,
      {
        EMAIL_NOT_VERIFIED: { code: 'email_not_confirmed', key: LOGIN_MESSAGES.unconfirmed },
        INVALID_EMAIL_OR_PASSWORD: INVALID_LOGIN,
      },
      INVALID_LOGIN,
    );
  }
  // (The failed attempts on this e-mail are forgotten by server/auth/auth.ts's after-hook.)
  return { twoFactor: false as const };
});

/**
 * The pending two-factor sign-in is over (too many codes: server/auth/auth.ts voids it; or it
 * expired): the login form goes back to the password. The account's
 * own limits (20 codes an hour) answer the usual 429 with the minutes to wait.
 */
const TWO_FACTOR_ERRORS: KnownAuthErrors = {
  TWO_FACTOR_CHALLENGE_VOID: { code: 'rate_limited', key: LOGIN_MESSAGES.twoFactorSignInAgain },
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: { code: 'rate_limited', key: LOGIN_MESSAGES.twoFactorSignInAgain },
  INVALID_TWO_FACTOR_COOKIE: { code: 'unauthorized', key: LOGIN_MESSAGES.twoFactorChallengeGone },
};

/** The second step of a login with the second factor: the app's 6-digit code. */
export const verifyTotpAction = validatedAction({ schema: totpCodeSchema }, async ({ code, trustDevice }) => {
  const auth = await getAuth();
  try {
    await auth.api.verifyTOTP({ body: { code, trustDevice }, headers: await headers() });
  } catch (err) {
    throwAuthError(err, TWO_FACTOR_ERRORS, { code: 'unauthorized', key: 'Auth.twoFactor.invalidCode' });
  }
  return { signedIn: true as const };
});

/** A backup code of the second factor instead of the app's code (each works once). */
export const verifyBackupCodeAction = validatedAction({ schema: backupCodeSchema }, async ({ code }) => {
  const auth = await getAuth();
  try {
    await auth.api.verifyBackupCode({ body: { code, trustDevice: false }, headers: await headers() });
  } catch (err) {
    throwAuthError(err, TWO_FACTOR_ERRORS, { code: 'unauthorized', key: 'Auth.twoFactor.invalidBackupCode' });
  }
  return { signedIn: true as const };
});

/** 'Criar Conta', behind the registration flag as /login is (admins pass). */
export const signUpAction = validatedAction(
  { schema: signUpSchema, flag: 'ENABLE_USER_REGISTRATION' },
  async (values, { ip }): Promise<MessageRef> => {
    // A filled honeypot is a robot: it is answered like everyone and nothing is created.
    if (isHoneypotFilled(values.newsletterHoneypot)) return { message: SIGNUP_MESSAGES.success };
    const db = await getDb();
    // Counted before the "already registered" answer: no unlimited probing of addresses.
    await enforceRateLimit(db, 'sign-up', { ip, email: values.email });
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, values.email));
    const alreadyRegistered = {
      code: 'conflict' as const,
      key: SIGNUP_MESSAGES.alreadyRegistered,
      fieldErrors: { email: [SIGNUP_MESSAGES.alreadyRegistered] },
    };
    if (existing) throw new AppError(alreadyRegistered);
    const metadata = signUpMetadata(values);
    const auth = await getAuth();
    let userId: string;
    try {
      const created = await auth.api.signUpEmail({
        body: {
          name: metadata.full_name,
          email: values.email,
          password: values.password,
          callbackURL: CONFIRM_PATH,
        },
        headers: await headers(),
      });
      userId = created.user.id;
    } catch (err) {
      throwAuthError(
        err,
        { USER_ALREADY_EXISTS: alreadyRegistered, USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: alreadyRegistered },
        { code: 'bad_request', key: SIGNUP_MESSAGES.failed },
      );
    }
    // The profile fields are `input: false` in better-auth: written here, from the validated form.
    await db
      .update(users)
      .set({
        userType: metadata.user_type,
        phcClientId: metadata.phc_client_id,
        fullName: metadata.full_name,
        phoneNumber: metadata.phone_number ?? null,
        fiscalNumber: metadata.fiscal_number ?? null,
        companyName: metadata.company_name ?? null,
        newsletterPreference: metadata.newsletter_preference,
      })
      .where(eq(users.id, userId));
    if (values.newsletter) {
      await subscribeToNewsletter({ email: values.email, mmerge4: values.newsletterTypology, honeypot: '', source: 'signup' }, { ip });
    }
    return { message: SIGNUP_MESSAGES.success };
  },
);

export const signOutAction = validatedAction({ schema: z.object({}).optional() }, async () => {
  const auth = await getAuth();
  try {
    await auth.api.signOut({ headers: await headers() });
  } catch (err) {
    // Spec 4: a session already gone is tolerated; the cookies are cleared anyway.
    if (!authFailureOf(err)) throw err;
  }
  return { signedOut: true as const };
});

/** /forgot-password: the same answer whether or not the address has an account. */
export const requestPasswordResetAction = validatedAction({ schema: emailOnlySchema }, async ({ email }): Promise<MessageRef> => {
  const auth = await getAuth();
  try {
    await auth.api.requestPasswordReset({ body: { email, redirectTo: RESET_PATH }, headers: await headers() });
  } catch (err) {
    throwAuthError(err, {}, { code: 'bad_request', key: 'Auth.recovery.failed' });
  }
  return { message: 'Auth.recovery.sent' };
});

export const resetPasswordAction = validatedAction({ schema: resetPasswordSchema }, async ({ token, password }): Promise<MessageRef> => {
  const auth = await getAuth();
  try {
    await auth.api.resetPassword({ body: { token, newPassword: password } });
  } catch (err) {
    throwAuthError(err, {}, { code: 'bad_request', key: 'Auth.reset.invalidLink' });
  }
  return { message: 'Auth.reset.done' };
});

/** A new confirmation link: the same answer for an unknown or already confirmed address. */
export const resendConfirmationAction = validatedAction({ schema: emailOnlySchema }, async ({ email }): Promise<MessageRef> => {
  const auth = await getAuth();
  try {
    await auth.api.sendVerificationEmail({ body: { email, callbackURL: CONFIRM_PATH }, headers: await headers() });
  } catch (err) {
    const failure = authFailureOf(err);
    if (!failure) throw err;
    // Only the abuse limits are told; anything else would reveal whether the address has an account.
    if (failure.code === 'RATE_LIMITED' || failure.status === 429) throwAuthError(err, {}, { code: 'rate_limited', key: 'Errors.tooManyAttempts' });
  }
  return { message: 'Auth.resend.sent' };
});

// ---------------------------------------------------------------------------------------------
// Account area (a session is required; better-auth checks it again).

/** The profile of /dashboard/profile (behind the dashboard and profile flags; admins pass). */
export const updateProfileAction = validatedAction(
  { schema: profileSchema, session: 'required', flag: ['ENABLE_DASHBOARD', 'ENABLE_USER_PROFILES'] },
  async ({ fullName, fiscalName }, { viewer }): Promise<MessageRef> => {
    // The profile fields are `input: false` in better-auth (its /update-user cannot write them):
    // this validated action is their only writer. Sessions are read from the database (no cookie cache).
    await (await getDb())
      .update(users)
      .set({ name: fullName, fullName, fiscalName, updatedAt: new Date() })
      .where(eq(users.id, viewer.id));
    // A session cached in Redis carries the old name: read again from the database.
    await forgetCachedSessions([viewer.id]);
    return { message: 'Account.profile.saved' };
  },
);

export const changePasswordAction = validatedAction(
  { schema: changePasswordSchema, session: 'required' },
  async ({ currentPassword, password }): Promise<MessageRef> => {
    const auth = await getAuth();
    try {
      await auth.api.changePassword({ body: { currentPassword, newPassword: password, revokeOtherSessions: true }, headers: await headers() });
    } catch (err) {
      throwAuthError(
        err,
        { INVALID_PASSWORD: { code: 'bad_request', key: 'Account.password.wrongCurrent', fieldErrors: { currentPassword: ['Account.password.wrongCurrent'] } } },
        { code: 'bad_request', key: 'Account.password.failed' },
      );
    }
    return { message: 'Account.password.changed' };
  },
);

const WRONG_EMAIL_PASSWORD = {
  code: 'bad_request' as const,
  key: 'Account.email.wrongPassword',
  fieldErrors: { currentPassword: ['Account.email.wrongPassword'] },
};

/**
 * Change of e-mail (settings, behind the dashboard flag): the current password first; then the
 * CURRENT address gets a mail that tells about the change and must agree, and only then does the
 * new address get its confirmation link (better-auth's change-email confirmation flow).
 */
export const changeEmailAction = validatedAction(
  { schema: changeEmailSchema, session: 'required', flag: 'ENABLE_DASHBOARD' },
  async ({ newEmail, currentPassword }, { viewer }): Promise<MessageRef> => {
    if (newEmail === viewer.email) throw new AppError({ code: 'bad_request', key: 'Account.email.same' });
    const auth = await getAuth();
    try {
      // `password` is checked by our before hook (server/auth/guards.ts), not by better-auth's schema.
      const body = { newEmail, callbackURL: '/dashboard/settings?email-changed=1', password: currentPassword };
      await auth.api.changeEmail({ body, headers: await headers() });
    } catch (err) {
      const failure = authFailureOf(err);
      if (!failure) throw err;
      if (failure.code === 'INVALID_PASSWORD' || failure.code === 'PASSWORD_REQUIRED') throw new AppError(WRONG_EMAIL_PASSWORD);
      if (failure.code === 'RATE_LIMITED' || failure.status === 429) throwAuthError(err, {}, { code: 'rate_limited', key: 'Errors.tooManyAttempts' });
      // An address already in use is not revealed: the answer is the same.
    }
    return { message: 'Account.email.sent', values: { email: viewer.email } };
  },
);

/** Account deletion (settings, behind the dashboard flag): always with the password. */
export const deleteAccountAction = validatedAction(
  { schema: passwordConfirmationSchema, session: 'required', flag: 'ENABLE_DASHBOARD' },
  async ({ password }): Promise<MessageRef> => {
    const auth = await getAuth();
    try {
      await auth.api.deleteUser({ body: { password }, headers: await headers() });
    } catch (err) {
      throwAuthError(
        err,
        { INVALID_PASSWORD: { code: 'bad_request', key: 'Account.delete.wrongPassword' } },
        { code: 'bad_request', key: 'Account.delete.failed' },
      );
    }
    return { message: 'Account.delete.deleted' };
  },
);
