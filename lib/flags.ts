/**
 * Feature flags chosen by hostname (spec 1 and 6): on the production hosts registration, the
 * private dashboard, checkout, favourites and user profiles are off; everywhere else all are on.
 *
 * Pure code shared by `proxy.ts` (redirects of disabled routes), `server/flags.ts` (the server's
 * own derivation) and the client pieces (which receive the flags as props).
 */
export const FEATURE_FLAGS = [
  'ENABLE_USER_REGISTRATION',
  'ENABLE_DASHBOARD',
  'ENABLE_CHECKOUT',
  'ENABLE_FAVORITES',
  'ENABLE_USER_PROFILES',
] as const;

export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
export type FeatureFlags = Record<FeatureFlag, boolean>;

export const ALL_FLAGS_ON: FeatureFlags = Object.freeze(
  Object.fromEntries(FEATURE_FLAGS.map((f) => [f, true])) as FeatureFlags,
);

/** Request header through which `proxy.ts` passes its flags on (the server re-derives them). */
export const FLAGS_HEADER = 'x-shop-flags';

/** Request header through which `proxy.ts` passes the path on (the 403 screens cannot receive props). */
export const PATH_HEADER = 'x-shop-path';

/** Query parameter that makes the shop layout open the coming-soon dialog. */
export const COMING_SOON_PARAM = 'coming-soon';
/** Where the disabled routes of a production host lead (spec 2.1: a fallback path). */
export const COMING_SOON_PATH = `/produtos?${COMING_SOON_PARAM}=1`;

/** Hostname without port, lower case. */
export function normaliseHost(host: string | null | undefined): string {
  return (host ?? '').trim().toLowerCase().replace(/:\d+$/, '');
}

/**
 * Which hosts are which (from configuration, lib/env `hostFlagConfig`): the production hosts
 * (flags off) and, when there are production hosts, the only other hosts where every flag is on.
 */
export interface HostFlagConfig {
  production: readonly string[];
  fullFeature: readonly string[];
}

function flagsOf(on: boolean): FeatureFlags {
  return Object.fromEntries(FEATURE_FLAGS.map((f) => [f, on])) as FeatureFlags;
}

/**
 * Flags of one host name. Without production hosts (development, staging deployments) every
 * flag is on. With them, only the configured full-feature hosts get every flag; a production
 * host, and any host nobody configured (`localhost`, an IP, a forged name sent straight to the
 * origin), get the production set.
 */
export function flagsForHost(host: string | null | undefined, config: HostFlagConfig): FeatureFlags {
  return flagsOf(isFullFeatureHost(normaliseHost(host), config));
}

function isFullFeatureHost(name: string, config: HostFlagConfig): boolean {
  if (!config.production.length) return true;
  return Boolean(name) && !config.production.includes(name) && config.fullFeature.includes(name);
}

interface HeaderReader {
  get(name: string): string | null;
}

/** The host names a request claims: `Host` and every entry of `X-Forwarded-Host`. */
export function requestHosts(headers: HeaderReader): string[] {
  const forwarded = (headers.get('x-forwarded-host') ?? '').split(',');
  return [headers.get('host') ?? '', ...forwarded].map(normaliseHost).filter(Boolean);
}

/**
 * Flags of a request, from its `Host` and the configuration. `X-Forwarded-Host` is not trusted
 * to switch anything on: a request gets every flag only when its Host and every host it claims
 * are full-feature hosts (with production hosts configured; without them every flag is on).
 */
export function flagsForRequest(headers: HeaderReader, config: HostFlagConfig): FeatureFlags {
  if (!config.production.length) return ALL_FLAGS_ON;
  const host = normaliseHost(headers.get('host'));
  return flagsOf(isFullFeatureHost(host, config) && requestHosts(headers).every((h) => isFullFeatureHost(h, config)));
}

/** A flag set read from the `x-shop-flags` header, or null when absent or malformed. */
export function parseFlagsHeader(value: string | null | undefined): FeatureFlags | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    if (!parsed || typeof parsed !== 'object') return null;
    const record = parsed as Record<string, unknown>;
    if (!FEATURE_FLAGS.every((f) => typeof record[f] === 'boolean')) return null;
    return Object.fromEntries(FEATURE_FLAGS.map((f) => [f, record[f]])) as FeatureFlags;
  } catch {
    return null;
  }
}

/** A flag is on only when every given set has it on. */
export function intersectFlags(...sets: FeatureFlags[]): FeatureFlags {
  return Object.fromEntries(FEATURE_FLAGS.map((f) => [f, sets.every((s) => s[f])])) as FeatureFlags;
}

function underPath(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/**
 * The flags a route needs (spec 2.1, 2.3, 6): /login and /access-request need registration,
 * /dashboard… the private dashboard (favourites and profile pages also their own flag),
 * /checkout… checkout. Other paths need none.
 */
export function requiredFlagsForPath(pathname: string): FeatureFlag[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (underPath(path, '/login') || underPath(path, '/access-request'))
    return ['ENABLE_USER_REGISTRATION'];
  if (underPath(path, '/dashboard/favorites')) return ['ENABLE_DASHBOARD', 'ENABLE_FAVORITES'];
  if (underPath(path, '/dashboard/profile')) return ['ENABLE_DASHBOARD', 'ENABLE_USER_PROFILES'];
  if (underPath(path, '/dashboard')) return ['ENABLE_DASHBOARD'];
  if (underPath(path, '/checkout')) return ['ENABLE_CHECKOUT'];
  return [];
}

/** True when the route needs a flag that is off. */
export function isRouteDisabled(pathname: string, flags: FeatureFlags): boolean {
  return requiredFlagsForPath(pathname).some((f) => !flags[f]);
}

/**
 * The two flag sets the shop serves (every flag on; every flag off on a production host) as the
 * first path segment of the app's internal routes (`app/[site]/…`): proxy.ts rewrites each request
 * to its site, so a cached page is cached once per flag set and never holds another host's flags.
 */
export const SITE_KEYS = { full: 'loja', catalogue: 'catalogo' } as const;
export type SiteKey = (typeof SITE_KEYS)[keyof typeof SITE_KEYS];

export function siteKeyForFlags(flags: FeatureFlags): SiteKey {
  return FEATURE_FLAGS.every((f) => flags[f]) ? SITE_KEYS.full : SITE_KEYS.catalogue;
}

/** The flags of a site key, or null for anything else (an unknown key is a 404). */
export function flagsForSiteKey(key: string): FeatureFlags | null {
  if (key === SITE_KEYS.full) return ALL_FLAGS_ON;
  if (key === SITE_KEYS.catalogue) return flagsOf(false);
  return null;
}

/**
 * Query parameters that do not change a page (tracking, the spec's `t` cache-buster, the
 * coming-soon dialog opened on the client): a URL with only these is served the cached page.
 */
export function isIgnorableQueryParam(name: string): boolean {
  // `_rsc` is the cache-buster of Next's own navigation requests: it must reach the same page.
  return name === 't' || name === '_rsc' || name === COMING_SOON_PARAM || name.startsWith('utm_') || name === 'fbclid' || name === 'gclid' || name === 'msclkid';
}
