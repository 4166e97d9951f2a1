/**
 * Calling the app's route handlers in-process as an HTTP client would: a Request with the
 * method, path, JSON body and session (bearer token or cookie), the path params Next would pass.
 */
import { POST as authPost } from '@/app/api/auth/[...all]/route';
import { createAccount, type NewAccount } from '@/server/auth/accounts';
import { getDb } from '@/server/db/client';

export const TEST_PASSWORD = 'Boa-Password-2026';

export interface Session {
  token: string;
  cookie: string;
}

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

type Handler = (request: Request, context?: { params?: Promise<Record<string, string>> }) => Promise<Response>;

let ipCounter = 0;

export async function call<T = Record<string, unknown>>(
  handler: Handler,
  method: string,
  path: string,
  init: { params?: Record<string, string>; body?: unknown; session?: Session | null; via?: 'bearer' | 'cookie'; host?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const host = init.host ?? 'localhost';
  const headers = new Headers({ host, 'x-forwarded-for': `198.51.100.${(++ipCounter % 250) + 1}`, ...init.headers });
  if (init.body !== undefined && !(init.body instanceof FormData)) headers.set('content-type', 'application/json');
  if (init.session) {
    if (init.via === 'cookie') headers.set('cookie', init.session.cookie);
    else headers.set('authorization', `Bearer ${init.session.token}`);
  }
  const body = init.body === undefined ? undefined : init.body instanceof FormData ? init.body : JSON.stringify(init.body);
  const request = new Request(`http://${host}${path}`, { method, headers, body });
  const response = await handler(request, { params: Promise.resolve(init.params ?? {}) });
  const text = method === 'HEAD' ? '' : await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

/** A confirmed account signed in over better-auth's HTTP API: its bearer token and cookie. */
export async function signedInAccount(account: Omit<NewAccount, 'password'> & { password?: string }): Promise<Session & { userId: string }> {
  const password = account.password ?? TEST_PASSWORD;
  await createAccount(await getDb(), { ...account, password });
  const request = new Request('http://localhost/api/auth/sign-in/email', {
    method: 'POST',
    headers: { host: 'localhost', origin: 'http://localhost', 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${(++ipCounter % 250) + 1}` },
    body: JSON.stringify({ email: account.email, password }),
  });
  const response = await authPost(request);
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const json = (await response.json()) as { user?: { id?: string } };
  const token = response.headers.get('set-auth-token');
  const cookie = response.headers.getSetCookie().find((c) => c.includes('session_token='))?.split(';')[0];
  if (!token || !cookie || !json.user?.id) throw new Error('no session');
  return { token, cookie, userId: json.user.id };
}
