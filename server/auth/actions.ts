'use server';
import 'server-only';
import { headers } from 'next/headers';
import { z } from 'zod';
import { eq, sql } from 'drizzle-orm';
import { isAPIError } from 'better-auth/api';
import {
  LOGIN_MESSAGES,
  loginSchema,
  newPasswordSchema,
  passwordField,
  SIGNUP_MESSAGES,
  signUpMetadata,
  signUpSchema,
} from '@/lib/auth/validation';
import { AppError } from '@/server/api/errors';
import { validatedAction } from '@/server/actions/validated-action';
import { getDb } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { subscribeToNewsletter } from '@/server/newsletter/subscriptions';
import { getAuth } from './auth';
import { CONFIRM_PATH, RESET_PATH } from './emails';
import { CONFIRMATION_SENT, INVALID_RESET_LINK, RECOVERY_SENT } from './messages';
import { clearRateLimit } from './rate-limit';
import { getViewer } from './session';

/**
 * Account actions of the login modal, /login, /forgot-password, /reset-password and the account
 * area. They call better-auth in-process (the nextCookies plugin writes the session cookie);
 * its errors become the Portuguese messages of spec 8, never its English text.
 */

interface AuthFailure {
  code?: string;
  status?: number;
  message: string;
}

function failureOf(err: unknown): AuthFailure | null {
  if (!isAPIError(err)) return null;
  const body = (err.body ?? {}) as { code?: string; message?: string };
  return { code: body.code, status: err.statusCode, message: body.message ?? err.message };
}

/** A better-auth error as the AppError the forms show; anything unknown is rethrown. */
function rethrow(err: unknown, messages: Partial<Record<string, { code: ConstructorParameters<typeof AppError>[0]['code']; message: string }>>): never {
  const failure = failureOf(err);
  if (!failure) throw err;
  if (failure.code === 'RATE_LIMITED' || failure.status === 429) throw new AppError({ code: 'rate_limited', message: failure.message });
  if (failure.code === 'WEAK_PASSWORD') throw new AppError({ code: 'bad_request', message: failure.message, details: { password: [failure.message] } });
  const known = failure.code ? messages[failure.code] : undefined;
  if (known) throw new AppError(known);
  throw new AppError({ code: 'bad_request', message: messages.default?.message ?? 'Erro inesperado. Por favor, tente novamente.' });
}

const INVALID_LOGIN = { code: 'unauthorized' as const, message: LOGIN_MESSAGES.invalid };

export const signInAction = validatedAction(loginSchema, async ({ email, password }) => {
  const auth = await getAuth();
  try {
    const result = await auth.api.signInEmail({ body: { email, password, rememberMe: true }, headers: await headers() });
    if ('twoFactorRedirect' in result && result.twoFactorRedirect) return { twoFactor: true as const };
  } catch (err) {
    rethrow(err, {
      EMAIL_NOT_VERIFIED: { code: 'email_not_confirmed', message: LOGIN_MESSAGES.unconfirmed },
      INVALID_EMAIL_OR_PASSWORD: INVALID_LOGIN,
      default: INVALID_LOGIN,
    });
  }
  await clearRateLimit(await getDb(), 'sign-in', email);
  return { twoFactor: false as const };
});

export const verifyTotpAction = validatedAction(
  z.object({ code: z.string().trim().regex(/^\d{6}$/, 'O código tem 6 dígitos.'), trustDevice: z.boolean().default(false) }),
  async ({ code, trustDevice }) => {
    const auth = await getAuth();
    try {
      await auth.api.verifyTOTP({ body: { code, trustDevice }, headers: await headers() });
    } catch (err) {
      rethrow(err, { default: { code: 'unauthorized', message: 'Código inválido. Confirme o código da aplicação de autenticação.' } });
    }
    return { ok: true };
  },
);

