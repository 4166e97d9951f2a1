import { rawRoute } from '@/server/api/route';
import { getAuth } from '@/server/auth/auth';

export const dynamic = 'force-dynamic';

/**
 * better-auth's HTTP API for API clients (sign-in with `set-auth-token` for bearer use,
 * get-session, sign-out…). The browser app goes through server actions; the same limits and
 * password rules apply to both (server/auth/auth.ts hooks). Its answers are personal: never stored.
 */
const handler = rawRoute({ cache: 'no-store' }, async ({ request }) => (await getAuth()).handler(request));

export const GET = handler;
export const POST = handler;
