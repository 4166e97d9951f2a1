/**
 * Accounts: sign-up, login, second factor, recovery and new-password forms (spec 3, 5 and 8).
 * Shared by the client forms and the server actions. Messages are keys of messages/pt-PT.json
 * (`Validation.*`, `Auth.*`), whose texts are the spec's, word for word.
 */
import { z } from 'zod';
import { honeypotField } from './fields';
import { PROFESSIONS } from './typologies';

/** Spec 9: password minimum length. */
export const PASSWORD_MIN_LENGTH = 12;
/** Upper bound so a form cannot post megabytes of password (the auth library's own default). */
export const PASSWORD_MAX_LENGTH = 128;

/** Spec 9: phone and NIF have 9 digits. */
export const PHONE_LENGTH = 9;
export const NIF_LENGTH = 9;

/** Length caps of the sign-up form. */
export const SIGN_UP_LIMITS = {
  emailMax: 254,
  nameMax: 80,
  companyMax: 120,
  honeypotMax: 500,
} as const;

/** Spec 5: one message per password rule (keys of `Validation`). */
export const PASSWORD_MESSAGES = {
  length: 'Validation.passwordLength',
  uppercase: 'Validation.passwordUppercase',
  lowercase: 'Validation.passwordLowercase',
  digit: 'Validation.passwordDigit',
  special: 'Validation.passwordSpecial',
  tooLong: 'Validation.passwordTooLong',
} as const;

export type PasswordRuleId = 'length' | 'uppercase' | 'lowercase' | 'digit' | 'special';

export interface PasswordRule {
  id: PasswordRuleId;
  /** Message key of the failed rule. */
  message: string;
  test: (password: string) => boolean;
}

/** Length in characters (code points), so an emoji counts once. */
const charCount = (value: string) => Array.from(value).length;

/**
 * The five rules of the sign-up password and of the strength meter (spec 5), in display order.
 * Letters are Unicode letters: 'Á' is an uppercase letter and 'ç' a lowercase one, not special characters.
 * Anything that is neither a letter (nor a combining accent) nor a digit is special, spaces included.
 */
export const passwordRules: readonly PasswordRule[] = [
  {
    id: 'length',
    message: PASSWORD_MESSAGES.length,
    test: (p) => charCount(p) >= PASSWORD_MIN_LENGTH,
  },
  {
    id: 'uppercase',
    message: PASSWORD_MESSAGES.uppercase,
    test: (p) => /\p{Lu}/u.test(p),
  },
  {
    id: 'lowercase',
    message: PASSWORD_MESSAGES.lowercase,
    test: (p) => /\p{Ll}/u.test(p),
  },
  {
    id: 'digit',
    message: PASSWORD_MESSAGES.digit,
    test: (p) => /\p{Nd}/u.test(p),
  },
  {
    id: 'special',
    message: PASSWORD_MESSAGES.special,
    test: (p) => /[^\p{L}\p{M}\p{Nd}]/u.test(p),
  },
];

/** The rules the password does not meet yet, in display order. */
export function failedPasswordRules(password: string): PasswordRule[] {
  return passwordRules.filter((rule) => !rule.test(password));
}

export type PasswordStrengthLevel = 'very-weak' | 'weak' | 'medium' | 'good' | 'strong';

export interface PasswordStrength {
  /** Rules met, 0 to 5. */
  score: number;
  /** Share of rules met, 0 to 100. */
  percent: number;
  /** Stable key for colours and for the label ('Muito Fraca' … 'Forte', `Auth.strength.levels`). */
  level: PasswordStrengthLevel;
}

/** Spec 5 strength meter: 100% 'Forte'; ≥80% 'Boa'; ≥60% 'Média'; ≥40% 'Fraca'; below 'Muito Fraca'. */
export function passwordStrength(password: string): PasswordStrength {
  const score = passwordRules.filter((rule) => rule.test(password)).length;
  const percent = Math.round((score / passwordRules.length) * 100);
  if (percent >= 100) return { score, percent, level: 'strong' };
  if (percent >= 80) return { score, percent, level: 'good' };
  if (percent >= 60) return { score, percent, level: 'medium' };
  if (percent >= 40) return { score, percent, level: 'weak' };
  return { score, percent, level: 'very-weak' };
}

