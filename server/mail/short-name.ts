import 'server-only';

/** The longest name a mail to an address typed into a public form repeats. */
export const MAIL_NAME_MAX = 60;

/**
 * A name typed into a public form (contact, sign-up, access request) as the greeting of a mail
 * sent to an address typed into the same form: one line, at most 60 characters, and nothing
 * that reads as a link or an address (then no name at all). Those mails carry no other text the
 * sender wrote, so the shop's forms cannot be used to mail someone else a message.
 */
export function shortName(name: string | null | undefined): string {
  const line = (name ?? '').replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ').replace(/\s+/g, ' ').trim();
  if (!line || /:\/\/|www\.|@|[\p{L}\p{N}-]\.[\p{L}]{2,}/iu.test(line)) return '';
  const chars = [...line];
  return chars.length <= MAIL_NAME_MAX ? line : `${chars.slice(0, MAIL_NAME_MAX - 1).join('').trimEnd()}…`;
}
