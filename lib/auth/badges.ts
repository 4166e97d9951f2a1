/** Profile badge and display name (spec 3 "Authenticated user", 6 "Visibility", 9 "Business facts"). */

export type BadgeTone = 'admin' | 'pro' | 'client';

export interface UserBadge {
  label: string;
  tone: BadgeTone;
}

/** Spec 6: admin purple, pro yellow, particular blue (text contrast at least 4.5:1). */
export const BADGE_TONE_CLASSES: Readonly<Record<BadgeTone, string>> = {
  admin: 'bg-purple-700 text-white',
  pro: 'bg-yellow-400 text-yellow-950',
  client: 'bg-blue-700 text-white',
};

/** ADMIN for admins; the account name in upper case (or PRO) for pro users; CLIENTE otherwise. */
export function userBadge({
  isAdmin,
  userType,
  accountName,
}: {
  isAdmin?: boolean | null;
  userType?: string | null;
  accountName?: string | null;
}): UserBadge {
  if (isAdmin) return { label: 'ADMIN', tone: 'admin' };
  if (userType?.trim().toLowerCase() === 'pro') {
    const name = accountName?.trim().replace(/\s+/g, ' ');
    return { label: name ? name.toLocaleUpperCase('pt-PT') : 'PRO', tone: 'pro' };
  }
  return { label: 'CLIENTE', tone: 'client' };
}

export interface DisplayNameSource {
  email?: string | null;
  /** An already resolved username (e.g. the session user's). */
  username?: unknown;
  /** The user's metadata; its `username` wins. */
  metadata?: Readonly<Record<string, unknown>> | null;
}

const nonBlank = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() ? v.trim() : null;

/** Spec 3: the metadata username, otherwise the part of the e-mail before the @ ('' when neither exists). */
export function displayName(user: DisplayNameSource | null | undefined): string {
  if (!user) return '';
  const username = nonBlank(user.metadata?.username) ?? nonBlank(user.username);
  if (username) return username;
  const email = user.email?.trim() ?? '';
  const at = email.lastIndexOf('@');
  return at > 0 ? email.slice(0, at) : email;
}
