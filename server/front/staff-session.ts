import 'server-only';
import { isEditingStaff } from '@/lib/auth/permissions';
import { viewerFromHeaders } from '@/server/auth/session';
import { logger } from '@/server/log';

const log = logger('front');

/**
 * Whether a request's cookies (or its bearer token) hold a signed-in staff session that may change
 * something (the admin flag, or the role editor or admin: `isEditingStaff` of lib/auth/permissions;
 * not the staff reader, who uploads nothing), read by the app's own session
 * code. scripts/serve.mjs asks it (through the hook instrumentation.ts registers) before it lets a
 * server action of the admin area, or an /api/admin route, receive more than 3 MB
 * (scripts/body-limits.mjs). Any doubt — no session, a database that does not answer — is "no".
 */
export async function isStaffSession(cookieHeader: string | null | undefined, authorizationHeader?: string | null): Promise<boolean> {
  const cookie = cookieHeader && /session_token=/.test(cookieHeader) ? cookieHeader : null;
  const bearer = authorizationHeader && /^bearer\s+\S/i.test(authorizationHeader) ? authorizationHeader : null;
  if (!cookie && !bearer) return false;
  try {
    const headers = new Headers();
    if (cookie) headers.set('cookie', cookie);
    if (bearer) headers.set('authorization', bearer);
    const viewer = await viewerFromHeaders(headers);
    return viewer !== null && isEditingStaff(viewer);
  } catch (err) {
    log.error({ err }, 'sessão por verificar (limite de 3 MB)');
    return false;
  }
}
