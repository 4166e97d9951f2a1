import { createHmac, randomBytes } from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';
import { env, hostFlagConfig, siteUrl } from '@/lib/env';
import { newNonce, securityHeaders } from '@/lib/security/headers';
import { COMING_SOON_PATH, FLAGS_HEADER, PATH_HEADER, flagsForRequest, isRouteDisabled, siteKeyForFlags } from '@/lib/flags';
import { internalPagePath, isOutsideSite } from '@/lib/site-routing';
import { resolveRedirect } from '@/lib/redirects';
import { multipartActionBodyIsSound, textActionBodyIsSound } from '@/lib/security/action-body';
import { requirementFor } from '@/lib/auth/permissions';
import { ACTION_BODY_LIMIT, tooLargeText } from '@/scripts/body-limits.mjs';

/** better-auth's session cookie (server/auth/auth.ts: prefix `cag`; `__Secure-` on https). */
const SESSION_COOKIES = ['cag.session_token', '__Secure-cag.session_token'];

/**
 * Thin edge of every request (docs/architecture.md: not a security boundary; the server checks again):
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
export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  security();

  const refused = request.method === 'POST' ? (refusedPagePost(request, pathname) ?? (await refusedActionBody(request, pathname))) : null;
  if (refused) return refused;

  const redirect = resolveRedirect(pathname, search);
  if (redirect)
    return NextResponse.redirect(new URL(redirect.destination, request.nextUrl), redirect.status);

  const hasSession = SESSION_COOKIES.some((name) => request.cookies.has(name));
  const flags = flagsForRequest(request.headers, hostFlagConfig());
  if (!hasSession && isRouteDisabled(pathname, flags)) {
    return NextResponse.redirect(new URL(COMING_SOON_PATH, request.nextUrl), 307);
  }
  if (!hasSession && !pathname.startsWith('/api/') && requirementFor(pathname).kind !== 'open') {
    const login = new URL(pathname.startsWith('/admin') ? '/admin/login' : '/login', request.nextUrl);
    login.searchParams.set('next', `${pathname}${search}`);
    return NextResponse.redirect(login, 307);
  }

  const headers = new Headers(request.headers);
  // Next reads the nonce of its scripts from the request's CSP: always ours (a client's own header
  // never reaches the render), the placeholder that the server swaps for a fresh nonce per response.
  headers.delete('content-security-policy-report-only');
  headers.set('content-security-policy', `script-src 'nonce-${security().placeholder}'`);
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

/**
 * POSTs to pages that Next's server action handler answers with a 500 (bad input never does):
 * - a multipart POST without the `Next-Action` header: Next's no-JavaScript form fallback, which
 *   this shop does not use (its forms call server actions from the browser, with the header);
 *   Next decodes such a body as a form action and fails on a body it cannot parse or on action
 *   fields it does not know → 400;
 * - a server action call whose `Origin` is another site, `null` or not a URL: Next refuses it
 *   (CSRF) but with a 500, or throws on the Origin → 403.
 */
function refusedPagePost(request: NextRequest, pathname: string): NextResponse | null {
  if (isOutsideSite(pathname)) return null;
  const headers = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' };
  if (!request.headers.has('next-action')) {
    const multipart = (request.headers.get('content-type') ?? '').trim().toLowerCase().startsWith('multipart/form-data');
    return multipart ? new NextResponse('Pedido inválido.', { status: 400, headers }) : null;
  }
  // The real limit is counted by scripts/serve.mjs, byte by byte before Next reads the body: 3 MB
  // for every server action, 52 MB (next.config.ts) for the admin area's actions of a staff session
  // (PDFs of up to 50 MB). This is only what a proxy can see without the session: a declared
  // length over 3 MB outside the admin area (e.g. under plain `next start`).
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > ACTION_BODY_LIMIT && !/^\/admin(\/|$)/.test(pathname)) return new NextResponse(tooLargeText(ACTION_BODY_LIMIT), { status: 413, headers });
  const origin = request.headers.get('origin');
  if (origin === null) return null; // Next lets it through: no credentials of another site
  let originHost: string | null;
  try {
    originHost = new URL(origin).host;
  } catch {
    originHost = null;
  }
  const host = request.headers.get('x-forwarded-host')?.split(',')[0]?.trim() || request.headers.get('host');
  return originHost !== null && originHost === host ? null : new NextResponse('Pedido recusado.', { status: 403, headers });
}

/**
 * A server action call whose body Next could not decode (lib/security/action-body.ts): 400 here,
 * where Next would answer 500. Only what Next already let through the body limits is read.
 */
async function refusedActionBody(request: NextRequest, pathname: string): Promise<NextResponse | null> {
  if (isOutsideSite(pathname) || !request.headers.has('next-action') || request.body === null) return null;
  const headers = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' };
  const type = request.headers.get('content-type') ?? '';
  let sound: boolean;
  try {
    if (/^\s*multipart\//i.test(type)) {
      const body = new Uint8Array(await request.clone().arrayBuffer());
      sound = await multipartActionBodyIsSound(type, body, body.byteLength + 1);
    } else {
      sound = textActionBodyIsSound(await request.clone().text());
    }
  } catch {
    sound = false;
  }
  return sound ? null : new NextResponse('Pedido inválido.', { status: 400, headers });
}

