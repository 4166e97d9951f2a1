import { rawRoute } from '@/server/api/route';
import { getAuth } from '@/server/auth/auth';
import { assertAuthFeatureOn } from '@/server/auth/guards';
import { viewerFromHeaders } from '@/server/auth/session';

export const dynamic = 'force-dynamic';

/**
 * better-auth's HTTP API for API clients (sign-in with `set-auth-token` for bearer use,
 * get-session, sign-out…). The browser app goes through server actions; the same limits and
 * password rules apply to both (server/auth/auth.ts hooks). Its answers are personal: never stored.
 * An endpoint of a feature switched off on this host (sign-up, profile, change of e-mail,
 * deletion) answers 403 `feature_off` unless an administrator calls it (server/auth/guards.ts).
 */
const handler = rawRoute({ cache: 'no-store' }, async ({ request }) => {
  await assertAuthFeatureOn(request, async (headers) => Boolean((await viewerFromHeaders(headers))?.isAdmin));
  return (await getAuth()).handler(request);
});

export const GET = handler;
export const POST = handler;