/** Keeps only digits and cuts to `max` (phone and NIF inputs as typed, spec 5). */
export function digitsOnly(value: string, max = 9): string {
  return value.replace(/\D+/g, '').slice(0, Math.max(0, max));
}

/**
 * Portuguese NIF: 9 digits, a valid first digit (1, 2, 3, 5, 6, 7, 8, 9, or the 45 prefix of
 * non-resident individuals) and the mod-11 check digit (weights 9..2; 11 - sum mod 11, 10 and 11 → 0).
 */
export function isValidNif(nif: string): boolean {
  if (!/^\d{9}$/.test(nif)) return false;
  if (!/^[1235-9]/.test(nif) && !nif.startsWith('45')) return false;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(nif[i]) * (9 - i);
  const check = 11 - (sum % 11);
  return (check >= 10 ? 0 : check) === Number(nif[8]);
}

/** Sign-up typologies (spec 3), in order. */
export const TYPOLOGIES = [...PROFESSIONS, 'Particular', 'Outro'] as const;
export type Typology = (typeof TYPOLOGIES)[number];
export const DEFAULT_TYPOLOGY: Typology = 'Particular';

/**
 * Message keys of the schemas below and of the other account forms (texts in `Validation` of
 * messages/pt-PT.json: the spec's texts plus the length caps, whose numbers are written there).
 */
export const VALIDATION_MESSAGES = {
  emailInvalid: 'Validation.emailInvalid',
  emailRequired: 'Validation.emailRequired',
  emailTooLong: 'Validation.emailTooLong',
  passwordRequired: 'Validation.passwordRequired',
  passwordsMismatch: 'Validation.passwordsMismatch',
  currentPasswordRequired: 'Validation.currentPasswordRequired',
  ownPasswordRequired: 'Validation.ownPasswordRequired',
  firstNameRequired: 'Validation.firstNameRequired',
  firstNameTooLong: 'Validation.firstNameTooLong',
  lastNameRequired: 'Validation.lastNameRequired',
  lastNameTooLong: 'Validation.lastNameTooLong',
  companyTooLong: 'Validation.companyTooLong',
  phoneInvalid: 'Validation.phoneInvalid',
  nifLength: 'Validation.nifLength',
  nifInvalid: 'Validation.nifInvalid',
  typologyInvalid: 'Validation.typologyInvalid',
  privacyRequired: 'Validation.privacyRequired',
  codeSixDigits: 'Validation.codeSixDigits',
  backupCodeRequired: 'Validation.backupCodeRequired',
  invalid: 'Validation.invalid',
} as const;

const M = VALIDATION_MESSAGES;

/** '' (or only spaces), null and undefined count as absent. */
const blankToUndefined = (v: unknown) =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '') ? undefined : v;

/** A password that meets the five rules; every failed rule gives its own message. */
export const passwordField = z
  .string({ error: PASSWORD_MESSAGES.length })
  .superRefine((password, ctx) => {
    for (const rule of failedPasswordRules(password))
      ctx.addIssue({ code: 'custom', message: rule.message });
    if (charCount(password) > PASSWORD_MAX_LENGTH)
      ctx.addIssue({ code: 'custom', message: PASSWORD_MESSAGES.tooLong });
  });

export const confirmPasswordField = z.string({ error: M.passwordsMismatch });

/** Runs the mismatch check whenever both passwords are strings, even if other fields still fail. */
export const passwordsMatch = {
  message: M.passwordsMismatch,
  path: ['confirmPassword'],
  when: (payload: { value: unknown }) => {
    const v = payload.value as { password?: unknown; confirmPassword?: unknown } | null;
    return typeof v?.password === 'string' && typeof v.confirmPassword === 'string';
  },
};
export const samePasswords = (v: { password: string; confirmPassword: string }) =>
  v.password === v.confirmPassword;

/** Sign-up e-mail: trimmed, lower-cased, valid, at most 254 characters. */
export const signUpEmail = z
  .string({ error: M.emailInvalid })
  .trim()
  .toLowerCase()
  .pipe(z.email(M.emailInvalid).max(SIGN_UP_LIMITS.emailMax, M.emailTooLong));

