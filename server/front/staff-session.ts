import 'server-only';
import { isStaff } from '@/lib/auth/permissions';
import { viewerFromHeaders } from '@/server/auth/session';

/**
 * Whether a request's cookies hold a signed-in staff session (the admin flag, or the role editor or
 * admin: `isStaff` of lib/auth/permissions), read by the app's own session code. scripts/serve.mjs
 * asks it (through the hook instrumentation.ts registers) before it lets a server action of the
 * admin area send more than 3 MB (scripts/body-limits.mjs). Any doubt — no cookie, no session, a
 * database that does not answer — is "no".
 */
export async function isStaffCookie(cookieHeader: string | null | undefined): Promise<boolean> {
  if (!cookieHeader || !/session_token=/.test(cookieHeader)) return false;
  try {
    const viewer = await viewerFromHeaders(new Headers({ cookie: cookieHeader }));
    return viewer !== null && isStaff(viewer);
  } catch (err) {
    console.error('[front] sessão por verificar (limite de 3 MB):', err instanceof Error ? err.message : err);
    return false;
  }
}
