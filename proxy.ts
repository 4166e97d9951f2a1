import { NextResponse, type NextRequest } from 'next/server';
import { productionHosts } from '@/lib/env';
import { COMING_SOON_PATH, FLAGS_HEADER, PATH_HEADER, flagsForRequest, isRouteDisabled, siteKeyForFlags } from '@/lib/flags';
import { internalPagePath } from '@/lib/site-routing';
import { resolveRedirect } from '@/lib/redirects';
import { requirementFor } from '@/lib/auth/permissions';

/** better-auth's session cookie (server/auth/auth.ts: prefix `cag`; `__Secure-` on https). */
const SESSION_COOKIES = ['cag.session_token', '__Secure-cag.session_token'];

/**
 * Thin edge of every request (DESIGN: not a security boundary; the server checks again):
 * 1. the redirects of spec 2.2 (lib/redirects);
 * 2. the hostname feature flags: on a production host the disabled routes (/login,
 *    /access-request, /dashboard…, /checkout…) go to /produtos?coming-soon=1 (307);
 * 3. the flags are passed on in the `x-shop-flags` request header (server/flags re-derives them);
 * 4. protected pages (/dashboard…, /checkout…, /admin/…) without a session cookie go to the login
 *    page keeping the origin. Whether the session is valid and allowed is decided by the page.
 * Admins bypass the flags: with a session cookie the disabled routes reach the page, which checks.
 * 5. page requests are rewritten to `app/[site]/…` (lib/site-routing): one cached copy of each
 *    page per flag set, the query variants of listings to their on-demand twins.
 */
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;

  const redirect = resolveRedirect(pathname, search);
  if (redirect)
    return NextResponse.redirect(new URL(redirect.destination, request.nextUrl), redirect.status);

  const hasSession = SESSION_COOKIES.some((name) => request.cookies.has(name));
  const flags = flagsForRequest(request.headers, productionHosts());
  if (!hasSession && isRouteDisabled(pathname, flags)) {
    return NextResponse.redirect(new URL(COMING_SOON_PATH, request.nextUrl), 307);
  }
  if (!hasSession && !pathname.startsWith('/api/') && requirementFor(pathname).kind !== 'open') {
    const login = new URL(pathname.startsWith('/admin') ? '/admin/login' : '/login', request.nextUrl);
    login.searchParams.set('next', `${pathname}${search}`);
    return NextResponse.redirect(login, 307);
  }

  const headers = new Headers(request.headers);
  headers.set(FLAGS_HEADER, JSON.stringify(flags));
  headers.set(PATH_HEADER, pathname);
  const internal = internalPagePath(pathname, request.nextUrl.searchParams, siteKeyForFlags(flags));
  if (internal) {
    const url = request.nextUrl.clone();
    url.pathname = internal;
    return NextResponse.rewrite(url, { request: { headers } });
  }
  return NextResponse.next({ request: { headers } });
}

export const config = {
  matcher: ['/((?!_next/static|_next/image|media/|favicon.ico|robots.txt|sitemap.xml|icons/|manifest.webmanifest).*)'],
};
