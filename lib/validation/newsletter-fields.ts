/**
 * The newsletter form's options and message keys, without zod: the footer and the popup render
 * on every catalogue page and load the schema (lib/validation/newsletter) only when sending.
 */

import { PROFESSIONS } from './typologies';

/** Customer types of the popup, footer and banner forms (the spec's `mmerge4`), in order. */
export const NEWSLETTER_CUSTOMER_TYPES = [...PROFESSIONS, 'Outro'] as const;

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

export const NEWSLETTER_VALIDATION_PREFIX = 'Newsletter.validation.';

/** A zod message of this schema (a full key, or already the short one) as its short key; anything else as 'invalid'. */
export function newsletterValidationKey(message: string): NewsletterValidationKey {
  const short = message.startsWith(NEWSLETTER_VALIDATION_PREFIX)
    ? message.slice(NEWSLETTER_VALIDATION_PREFIX.length)
    : message;
  return (NEWSLETTER_VALIDATION_KEYS as readonly string[]).includes(short)
    ? (short as NewsletterValidationKey)
    : 'invalid';
}
