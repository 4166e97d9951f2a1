'use server';
import 'server-only';
import { headers } from 'next/headers';
import { z } from 'zod';
import { isAPIError } from 'better-auth/api';
import { renderSVG } from 'uqr';
import { PASSWORD_MAX_LENGTH } from '@/lib/auth/validation';
import type { Viewer } from '@/lib/auth/viewer';
import { AppError, type ErrorCode } from '@/server/api/errors';
import { validatedAction } from '@/server/actions/validated-action';
import { getAuth } from './auth';
import { getViewer } from './session';

/**
 * Optional TOTP second factor for staff accounts (/dashboard/settings): start (password → QR code,
 * secret and backup codes), confirm with a first code from the app (which turns it on), and turn it
 * off (password). better-auth's twoFactor plugin does the work; the nextCookies plugin writes the
 * session cookie it rotates. Its errors become Portuguese messages, never its English text.
 */

const WRONG_PASSWORD = 'A password não está correta.';
const INVALID_CODE = 'Código inválido. Confirme o código da aplicação de autenticação.';
const STAFF_ONLY = 'Só contas da equipa podem ativar a verificação em dois passos.';
const TOO_MANY = 'Demasiadas tentativas falhadas. Aguarde alguns minutos e tente novamente.';

type Known = Partial<Record<string, { code: ErrorCode; message: string }>>;

/** A better-auth error as the AppError the form shows; anything that is not one is rethrown. */
function rethrow(err: unknown, known: Known, fallback: string): never {
  if (!isAPIError(err)) throw err;
  const body = (err.body ?? {}) as { code?: string };
  if (err.statusCode === 429) throw new AppError({ code: 'rate_limited', message: TOO_MANY });
  const mapped = body.code ? known[body.code] : undefined;
  if (mapped) throw new AppError(mapped);
  throw new AppError({ code: 'bad_request', message: fallback });
}

const isStaff = (viewer: Viewer) => viewer.isAdmin || viewer.role !== 'viewer';

async function requireSession(): Promise<Viewer> {
  const viewer = await getViewer();
  if (!viewer) throw new AppError({ code: 'unauthorized', message: 'A sua sessão terminou. Inicie sessão novamente.' });
  return viewer;
}

async function requireStaff(): Promise<Viewer> {
  const viewer = await requireSession();
  if (!isStaff(viewer)) throw new AppError({ code: 'forbidden', message: STAFF_ONLY });
  return viewer;
}

const passwordInput = z.object({ password: z.string().min(1, 'Indique a sua password').max(PASSWORD_MAX_LENGTH) });

/** Step 1: the password again, then a new (not yet active) secret, its QR code and 10 backup codes. */
export const startTwoFactorAction = validatedAction(passwordInput, async ({ password }) => {
  await requireStaff();
  const auth = await getAuth();
  let totpURI: string;
  let backupCodes: string[];
  try {
    const result = await auth.api.enableTwoFactor({ body: { password }, headers: await headers() });
    if (result.method !== 'totp') throw new AppError({ code: 'internal_error', message: 'Não foi possível ativar a verificação em dois passos.' });
    totpURI = result.totpURI;
    backupCodes = result.backupCodes;
  } catch (err) {
    rethrow(
      err,
      {
        INVALID_PASSWORD: { code: 'bad_request', message: WRONG_PASSWORD },
        TOTP_ALREADY_ENABLED: { code: 'conflict', message: 'A verificação em dois passos já está ativa.' },
        UNAUTHORIZED: { code: 'unauthorized', message: 'A sua sessão terminou. Inicie sessão novamente.' },
      },
      'Não foi possível ativar a verificação em dois passos.',
    );
  }
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  // Drawn here (squares only, no text from the URI in the markup); the client shows it as an <img> data URI.
  const qrSvg = renderSVG(totpURI);
  return { uri: totpURI, secret, qrSvg, backupCodes };
});

/** Step 2: the first 6-digit code of the app turns the second factor on. */
export const confirmTwoFactorAction = validatedAction(
  z.object({ code: z.string().trim().regex(/^\d{6}$/, 'O código tem 6 dígitos.') }),
  async ({ code }) => {
    await requireStaff();
    const auth = await getAuth();
    try {
      await auth.api.verifyTOTP({ body: { code, trustDevice: false }, headers: await headers() });
    } catch (err) {
      rethrow(
        err,
        {
          INVALID_CODE: { code: 'bad_request', message: INVALID_CODE },
          TOTP_NOT_ENABLED: { code: 'bad_request', message: 'Comece por ativar a verificação em dois passos com a sua password.' },
          TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: { code: 'rate_limited', message: TOO_MANY },
          ACCOUNT_TEMPORARILY_LOCKED: { code: 'rate_limited', message: TOO_MANY },
        },
        INVALID_CODE,
      );
    }
    return { message: 'Verificação em dois passos ativada.' };
  },
);

/** Turns the second factor off (any signed-in account that has it, e.g. staff moved to 'viewer'). */
export const disableTwoFactorAction = validatedAction(passwordInput, async ({ password }) => {
  await requireSession();
  const auth = await getAuth();
  try {
    await auth.api.disableTwoFactor({ body: { password }, headers: await headers() });
  } catch (err) {
    rethrow(
      err,
      {
        INVALID_PASSWORD: { code: 'bad_request', message: WRONG_PASSWORD },
        UNAUTHORIZED: { code: 'unauthorized', message: 'A sua sessão terminou. Inicie sessão novamente.' },
      },
      'Não foi possível desativar a verificação em dois passos.',
    );
  }
  return { message: 'Verificação em dois passos desativada.' };
});
