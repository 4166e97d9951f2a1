import { isIgnorableQueryParam, type SiteKey } from './flags';

/**
 * Where proxy.ts sends a page request inside the app: `app/[site]/…` holds the shop's pages,
 * one cached copy per flag set (lib/flags `SITE_KEYS`). Listing URLs whose query changes the
 * page (a search, a brand, filters, `view=all`, a page number) go to the `q/` twins of the
 * listing pages, rendered on demand from cached data; with no query (or only tracking
 * parameters) the cached page is served.
 */

/** Paths answered by route handlers, metadata routes and public files, not by `[site]` pages. */
export function isOutsideSite(pathname: string): boolean {
  if (/^\/(api|media|documentos|feeds|dev|_next|icons)(\/|$)/.test(pathname)) return true;
  // One segment with a dot: /robots.txt, /sitemap.xml, /index.php, /favicon.ico, /icon.svg,
  // /manifest.webmanifest, /sw.js …
  return /^\/[^/]+\.[a-z0-9]+$/i.test(pathname);
}

/** The listing pages that have a query twin: /produtos, /produtos/{chapter}, /produtos/{chapter}/{family}. */
function isListingPath(pathname: string): boolean {
  const m = /^\/produtos(?:\/([^/]+)(?:\/([^/]+))?)?\/?$/.exec(pathname);
  return Boolean(m) && m?.[1] !== 'p';
}

export const QUERY_SEGMENT = 'q';

/** The internal path of a page request, or null for paths outside the pages. */
export function internalPagePath(pathname: string, searchParams: URLSearchParams, site: SiteKey): string | null {
  // A path that is not valid percent-encoding names nothing: 404, not a decoding error (500),
  // outside the pages too (/%zz.txt); a page path with control characters names no page either
  // (a NUL cannot even reach the database).
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return `/${site}/_not-found`;
  }
  if (isOutsideSite(pathname)) return null;
  if (/[\u0000-\u001f\u007f]/.test(decoded)) return `/${site}/_not-found`;
  // The internal twins are not addressable from outside.
  if (pathname === `/${QUERY_SEGMENT}` || pathname.startsWith(`/${QUERY_SEGMENT}/`)) return `/${site}/_not-found`;
  // The admin area (app/admin) is rendered per request with its own layout, the same for every
  // host: it is not under `[site]`.
  if (/^\/admin(\/|$)/i.test(decoded)) return null;
  const path = pathname === '/' ? '' : pathname.replace(/\/+$/, '');
  const hasQuery = [...searchParams.keys()].some((name) => !isIgnorableQueryParam(name));
  if (hasQuery && isListingPath(pathname)) return `/${site}/${QUERY_SEGMENT}${path}`;
  return `/${site}${path}`;
}