/** A backup code of the second factor instead of the app's code (each works once). */
export const verifyBackupCodeAction = validatedAction(
  z.object({ code: z.string().trim().min(4, 'Indique um código de recuperação.').max(40) }),
  async ({ code }) => {
    const auth = await getAuth();
    try {
      await auth.api.verifyBackupCode({ body: { code, trustDevice: false }, headers: await headers() });
    } catch (err) {
      rethrow(err, { default: { code: 'unauthorized', message: 'Código de recuperação inválido ou já usado.' } });
    }
    return { ok: true };
  },
);

export const signUpAction = validatedAction(signUpSchema, async (values, { ip }) => {
  // A filled honeypot is a robot: it is answered like everyone and nothing is created.
  if (values.newsletterHoneypot?.trim()) return { message: SIGNUP_MESSAGES.success };
  const db = await getDb();
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, values.email));
  if (existing) throw new AppError({ code: 'conflict', message: SIGNUP_MESSAGES.alreadyRegistered, details: { email: [SIGNUP_MESSAGES.alreadyRegistered] } });
  const metadata = signUpMetadata(values);
  const auth = await getAuth();
  let userId: string;
  try {
    const created = await auth.api.signUpEmail({
      body: {
        name: metadata.full_name,
        email: values.email,
        password: values.password,
        fullName: metadata.full_name,
        phoneNumber: metadata.phone_number ?? undefined,
        fiscalNumber: metadata.fiscal_number ?? undefined,
        companyName: metadata.company_name ?? undefined,
        newsletterPreference: metadata.newsletter_preference,
        callbackURL: CONFIRM_PATH,
      },
      headers: await headers(),
    });
    userId = created.user.id;
  } catch (err) {
    rethrow(err, {
      USER_ALREADY_EXISTS: { code: 'conflict', message: SIGNUP_MESSAGES.alreadyRegistered },
      USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { code: 'conflict', message: SIGNUP_MESSAGES.alreadyRegistered },
      default: { code: 'bad_request', message: SIGNUP_MESSAGES.failed },
    });
  }
  await db.update(users).set({ userType: metadata.user_type, phcClientId: metadata.phc_client_id }).where(eq(users.id, userId));
  if (values.newsletter) {
    await subscribeToNewsletter({ email: values.email, mmerge4: values.newsletterTypology, honeypot: '', source: 'signup' }, { ip });
  }
  return { message: SIGNUP_MESSAGES.success };
});

export const signOutAction = validatedAction(z.object({}).optional(), async () => {
  const auth = await getAuth();
  try {
    await auth.api.signOut({ headers: await headers() });
  } catch (err) {
    // Spec 4: a session already gone is tolerated; the cookies are cleared anyway.
    if (!failureOf(err)) throw err;
  }
  return { ok: true };
});

/** The e-mail field of the login (required, valid, lower-cased), for recovery and resend. */
const emailOnly = loginSchema.pick({ email: true });

export const requestPasswordResetAction = validatedAction(emailOnly, async ({ email }) => {
  const auth = await getAuth();
  try {
    await auth.api.requestPasswordReset({ body: { email, redirectTo: RESET_PATH }, headers: await headers() });
  } catch (err) {
    rethrow(err, { default: { code: 'bad_request', message: 'Não foi possível enviar o email. Por favor, tente novamente.' } });
  }
  return { message: RECOVERY_SENT };
});

export const resetPasswordAction = validatedAction(
  z.intersection(z.object({ token: z.string().trim().min(1, INVALID_RESET_LINK).max(200) }), newPasswordSchema),
  async ({ token, password }) => {
    const auth = await getAuth();
    try {
      await auth.api.resetPassword({ body: { token, newPassword: password } });
    } catch (err) {
      rethrow(err, { INVALID_TOKEN: { code: 'bad_request', message: INVALID_RESET_LINK }, default: { code: 'bad_request', message: INVALID_RESET_LINK } });
    }
    return { message: 'Password alterada com sucesso. Já pode iniciar sessão com a nova password.' };
  },
);