interface FreshPage {
  html: string;
  /** The page's chunks with `nonce` in place of the placeholder nonce; a gzip stream when asked. */
  chunks: (nonce: string, gzip: boolean) => Uint8Array[];
  headers: Record<string, string | string[] | undefined>;
  cacheControl?: { revalidate?: number | false; expire?: number };
}
type FreshPageLookup = (internalPath: string) => FreshPage | null;

/** Headers Next's router uses for its own (RSC) requests: those always go to Next. */
const ROUTER_HEADERS = ['rsc', 'next-router-state-tree', 'next-router-prefetch', 'next-router-segment-prefetch', 'next-action'];

interface HeaderReader {
  get(name: string): string | null;
  has(name: string): boolean;
}

/** What a cached page is answered with: status 200, these headers, this body (in chunks). */
export interface CachedPageAnswer {
  headers: Record<string, string>;
  body: Uint8Array[];
}

/**
 * A page request answered from the shared page cache (server/cache/next-handler.cjs): a plain
 * document GET/HEAD of a public catalogue page whose rendered HTML is in the cache and fresh gets
 * that HTML — the same for every visitor of the host, nothing personal is ever in it — with the
 * headers Next would send, its placeholder nonce replaced by the response's `nonce`, gzipped once
 * per entry for clients that accept it (server/cache/next-handler.cjs splices the nonce in). Anything else
 * (redirects, protected or disabled paths, RSC requests, a missing or stale entry) returns null
 * and goes through Next, which renders or revalidates.
 */
export function cachedPageAnswer(
  method: string,
  pathname: string,
  searchParams: URLSearchParams,
  headers: HeaderReader,
  nonce: string,
): CachedPageAnswer | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  if (ROUTER_HEADERS.some((h) => headers.has(h)) || searchParams.has('_rsc')) return null;
  const lookup = (globalThis as { [key: symbol]: unknown })[Symbol.for('cag.cache.freshPage')] as FreshPageLookup | undefined;
  if (!lookup || resolveRedirect(pathname, '') || requirementFor(pathname).kind !== 'open') return null;
  const flags = flagsForRequest(headers, hostFlagConfig());
  if (isRouteDisabled(pathname, flags)) return null;
  const internal = internalPagePath(pathname, searchParams, siteKeyForFlags(flags));
  const page = internal ? lookup(internal) : null;
  if (!page) return null;
  const revalidate = typeof page.cacheControl?.revalidate === 'number' ? page.cacheControl.revalidate : 3600;
  const expire = page.cacheControl?.expire;
  const gzip = /\bgzip\b/.test(headers.get('accept-encoding') ?? '');
  const body = page.chunks(nonce, gzip);
  const length = body.reduce((n, chunk) => n + chunk.byteLength, 0);
  const answer: Record<string, string> = {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': `s-maxage=${revalidate}${typeof expire === 'number' && expire > revalidate ? `, stale-while-revalidate=${expire - revalidate}` : ''}`,
    Vary: 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding',
    'x-nextjs-cache': 'HIT',
    'Content-Length': String(length),
  };
  if (gzip) answer['Content-Encoding'] = 'gzip';
  const staleTime = page.headers['x-nextjs-stale-time'];
  if (typeof staleTime === 'string') answer['x-nextjs-stale-time'] = staleTime;
  return { headers: answer, body: method === 'HEAD' ? [] : body };
}

/**
 * What scripts/serve.mjs needs to put the security headers (lib/security/headers.ts) on every
 * response: the headers for a path and content type, and the placeholder nonce that pages are
 * rendered — and cached — with. The placeholder is a secret of the server (random per process, or
 * derived from BETTER_AUTH_SECRET so that instances sharing a page cache agree): it never leaves
 * the server, since every response has it replaced by a fresh nonce, so markup injected into a
 * page cannot carry it to be "upgraded" into a valid nonce.
 */
export interface SecurityHooks {
  placeholder: string;
  newNonce: () => string;
  headersFor: (pathname: string, contentType: string | null | undefined, nonce: string | null) => Record<string, string>;
}

const SECURITY = Symbol.for('cag.security');

function placeholderFor(secret: string | undefined): string {
  const raw = secret ? createHmac('sha256', secret).update('cag:csp-nonce-placeholder').digest() : randomBytes(18);
  return raw.subarray(0, 18).toString('base64url');
}

function security(): SecurityHooks {
  const store = globalThis as { [key: symbol]: SecurityHooks | undefined };
  const existing = store[SECURITY];
  if (existing) return existing;
  const https = siteUrl().startsWith('https:');
  const dev = env().NODE_ENV === 'development';
  const hooks: SecurityHooks = {
    placeholder: placeholderFor(env().BETTER_AUTH_SECRET),
    newNonce,
    headersFor: (pathname, contentType, nonce) => securityHeaders({ pathname, contentType, nonce, https, dev }),
  };
  store[SECURITY] = hooks;
  return hooks;
}
security();

// The shop's HTTP server (scripts/serve.mjs) asks this before handing a request to Next, so a
// cached page costs a lookup and a socket write. Not used by the proxy itself: Next removes its
// router headers and `_rsc` from the requests proxies see, so a proxy cannot tell a document
// request from a client navigation (which must get the RSC payload, not HTML).
(globalThis as { [key: symbol]: unknown })[Symbol.for('cag.frontCache')] = cachedPageAnswer;

export const config = {
  matcher: ['/((?!_next/static|_next/image|media/|favicon.ico|robots.txt|sitemap.xml|icons/|manifest.webmanifest).*)'],
};
