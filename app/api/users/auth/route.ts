import { apiRoute } from '@/server/api/route';
import { listAuthUsers } from '@/server/auth/users';

export const dynamic = 'force-dynamic';

/**
 * GET /api/users/auth (spec 7): the list of accounts, for administrators (session cookie or
 * `Authorization: Bearer`). Never passwords or tokens; always `private, no-store`.
 */
export const GET = apiRoute({ auth: 'required', admin: true }, async ({ viewer }) => ({ data: await listAuthUsers(viewer) }));
