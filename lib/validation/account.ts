/**
 * The account area (/dashboard/profile, /dashboard/settings): profile, picture, password, e-mail,
 * deletion and the staff's second factor. Shared by the client forms and the server actions;
 * messages are keys of messages/pt-PT.json.
 */
import { z } from 'zod';
import {
  confirmPasswordField,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  passwordField,
  passwordsMatch,
  samePasswords,
  signUpEmail,
  VALIDATION_MESSAGES as M,
} from './auth';

/** Spec 3 Profile: names up to 160 characters. */
export const PROFILE_NAME_MAX = 160;

export const profileSchema = z.object({
  fullName: z
    .string({ error: 'Validation.nameRequired' })
    .trim()
    .min(1, 'Validation.nameRequired')
    .max(PROFILE_NAME_MAX, 'Validation.nameTooLong'),
  /** Optional: empty clears it (null). */
  fiscalName: z
    .string({ error: M.invalid })
    .trim()
    .max(PROFILE_NAME_MAX, 'Validation.fiscalNameTooLong')
    .optional()
    .transform((v) => v || null),
});

export type ProfileInput = z.input<typeof profileSchema>;

/** What the profile form holds. */
export interface ProfileFormValues {
  fullName: string;
  fiscalName: string;
}

/** The password the account has now (not checked against the rules: older passwords may predate them). */
const ownPassword = (required: string) =>
  z
    .string({ error: required })
    .min(1, required)
    .max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.tooLong);

export const changePasswordSchema = z
  .object({
    currentPassword: ownPassword(M.currentPasswordRequired),
    password: passwordField,
    confirmPassword: confirmPasswordField,
  })
  .refine(samePasswords, passwordsMatch);

export interface ChangePasswordValues {
  currentPassword: string;
  password: string;
  confirmPassword: string;
}

/** A change of e-mail: the new address, and the current password (the owner's consent). */
export const changeEmailSchema = z.object({
  newEmail: z.string({ error: M.emailRequired }).trim().min(1, M.emailRequired).pipe(signUpEmail),
  currentPassword: ownPassword(M.currentPasswordRequired),
});

export interface ChangeEmailValues {
  newEmail: string;
  currentPassword: string;
}

/** Account deletion, and turning the second factor on or off: the password again. */
export const passwordConfirmationSchema = z.object({
  password: ownPassword(M.ownPasswordRequired),
});

export interface PasswordConfirmationValues {
  password: string;
}

/** The first 6-digit code of the authenticator app turns the second factor on. */
export const twoFactorCodeSchema = z.object({
  code: z
    .string({ error: M.codeSixDigits })
    .trim()
    .regex(/^\d{6}$/, M.codeSixDigits),
});

/** Profile picture: a JPG, PNG or WebP up to 2 MB (the server decodes it and checks again). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

const isBlob = (value: unknown): value is Blob =>
  typeof value === 'object' && value !== null && typeof (value as Blob).arrayBuffer === 'function';

export const avatarSchema = z.object({
  avatar: z
    .custom<Blob>(isBlob, 'Validation.imageType')
    // The declared type is only a first filter (browsers may leave it empty); the server decodes.
    .refine(
      (file) => !file.type || (AVATAR_TYPES as readonly string[]).includes(file.type.toLowerCase()),
      'Validation.imageType',
    )
    .refine((file) => file.size > 0, 'Validation.imageType')
    .refine((file) => file.size <= AVATAR_MAX_BYTES, 'Validation.imageTooBig'),
});
