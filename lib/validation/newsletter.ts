/**
 * Newsletter subscription (spec 3, 5 and 7): shared by the forms and the server.
 * Error messages are keys of messages/pt-PT.json (`Newsletter.validation.*`, from the root).
 */
import { z } from 'zod';

/** Customer types of the popup, footer and banner forms (the spec's `mmerge4`), in order. */
export const NEWSLETTER_CUSTOMER_TYPES = [
  'Arquiteto',
  'Decorador',
  'Empreiteiro',
  'Instalador',
  'Promotor',
  'Revendedor',
  'Outro',
] as const;

/** The sign-up form's typology adds 'Particular' (spec 3): accepted by the server too. */
export const NEWSLETTER_ACCEPTED_TYPES = [...NEWSLETTER_CUSTOMER_TYPES, 'Particular'] as const;
export type NewsletterCustomerType = (typeof NEWSLETTER_ACCEPTED_TYPES)[number];

/** Where a subscription came from. */
export const NEWSLETTER_SOURCES = ['popup', 'footer', 'banner', 'signup'] as const;
export type NewsletterSourceValue = (typeof NEWSLETTER_SOURCES)[number];

/** Keys of `Newsletter.validation` (the messages of this schema). */
export const NEWSLETTER_VALIDATION_KEYS = [
  'emailRequired',
  'emailInvalid',
  'customerTypeInvalid',
  'invalid',
] as const;
export type NewsletterValidationKey = (typeof NEWSLETTER_VALIDATION_KEYS)[number];

const PREFIX = 'Newsletter.validation.';

/** A zod message of this schema (a full key, or already the short one) as its short key; anything else as 'invalid'. */
export function newsletterValidationKey(message: string): NewsletterValidationKey {
  const short = message.startsWith(PREFIX) ? message.slice(PREFIX.length) : message;
  return (NEWSLETTER_VALIDATION_KEYS as readonly string[]).includes(short)
    ? (short as NewsletterValidationKey)
    : 'invalid';
}

const key = (k: NewsletterValidationKey) => `${PREFIX}${k}`;

/** Trimmed, required, e-mail shaped, at most 254 characters. */
export const newsletterEmail = z
  .string({ error: key('emailRequired') })
  .trim()
  .min(1, key('emailRequired'))
  .pipe(z.email(key('emailInvalid')).max(254, key('emailInvalid')));

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const newsletterSchema = z.object({
  email: newsletterEmail,
  mmerge4: z.preprocess(
    emptyToUndefined,
    z.enum(NEWSLETTER_ACCEPTED_TYPES, key('customerTypeInvalid')).optional(),
  ),
  /** Hidden field: people leave it empty. Anything in it marks a bot (answered as success, ignored). */
  honeypot: z.preprocess(
    emptyToUndefined,
    z
      .string({ error: key('invalid') })
      .max(500, key('invalid'))
      .optional(),
  ),
  source: z.preprocess(emptyToUndefined, z.enum(NEWSLETTER_SOURCES, key('invalid')).optional()),
});

export type NewsletterInput = z.input<typeof newsletterSchema>;
export type NewsletterData = z.output<typeof newsletterSchema>;

/** Tokens of the confirmation and unsubscribe links (base64url of 32 random bytes). */
export const newsletterToken = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/);

export const newsletterUnsubscribeSchema = z.object({ token: newsletterToken });
