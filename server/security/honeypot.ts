import 'server-only';

/**
 * A public form's hidden field, filled: a robot. The form answers it as it answers everyone and
 * keeps nothing (contact, newsletter, access request, sign-up).
 */
export function isHoneypotFilled(value: string | null | undefined): boolean {
  return Boolean(value?.trim());
}
