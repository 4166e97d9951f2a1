import 'server-only';
import { cache } from 'react';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { hostFlagConfig } from '@/lib/env';
import {
  COMING_SOON_PATH,
  FLAGS_HEADER,
  flagsForRequest,
  intersectFlags,
  parseFlagsHeader,
  type FeatureFlag,
  type FeatureFlags,
} from '@/lib/flags';

/**
 * The feature flags of the current request (spec 1 and 6), derived again on the server from the
 * request's Host and the configuration (lib/flags `flagsForRequest`: with PRODUCTION_HOSTS set,
 * only the configured full-feature hosts get every feature; X-Forwarded-Host never turns one on). The `x-shop-flags` header set by proxy.ts can only switch a flag off,
 * never on: a flag is on when both agree.
 */
export const getFeatureFlags = cache(async (): Promise<FeatureFlags> => flagsFromHeaders(await headers()));

/** The flags of a request from its headers (route handlers pass their request's headers). */
export function flagsFromHeaders(h: Pick<Headers, 'get'>): FeatureFlags {
  const derived = flagsForRequest(h, hostFlagConfig());
  const fromProxy = parseFlagsHeader(h.get(FLAGS_HEADER));
  return fromProxy ? intersectFlags(derived, fromProxy) : derived;
}

export async function isFeatureEnabled(flag: FeatureFlag): Promise<boolean> {
  return (await getFeatureFlags())[flag];
}

/** For pages behind a flag: sends the visitor to /produtos?coming-soon=1 when it is off. */
export async function requireFeature(flag: FeatureFlag): Promise<void> {
  if (!(await isFeatureEnabled(flag))) redirect(COMING_SOON_PATH);
}
