import { NextResponse, type NextRequest } from 'next/server';
import { asc } from 'drizzle-orm';
import { handleApiError } from '@/server/api/errors';
import { requireApiAccess } from '@/server/auth/session';
import { getDb } from '@/server/db/client';
import { users } from '@/server/db/schema';

export const dynamic = 'force-dynamic';

/**
 * GET /api/users/auth (spec 7): the list of accounts, for administrators (session cookie or
 * `Authorization: Bearer`). Never passwords or tokens.
 */
export async function GET(request: NextRequest) {
  try {
    await requireApiAccess(request, { kind: 'admin' });
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
    return NextResponse.json(
      {
        success: true,
        data: rows.map((u) => ({
          id: u.id,
          email: u.email,
          name: u.name,
          email_confirmed: u.emailVerified,
          role: u.role,
          isAdmin: u.isAdmin,
          user_type: u.userType,
          account_name: u.accountName,
          created_at: u.createdAt.toISOString(),
        })),
      },
      { headers: { 'Cache-Control': 'private, no-store' } },
    );
  } catch (err) {
    return handleApiError(err);
  }
}
