'use server';
import 'server-only';
import { headers } from 'next/headers';
import { renderSVG } from 'uqr';
import type { MessageRef } from '@/lib/errors';
import { passwordConfirmationSchema, twoFactorCodeSchema } from '@/lib/validation/account';
import { AppError, type AppErrorInit } from '@/server/errors';
import { validatedAction } from '@/server/actions/validated-action';
import { getAuth } from './auth';
import { throwAuthError } from './errors';

/**
 * Optional TOTP second factor for staff accounts (/dashboard/settings): start (password → QR code,
 * secret and backup codes), confirm with a first code from the app (which turns it on), and turn it
 * off (password). better-auth's twoFactor plugin does the work; the nextCookies plugin writes the
 * session cookie it rotates. Its errors become message keys, never its English text.
 */

const WRONG_PASSWORD: AppErrorInit = { code: 'bad_request', key: 'Account.twoFactor.wrongPassword' };
const SIGNED_OUT: AppErrorInit = { code: 'unauthorized', key: 'Errors.unauthenticated' };
const TOO_MANY: AppErrorInit = { code: 'rate_limited', key: 'Errors.tooManyAttempts' };
const STAFF = { session: 'required', permission: 'staff', messages: { forbidden: 'Account.twoFactor.staffOnly' } } as const;

/** Step 1: the password again, then a new (not yet active) secret, its QR code and 10 backup codes. */
export const startTwoFactorAction = validatedAction({ ...STAFF, schema: passwordConfirmationSchema }, async ({ password }) => {
  const auth = await getAuth();
  const failed: AppErrorInit = { code: 'bad_request', key: 'Account.twoFactor.enableFailed' };
  let totpURI: string;
  let backupCodes: string[];
  try {
    const result = await auth.api.enableTwoFactor({ body: { password }, headers: await headers() });
    if (result.method !== 'totp') throw new AppError({ code: 'internal_error', key: 'Account.twoFactor.enableFailed' });
    totpURI = result.totpURI;
    backupCodes = result.backupCodes;
  } catch (err) {
    throwAuthError(
      err,
      {
        INVALID_PASSWORD: WRONG_PASSWORD,
        TOTP_ALREADY_ENABLED: { code: 'conflict', key: 'Account.twoFactor.alreadyEnabled' },
        UNAUTHORIZED: SIGNED_OUT,
      },
      failed,
    );
  }
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  // Drawn here (squares only, no text from the URI in the markup); the client shows it as an <img> data URI.
  const qrSvg = renderSVG(totpURI);
  return { uri: totpURI, secret, qrSvg, backupCodes };
});

/** Step 2: the first 6-digit code of the app turns the second factor on. */
export const confirmTwoFactorAction = validatedAction(
  { ...STAFF, schema: twoFactorCodeSchema },
  async ({ code }): Promise<MessageRef> => {
    const auth = await getAuth();
    const invalid: AppErrorInit = { code: 'bad_request', key: 'Account.twoFactor.invalidCode' };
    try {
      await auth.api.verifyTOTP({ body: { code, trustDevice: false }, headers: await headers() });
    } catch (err) {
      throwAuthError(
        err,
        {
          INVALID_CODE: invalid,
          TOTP_NOT_ENABLED: { code: 'bad_request', key: 'Account.twoFactor.startFirst' },
          TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: TOO_MANY,
          ACCOUNT_TEMPORARILY_LOCKED: TOO_MANY,
        },
        invalid,
      );
    }
    return { message: 'Account.twoFactor.enabled' };
  },
);

/** Turns the second factor off (any signed-in account that has it, e.g. staff moved to 'viewer'). */
export const disableTwoFactorAction = validatedAction(
  { session: 'required', schema: passwordConfirmationSchema },
  async ({ password }): Promise<MessageRef> => {
    const auth = await getAuth();
    try {
      await auth.api.disableTwoFactor({ body: { password }, headers: await headers() });
    } catch (err) {
      throwAuthError(
        err,
        { INVALID_PASSWORD: WRONG_PASSWORD, UNAUTHORIZED: SIGNED_OUT },
        { code: 'bad_request', key: 'Account.twoFactor.disableFailed' },
      );
    }
    return { message: 'Account.twoFactor.disabled' };
  },
);
