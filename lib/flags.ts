/**
 * Feature flags chosen by hostname (spec 1 and 6): on the production hosts registration, the
 * private dashboard, checkout, favourites and user profiles are off; everywhere else all are on.
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

/** Hostname without port, lower case. */
export function normaliseHost(host: string | null | undefined): string {
  return (host ?? '').trim().toLowerCase().replace(/:\d+$/, '');
}

export function flagsForHost(host: string | null | undefined, productionHosts: readonly string[]): FeatureFlags {
  const isProduction = productionHosts.includes(normaliseHost(host));
  return Object.fromEntries(FEATURE_FLAGS.map((f) => [f, !isProduction])) as FeatureFlags;
}

export const FLAGS_HEADER = 'x-shop-flags';
