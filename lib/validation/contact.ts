/**
 * Contact form of /contacto: shared by the client form and the server action.
 * Error messages are keys of messages/pt-PT.json (`Contact.validation.*`, from the root).
 */
import { z } from 'zod';

/** Subjects of the contact form, in order (stored as written). */
export const CONTACT_SUBJECTS = [
  'Pedido de orçamento',
  'Informação sobre produto',
  'Encomenda',
  'Assistência / garantia',
  'Outro',
] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

export const CONTACT_LIMITS = { nameMax: 120, messageMin: 10, messageMax: 5000 } as const;

/** Keys of `Contact.validation` (the messages of this schema). */
export const CONTACT_VALIDATION_KEYS = [
  'nameRequired',
  'nameTooLong',
  'emailRequired',
  'emailInvalid',
  'phoneInvalid',
  'subjectRequired',
  'messageTooShort',
  'messageTooLong',
  'consentRequired',
  'invalid',
] as const;
export type ContactValidationKey = (typeof CONTACT_VALIDATION_KEYS)[number];

const PREFIX = 'Contact.validation.';

/** A zod message of this schema (a full key, or already the short one) as its short key; anything else as 'invalid'. */
export function contactValidationKey(message: string): ContactValidationKey {
  const short = message.startsWith(PREFIX) ? message.slice(PREFIX.length) : message;
  return (CONTACT_VALIDATION_KEYS as readonly string[]).includes(short)
    ? (short as ContactValidationKey)
    : 'invalid';
}

const key = (k: ContactValidationKey) => `${PREFIX}${k}`;

/** Spec 9: phone numbers have 9 digits (spaces are ignored). */
export function normalisePhone(value: string): string {
  return value.replace(/\s+/g, '');
}

export const contactSchema = z.object({
  name: z
    .string({ error: key('nameRequired') })
    .trim()
    .min(1, key('nameRequired'))
    .max(CONTACT_LIMITS.nameMax, key('nameTooLong')),
  email: z
    .string({ error: key('emailRequired') })
    .trim()
    .min(1, key('emailRequired'))
    .pipe(z.email(key('emailInvalid')).max(254, key('emailInvalid'))),
  phone: z
    .string({ error: key('phoneInvalid') })
    .optional()
    .transform((v) => normalisePhone(v ?? ''))
    .refine((v) => v === '' || /^\d{9}$/.test(v), key('phoneInvalid'))
    .transform((v) => (v === '' ? undefined : v)),
  subject: z.enum(CONTACT_SUBJECTS, key('subjectRequired')),
  message: z
    .string({ error: key('messageTooShort') })
    .trim()
    .min(CONTACT_LIMITS.messageMin, key('messageTooShort'))
    .max(CONTACT_LIMITS.messageMax, key('messageTooLong')),
  consent: z.literal(true, key('consentRequired')),
  /** Hidden field: people leave it empty. Anything in it marks a bot (answered as success, ignored). */
  honeypot: z
    .string({ error: key('invalid') })
    .max(500, key('invalid'))
    .optional(),
});

/** What the form holds (the select starts empty, the checkbox unticked). */
export interface ContactFormValues {
  name: string;
  email: string;
  phone: string;
  subject: ContactSubject | '';
  message: string;
  consent: boolean;
  honeypot: string;
}

export type ContactInput = z.input<typeof contactSchema>;
export type ContactData = z.output<typeof contactSchema>;
