import { toNextJsHandler } from 'better-auth/next-js';
import { getAuth } from '@/server/auth/auth';

export const dynamic = 'force-dynamic';

/**
 * better-auth's HTTP API for API clients (sign-in with `set-auth-token` for bearer use,
 * get-session, sign-out…). The browser app goes through server actions; the same limits and
 * password rules apply to both (server/auth/auth.ts hooks).
 */
export const { GET, POST } = toNextJsHandler(async (request: Request) => (await getAuth()).handler(request));
