import 'server-only';
import { cookies, headers } from 'next/headers';
import { accessDecision, requirementFor } from '@/lib/auth/permissions';
import { FEATURE_FLAGS, FLAGS_HEADER, PATH_HEADER, parseFlagsHeader, siteKeyForFlags, type FeatureFlags } from '@/lib/flags';
import { SESSION_COOKIE } from '@/server/auth/auth';
import { getViewer } from '@/server/auth/session';
import { flagsFromHeaders } from '@/server/flags';

/**
 * What /admin/login-debug shows (spec 2.4, open): only about the browser asking — whether it
 * sent a session cookie (never its value), whether that session is valid, who it belongs to (its
 * own e-mail, role, admin flag, type), the feature flags of this host and what the proxy decided
 * (the headers it set and the access it would give to a few admin paths). Never a token, a
 * secret or anybody else's data.
 */

export interface LoginDebug {
  host: string;
  cookiePresent: boolean;
  cookieNames: string[];
  sessionValid: boolean;
  user: { email: string; role: string; isAdmin: boolean; userType: string; badge: string } | null;
  flags: { name: string; on: boolean }[];
  proxy: { ran: boolean; path: string | null; flagsHeader: FeatureFlags | null; siteKey: string | null };
  access: { path: string; decision: string }[];
}

const PROBE_PATHS = ['/admin/dashboard', '/admin/products', '/admin/campaigns', '/admin/pro-accounts', '/admin/phc-sync', '/checkout', '/dashboard'];

export async function getLoginDebug(): Promise<LoginDebug> {
  const [h, jar, viewer] = await Promise.all([headers(), cookies(), getViewer()]);
  const names = [SESSION_COOKIE, `__Secure-${SESSION_COOKIE}`];
  const cookieNames = names.filter((n) => jar.has(n));
  const flags = flagsFromHeaders(h);
  const fromProxy = parseFlagsHeader(h.get(FLAGS_HEADER));
  const host = (h.get('x-forwarded-host')?.split(',')[0]?.trim() || h.get('host') || '').slice(0, 200);
  return {
    host,
    cookiePresent: cookieNames.length > 0,
    cookieNames,
    sessionValid: viewer !== null,
    user: viewer ? { email: viewer.email, role: viewer.role, isAdmin: viewer.isAdmin, userType: viewer.userType, badge: viewer.badge.label } : null,
    flags: FEATURE_FLAGS.map((name) => ({ name, on: flags[name] })),
    proxy: {
      ran: fromProxy !== null,
      path: h.get(PATH_HEADER)?.slice(0, 300) ?? null,
      flagsHeader: fromProxy,
      siteKey: fromProxy ? siteKeyForFlags(fromProxy) : null,
    },
    access: PROBE_PATHS.map((path) => ({ path, decision: accessDecision({ user: viewer, requirement: requirementFor(path) }) })),
  };
}
