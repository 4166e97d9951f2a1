import { NextResponse, type NextRequest } from 'next/server';
import { productionHosts } from '@/lib/env';
import { COMING_SOON_PATH, FLAGS_HEADER, flagsForRequest, isRouteDisabled } from '@/lib/flags';
import { resolveRedirect } from '@/lib/redirects';

/**
 * Thin edge of every request (DESIGN: not a security boundary; the server checks again):
 * 1. the redirects of spec 2.2 (lib/redirects);
 * 2. the hostname feature flags: on a production host the disabled routes (/login,
 *    /access-request, /dashboard…, /checkout…) go to /produtos?coming-soon=1 (307);
 * 3. the flags are passed on in the `x-shop-flags` request header (server/flags re-derives them).
 */
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;

  const redirect = resolveRedirect(pathname, search);
  if (redirect)
    return NextResponse.redirect(new URL(redirect.destination, request.nextUrl), redirect.status);

  const flags = flagsForRequest(request.headers, productionHosts());
  if (isRouteDisabled(pathname, flags)) {
    return NextResponse.redirect(new URL(COMING_SOON_PATH, request.nextUrl), 307);
  }

  const headers = new Headers(request.headers);
  headers.set(FLAGS_HEADER, JSON.stringify(flags));
  return NextResponse.next({ request: { headers } });
}

export const config = {
  matcher: ['/((?!_next/static|_next/image|media/|favicon.ico|robots.txt|sitemap.xml).*)'],
};
