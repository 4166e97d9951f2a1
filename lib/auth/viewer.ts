import { userBadge, type UserBadge } from './badges';
import type { Role } from './permissions';

/** What pages and client components know about the signed-in user (never a session token). */
export interface Viewer {
  id: string;
  email: string;
  /** Name shown in menus: full name, else the part of the e-mail before the @. */
  displayName: string;
  fullName: string | null;
  fiscalName: string | null;
  role: Role;
  isAdmin: boolean;
  userType: 'particular' | 'pro';
  accountName: string | null;
  avatarUrl: string | null;
  badge: UserBadge;
}

export function toViewer(user: {
  id: string;
  email: string;
  name?: string | null;
  fullName?: string | null;
  fiscalName?: string | null;
  role?: unknown;
  isAdmin?: boolean | null;
  userType?: string | null;
  accountName?: string | null;
  avatarUrl?: string | null;
}, role: Role): Viewer {
  const userType = user.userType === 'pro' ? 'pro' : 'particular';
  const fullName = user.fullName?.trim() || null;
  return {
    id: user.id,
    email: user.email,
    displayName: fullName || user.name?.trim() || user.email.split('@')[0] || user.email,
    fullName,
    fiscalName: user.fiscalName?.trim() || null,
    role,
    isAdmin: Boolean(user.isAdmin),
    userType,
    accountName: user.accountName?.trim() || null,
    avatarUrl: user.avatarUrl || null,
    badge: userBadge({ isAdmin: user.isAdmin, userType, accountName: user.accountName }),
  };
}
