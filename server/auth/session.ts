import 'server-only';
import { cache } from 'react';
import { headers } from 'next/headers';
import { forbidden, redirect } from 'next/navigation';
import { COMING_SOON_PATH, requiredFlagsForPath } from '@/lib/flags';
import { accessDecision, effectiveRole, requirementFor, type RouteRequirement } from '@/lib/auth/permissions';
import { toViewer, type Viewer } from '@/lib/auth/viewer';
import { getFeatureFlags } from '@/server/flags';
import { getAuth } from './auth';

/** The signed-in user of a request (cookie or bearer token), or null. */
export async function viewerFromHeaders(h: Headers): Promise<Viewer | null> {
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers: h });
  if (!session) return null;
  const user = session.user;
  // A disabled user's sessions are deleted when staff disable them; this refuses any left over.
  if (user.disabledAt) return null;
  return toViewer(user, effectiveRole(user.role, Boolean(user.isAdmin)));
}

/** The viewer of the request being rendered (once per request). */
export const getViewer = cache(async (): Promise<Viewer | null> => viewerFromHeaders(await headers()));

/** Whoever calls a gate wants a session at least, even on a path the route table leaves open. */
function atLeastLogin(requirement: RouteRequirement): RouteRequirement {
  return requirement.kind === 'open' ? { kind: 'login' } : requirement;
}

export function loginPathFor(pathname: string): string {
  const base = pathname.startsWith('/admin') ? '/admin/login' : '/login';
  return `${base}?next=${encodeURIComponent(pathname)}`;
}

/**
 * The gate of every protected page (spec 4 "Protected routes", spec 6): no session → the login
 * page keeping the origin; a feature switched off on this host → the coming-soon dialog (admins
 * pass); the admin flag missing → 403 'Admin Access Only'; a permission missing → 403 'Access Denied'.
 */
export async function requirePageAccess(pathname: string): Promise<Viewer> {
  const viewer = await getViewer();
  const requirement = requirementFor(pathname);
  const decision = accessDecision({ user: viewer, requirement: atLeastLogin(requirement) });
  if (decision === 'login' || !viewer) redirect(loginPathFor(pathname));
  if (!viewer.isAdmin) {
    const flags = await getFeatureFlags();
    if (requiredFlagsForPath(pathname).some((flag) => !flags[flag])) redirect(COMING_SOON_PATH);
  }
  if (decision !== 'allow') forbidden();
  return viewer;
}
