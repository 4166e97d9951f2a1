import 'server-only';
import { asc } from 'drizzle-orm';
import type { Viewer } from '@/lib/auth/viewer';
import { AppError } from '@/server/errors';
import { getDb } from '@/server/db/client';
import { users } from '@/server/db/schema';

/** An account as GET /api/users/auth lists it (spec 7): never a password, a token or a secret. */
export interface AuthUserDto {
  id: string;
  email: string;
  name: string;
  email_confirmed: boolean;
  role: string;
  isAdmin: boolean;
  user_type: 'particular' | 'pro';
  account_name: string | null;
  created_at: string;
}

/** Who an account is and what it may do, as the staff screens show it (the people list, the demo-account removal). */
export const userIdentityColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  fullName: users.fullName,
  role: users.role,
  isAdmin: users.isAdmin,
  userType: users.userType,
};

/** The identity read with userIdentityColumns, as staff see it: the full name where there is one. */
export function userIdentity(r: { id: string; email: string; name: string; fullName: string | null; role: string; isAdmin: boolean; userType: 'particular' | 'pro' }) {
  return { id: r.id, email: r.email, name: r.fullName || r.name, role: r.role, isAdmin: r.isAdmin, userType: r.userType };
}

/** Every account, oldest first. Administrators only (the route checks it too). */
export async function listAuthUsers(viewer: Viewer): Promise<AuthUserDto[]> {
  if (!viewer.isAdmin) throw new AppError({ code: 'forbidden', key: 'Api.adminOnly' });
  const db = await getDb();
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      emailVerified: users.emailVerified,
      role: users.role,
      isAdmin: users.isAdmin,
      userType: users.userType,
      accountName: users.accountName,
      createdAt: users.createdAt,
    })
    .from(users)
    .orderBy(asc(users.createdAt));
  return rows.map((u) => ({
    id: u.id,
    email: u.email,
    name: u.name,
    email_confirmed: u.emailVerified,
    role: u.role,
    isAdmin: u.isAdmin,
    user_type: u.userType,
    account_name: u.accountName,
    created_at: u.createdAt.toISOString(),
  }));
}
