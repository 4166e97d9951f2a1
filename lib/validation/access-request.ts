/**
 * Professional access request (/access-request): shared by the client form and the server action.
 * Messages are keys of messages/pt-PT.json (`AccessRequest.validation`, `Validation`).
 */
import { z } from 'zod';
import { isValidNif, NIF_LENGTH, PHONE_LENGTH, VALIDATION_MESSAGES } from './auth';
import { honeypotField } from './fields';
import { PROFESSIONS } from './typologies';

/**
 * Typologies of a professional (the `typology` column of access_requests), in display order.
 * Same list as `accessRequestTypologies` of the schema (server/db/schema/access-requests.ts checks it
 * at compile time); kept here so that the client bundle does not load the Drizzle schema.
 */
export const ACCESS_REQUEST_TYPOLOGIES = [...PROFESSIONS, 'Outro'] as const;
export type AccessRequestTypology = (typeof ACCESS_REQUEST_TYPOLOGIES)[number];

export const ACCESS_REQUEST_LIMITS = {
  companyMax: 120,
  contactMax: 120,
  emailMax: 254,
  messageMax: 2000,
  honeypotMax: 500,
} as const;

/** Message keys of the schema below. */
export const ACCESS_REQUEST_MESSAGES = {
  companyRequired: 'AccessRequest.validation.companyRequired',
  companyTooLong: 'AccessRequest.validation.companyTooLong',
  nifLength: VALIDATION_MESSAGES.nifLength,
  nifInvalid: VALIDATION_MESSAGES.nifInvalid,
  contactRequired: 'AccessRequest.validation.contactRequired',
  contactTooLong: 'AccessRequest.validation.contactTooLong',
  emailInvalid: VALIDATION_MESSAGES.emailInvalid,
  emailTooLong: VALIDATION_MESSAGES.emailTooLong,
  phoneInvalid: VALIDATION_MESSAGES.phoneInvalid,
  typologyRequired: 'AccessRequest.validation.typologyRequired',
  messageTooLong: 'AccessRequest.validation.messageTooLong',
  privacyRequired: VALIDATION_MESSAGES.privacyRequired,
  invalid: VALIDATION_MESSAGES.invalid,
} as const;

const M = ACCESS_REQUEST_MESSAGES;

/** Spaces removed (NIF and phone may be typed in groups). */
const withoutSpaces = (v: unknown) => (typeof v === 'string' ? v.replace(/\s+/g, '') : v);

export const accessRequestSchema = z.object({
  companyName: z
    .string({ error: M.companyRequired })
    .trim()
    .min(1, M.companyRequired)
    .max(ACCESS_REQUEST_LIMITS.companyMax, M.companyTooLong),
  /** Portuguese NIF: exactly 9 digits, then the check digit. */
  fiscalNumber: z.preprocess(
    withoutSpaces,
    z.string({ error: M.nifLength }).superRefine((nif, ctx) => {
      if (!new RegExp(`^\\d{${NIF_LENGTH}}$`).test(nif))
        ctx.addIssue({ code: 'custom', message: M.nifLength });
      else if (!isValidNif(nif)) ctx.addIssue({ code: 'custom', message: M.nifInvalid });
    }),
  ),
  contactName: z
    .string({ error: M.contactRequired })
    .trim()
    .min(1, M.contactRequired)
    .max(ACCESS_REQUEST_LIMITS.contactMax, M.contactTooLong),
  email: z
    .string({ error: M.emailInvalid })
    .trim()
    .toLowerCase()
    .pipe(z.email(M.emailInvalid).max(ACCESS_REQUEST_LIMITS.emailMax, M.emailTooLong)),
  /** Optional; when given, exactly 9 digits once spaces are removed. */
  phone: z.preprocess(
    (v) => {
      const s = withoutSpaces(v);
      return s === '' || s === null ? undefined : s;
    },
    z
      .string({ error: M.phoneInvalid })
      .regex(new RegExp(`^\\d{${PHONE_LENGTH}}$`), M.phoneInvalid)
      .optional(),
  ),
  typology: z.enum(ACCESS_REQUEST_TYPOLOGIES, M.typologyRequired),
  message: z.preprocess(
    (v) => ((typeof v === 'string' && v.trim() === '') || v === null ? undefined : v),
    z
      .string({ error: M.invalid })
      .trim()
      .max(ACCESS_REQUEST_LIMITS.messageMax, M.messageTooLong)
      .optional(),
  ),
  acceptPrivacyPolicy: z.literal(true, M.privacyRequired),
  /** Hidden field: people leave it empty; anything in it marks a bot (answered as success, ignored). */
  honeypot: honeypotField(ACCESS_REQUEST_LIMITS.honeypotMax, M.invalid),
});

export type AccessRequestInput = z.input<typeof accessRequestSchema>;
export type AccessRequestData = z.output<typeof accessRequestSchema>;

/** What the form holds (text inputs empty, the select on its placeholder, the checkbox unticked). */
export interface AccessRequestFormValues {
  companyName: string;
  fiscalNumber: string;
  contactName: string;
  email: string;
  phone: string;
  typology: AccessRequestTypology | '';
  message: string;
  acceptPrivacyPolicy: boolean;
  honeypot: string;
}

export const ACCESS_REQUEST_DEFAULTS: AccessRequestFormValues = {
  companyName: '',
  fiscalNumber: '',
  contactName: '',
  email: '',
  phone: '',
  typology: '',
  message: '',
  acceptPrivacyPolicy: false,
  honeypot: '',
};

export const ACCESS_REQUEST_FIELDS = Object.keys(
  ACCESS_REQUEST_DEFAULTS,
) as (keyof AccessRequestFormValues)[];