export const resendConfirmationAction = validatedAction(emailOnly, async ({ email }) => {
  const auth = await getAuth();
  try {
    await auth.api.sendVerificationEmail({ body: { email, callbackURL: CONFIRM_PATH }, headers: await headers() });
  } catch (err) {
    const failure = failureOf(err);
    if (failure?.code === 'RATE_LIMITED' || failure?.status === 429) rethrow(err, {});
    // Already verified or unknown: the same answer (nothing is revealed).
    if (!failure) throw err;
  }
  return { message: CONFIRMATION_SENT };
});

// ---------------------------------------------------------------------------------------------
// Account area (a session is required; better-auth checks it again).

async function requireSession() {
  const viewer = await getViewer();
  if (!viewer) throw new AppError({ code: 'unauthorized', message: 'A sua sessão terminou. Inicie sessão novamente.' });
  return viewer;
}

export const updateProfileAction = validatedAction(
  z.object({
    fullName: z.string().trim().min(1, 'O nome é obrigatório').max(160, 'O nome não pode ter mais de 160 caracteres'),
    fiscalName: z
      .string()
      .trim()
      .max(160, 'O nome fiscal não pode ter mais de 160 caracteres')
      .optional()
      .transform((v) => v || null),
  }),
  async ({ fullName, fiscalName }) => {
    const viewer = await requireSession();
    const auth = await getAuth();
    await auth.api.updateUser({ body: { name: fullName, fullName, fiscalName: fiscalName ?? undefined }, headers: await headers() });
    // better-auth skips undefined fields: clearing the fiscal name is a write of our own.
    if (fiscalName === null) await (await getDb()).update(users).set({ fiscalName: null }).where(eq(users.id, viewer.id));
    return { message: 'Perfil atualizado.' };
  },
);

export const changePasswordAction = validatedAction(
  z.intersection(z.object({ currentPassword: z.string().min(1, 'Indique a password atual').max(128) }), newPasswordSchema),
  async ({ currentPassword, password }) => {
    await requireSession();
    const auth = await getAuth();
    try {
      await auth.api.changePassword({ body: { currentPassword, newPassword: password, revokeOtherSessions: true }, headers: await headers() });
    } catch (err) {
      rethrow(err, { INVALID_PASSWORD: { code: 'bad_request', message: 'A password atual não está correta.' }, default: { code: 'bad_request', message: 'Não foi possível alterar a password.' } });
    }
    return { message: 'Password alterada. As outras sessões foram terminadas.' };
  },
);

export const changeEmailAction = validatedAction(
  z.object({ newEmail: loginSchema.shape.email }),
  async ({ newEmail }) => {
    const viewer = await requireSession();
    if (newEmail === viewer.email) throw new AppError({ code: 'bad_request', message: 'Esse já é o email da sua conta.' });
    const auth = await getAuth();
    try {
      await auth.api.changeEmail({ body: { newEmail, callbackURL: '/dashboard/settings?email-changed=1' }, headers: await headers() });
    } catch (err) {
      // An address already in use is not revealed: the answer is the same.
      if (!failureOf(err)) throw err;
    }
    return { message: `Enviámos um link de confirmação para ${newEmail}. O email da conta muda quando o confirmar.` };
  },
);

export const deleteAccountAction = validatedAction(z.object({ password: passwordField.or(z.string().min(1, 'Indique a sua password')) }), async ({ password }) => {
  await requireSession();
  const auth = await getAuth();
  try {
    await auth.api.deleteUser({ body: { password }, headers: await headers() });
  } catch (err) {
    rethrow(err, { INVALID_PASSWORD: { code: 'bad_request', message: 'A password não está correta.' }, default: { code: 'bad_request', message: 'Não foi possível eliminar a conta.' } });
  }
  return { message: 'A sua conta foi eliminada.' };
});