const name = (required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(SIGN_UP_LIMITS.nameMax, tooLong);

export const signUpSchema = z
  .object({
    email: signUpEmail,
    password: passwordField,
    confirmPassword: confirmPasswordField,
    firstName: name(M.firstNameRequired, M.firstNameTooLong),
    lastName: name(M.lastNameRequired, M.lastNameTooLong),
    companyName: z.preprocess(
      (v) => (typeof v === 'string' ? blankToUndefined(v.trim()) : blankToUndefined(v)),
      z.string({ error: M.invalid }).max(SIGN_UP_LIMITS.companyMax, M.companyTooLong).optional(),
    ),
    /** Spaces are removed; then exactly 9 digits. */
    phoneNumber: z.preprocess(
      (v) =>
        typeof v === 'string' ? blankToUndefined(v.replace(/\s+/g, '')) : blankToUndefined(v),
      z
        .string({ error: M.phoneInvalid })
        .regex(/^\d{9}$/, M.phoneInvalid)
        .optional(),
    ),
    /** Exactly 9 digits, then the check digit. */
    taxNumber: z.preprocess(
      (v) =>
        typeof v === 'string' ? blankToUndefined(v.replace(/\s+/g, '')) : blankToUndefined(v),
      z
        .string({ error: M.nifLength })
        .superRefine((nif, ctx) => {
          if (!/^\d{9}$/.test(nif)) ctx.addIssue({ code: 'custom', message: M.nifLength });
          else if (!isValidNif(nif)) ctx.addIssue({ code: 'custom', message: M.nifInvalid });
        })
        .optional(),
    ),
    newsletter: z.boolean({ error: M.invalid }).default(true),
    newsletterTypology: z.preprocess(
      blankToUndefined,
      z.enum(TYPOLOGIES, M.typologyInvalid).default(DEFAULT_TYPOLOGY),
    ),
    /** Hidden field: people leave it empty; the server judges it. */
    newsletterHoneypot: honeypotField(SIGN_UP_LIMITS.honeypotMax, M.invalid),
    acceptPrivacyPolicy: z.literal(true, M.privacyRequired),
  })
  .refine(samePasswords, passwordsMatch);

export type SignUpInput = z.input<typeof signUpSchema>;
export type SignUpValues = z.output<typeof signUpSchema>;

/** What the sign-up form holds before validation (all text inputs start empty). */
export interface SignUpFormValues {
  email: string;
  password: string;
  confirmPassword: string;
  firstName: string;
  lastName: string;
  companyName: string;
  phoneNumber: string;
  taxNumber: string;
  newsletter: boolean;
  newsletterTypology: Typology;
  newsletterHoneypot: string;
  acceptPrivacyPolicy: boolean;
}

export const SIGN_UP_DEFAULTS: SignUpFormValues = {
  email: '',
  password: '',
  confirmPassword: '',
  firstName: '',
  lastName: '',
  companyName: '',
  phoneNumber: '',
  taxNumber: '',
  newsletter: true,
  newsletterTypology: DEFAULT_TYPOLOGY,
  newsletterHoneypot: '',
  acceptPrivacyPolicy: false,
};

/** Registration metadata (spec 3). Absent optional fields are null. */
export interface SignUpMetadata {
  full_name: string;
  phone_number: string | null;
  fiscal_number: string | null;
  company_name: string | null;
  user_type: 'particular';
  phc_client_id: '03';
  newsletter_preference: boolean;
}

export function signUpMetadata(values: SignUpValues): SignUpMetadata {
  return {
    full_name: [values.firstName, values.lastName]
      .map((s) => s.trim())
      .filter(Boolean)
      .join(' '),
    phone_number: values.phoneNumber ?? null,
    fiscal_number: values.taxNumber ?? null,
    company_name: values.companyName ?? null,
    user_type: 'particular',
    phc_client_id: '03',
    newsletter_preference: values.newsletter,
  };
}

export const loginSchema = z.object({
  email: z
    .string({ error: M.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, M.emailRequired)
    .pipe(z.email(M.emailInvalid).max(SIGN_UP_LIMITS.emailMax, M.emailInvalid)),
  password: z
    .string({ error: M.passwordRequired })
    .min(1, M.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.tooLong),
});

export type LoginInput = z.input<typeof loginSchema>;
export type LoginValues = z.output<typeof loginSchema>;

/** The e-mail field of the login alone: password recovery and a new confirmation link. */
export const emailOnlySchema = loginSchema.pick({ email: true });
export type EmailOnlyInput = z.input<typeof emailOnlySchema>;

/** The second step of a login with the second factor: the app's 6-digit code. */
export const totpCodeSchema = z.object({
  code: z
    .string({ error: M.codeSixDigits })
    .trim()
    .regex(/^\d{6}$/, M.codeSixDigits),
  trustDevice: z.boolean({ error: M.invalid }).default(false),
});

/** …or one of the backup codes (each works once). */
export const backupCodeSchema = z.object({
  code: z
    .string({ error: M.backupCodeRequired })
    .trim()
    .min(4, M.backupCodeRequired)
    .max(40, M.backupCodeRequired),
});

/** Reset and change password: the sign-up rules and the same confirmation. */
export const newPasswordSchema = z
  .object({ password: passwordField, confirmPassword: confirmPasswordField })
  .refine(samePasswords, passwordsMatch);

export type NewPasswordInput = z.input<typeof newPasswordSchema>;
export type NewPasswordValues = z.output<typeof newPasswordSchema>;

/** /reset-password: the token of the e-mailed link and the new password, twice. */
export const resetPasswordSchema = z
  .object({
    token: z
      .string({ error: 'Auth.reset.invalidLink' })
      .trim()
      .min(1, 'Auth.reset.invalidLink')
      .max(200, 'Auth.reset.invalidLink'),
    password: passwordField,
    confirmPassword: confirmPasswordField,
  })
  .refine(samePasswords, passwordsMatch);

export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** Spec 8, login (message keys). */
export const LOGIN_MESSAGES = {
  invalid: 'Auth.login.invalid',
  generic: 'Auth.login.generic',
  unconfirmed: 'Auth.login.unconfirmed',
  /** The pending two-factor sign-in took too many codes and is void: the password again. */
  twoFactorSignInAgain: 'Auth.twoFactor.signInAgain',
  /** The pending two-factor sign-in is gone (expired, or made void): the password again. */
  twoFactorChallengeGone: 'Auth.twoFactor.challengeGone',
} as const;

/** Spec 8, sign-up (message keys). */
export const SIGNUP_MESSAGES = {
  alreadyRegistered: 'Auth.signup.alreadyRegistered',
  failed: 'Auth.signup.failed',
  unexpected: 'Auth.signup.unexpected',
  success: 'Auth.signup.success',
} as const;

/** An auth error as a string or as `{ code?, message? }` (both the hosted service and better-auth shapes). */
export type AuthErrorLike = string | { code?: unknown; message?: unknown } | null | undefined;

function errorParts(error: AuthErrorLike): { code: string; message: string } {
  if (typeof error === 'string') return { code: '', message: error };
  if (!error || typeof error !== 'object') return { code: '', message: '' };
  return {
    code: typeof error.code === 'string' ? error.code : '',
    message: typeof error.message === 'string' ? error.message : '',
  };
}

/** Spec 8: no error text → generic; unconfirmed e-mail → confirm first; anything else → invalid credentials. */
export function loginErrorMessage(error: AuthErrorLike): string {
  const { code, message } = errorParts(error);
  if (!code && !message.trim()) return LOGIN_MESSAGES.generic;
  if (/email[ _]not[ _](confirmed|verified)/i.test(`${code} ${message}`))
    return LOGIN_MESSAGES.unconfirmed;
  return LOGIN_MESSAGES.invalid;
}

/** Spec 8: 'already registered' (or an existing-user code) → already registered; anything else → failed. */
export function signUpErrorMessage(error: AuthErrorLike): string {
  const { code, message } = errorParts(error);
  if (/already registered|already exists|user[ _]already[ _]exists/i.test(`${code} ${message}`)) {
    return SIGNUP_MESSAGES.alreadyRegistered;
  }
  return SIGNUP_MESSAGES.failed;
}
