/**
 * Newsletter subscription (spec 3, 5 and 7): shared by the forms and the server.
 * Error messages are keys of messages/pt-PT.json (`Newsletter.validation.*`, from the root).
 */
import { z } from 'zod';
import {
  NEWSLETTER_ACCEPTED_TYPES,
  NEWSLETTER_SOURCES,
  NEWSLETTER_VALIDATION_PREFIX,
  type NewsletterValidationKey,
} from './newsletter-fields';

export * from './newsletter-fields';

const key = (k: NewsletterValidationKey) => `${NEWSLETTER_VALIDATION_PREFIX}${k}`;

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
