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
  const cached = internal ? cachedPageResponse(request, internal) : null;
  if (cached) return cached;
  if (internal) {
    const url = request.nextUrl.clone();
    url.pathname = internal;
    return NextResponse.rewrite(url, { request: { headers } });
  }
  return NextResponse.next({ request: { headers } });
}

interface FreshPage {
  html: string;
  /** The HTML encoded as UTF-8, once per cache entry. */
  bytes: Uint8Array;
  headers: Record<string, string | string[] | undefined>;
  cacheControl?: { revalidate?: number | false; expire?: number };
}
type FreshPageLookup = (internalPath: string) => FreshPage | null;

/** Headers Next's router uses for its own (RSC) requests: those always go to Next. */
const ROUTER_HEADERS = ['rsc', 'next-router-state-tree', 'next-router-prefetch', 'next-router-segment-prefetch', 'next-action'];

/**
 * A page request answered from the shared page cache (server/cache/next-handler.cjs): a plain
 * document GET/HEAD of a catalogue page whose rendered HTML is in the cache and fresh gets that
 * HTML here, with the headers Next would send, instead of going through Next's page pipeline.
 * The HTML is the same for every visitor of the host (nothing personal is ever in it).
 */
function cachedPageResponse(request: NextRequest, internalPath: string): NextResponse | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  if (ROUTER_HEADERS.some((h) => request.headers.has(h)) || request.nextUrl.searchParams.has('_rsc')) return null;
  const lookup = (globalThis as { [key: symbol]: unknown })[Symbol.for('cag.cache.freshPage')] as FreshPageLookup | undefined;
  const page = lookup?.(internalPath);
  if (!page) return null;
  const revalidate = typeof page.cacheControl?.revalidate === 'number' ? page.cacheControl.revalidate : 3600;
  const expire = page.cacheControl?.expire;
  const headers = new Headers({
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': `s-maxage=${revalidate}${typeof expire === 'number' && expire > revalidate ? `, stale-while-revalidate=${expire - revalidate}` : ''}`,
    Vary: 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding',
    'x-nextjs-cache': 'HIT',
    'Content-Length': String(page.bytes.byteLength),
  });
  const staleTime = page.headers['x-nextjs-stale-time'];
  if (typeof staleTime === 'string') headers.set('x-nextjs-stale-time', staleTime);
  return new NextResponse(request.method === 'HEAD' ? null : (page.bytes as BodyInit), { status: 200, headers });
}

export const config = {
  matcher: ['/((?!_next/static|_next/image|media/|favicon.ico|robots.txt|sitemap.xml|icons/|manifest.webmanifest).*)'],
};
