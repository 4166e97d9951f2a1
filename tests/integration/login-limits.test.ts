/** @jest-environment node */
import { resetEnvCache } from '@/lib/env';
import { POST as authPost } from '@/app/api/auth/[...all]/route';
import { createAccount } from '@/server/auth/accounts';
import { signInAction } from '@/server/auth/actions';
import { RATE_LIMITS } from '@/server/auth/rate-limit';
import { getDb } from '@/server/db/client';
import { behindTrustedFront, CLIENT_IP_HEADER, clientIpHeaders } from '../helpers/client-ip';
import { setupTestDatabase } from '../helpers/db';

/**
 * Login limits count failures (issue 23, item 5): a shop's staff all sign in from one office IP,
 * many times a day. Through the real route handler and the login form's server action, with the
 * real limits (AUTH_RATE_LIMIT_IP_SCALE is 1 here: 30 attempts per IP in 15 minutes).
 */

const mockRequestHeaders = new Map<string, string>();
jest.mock('next/headers', () => ({
  headers: async () => new Headers(Object.fromEntries(mockRequestHeaders)),
  cookies: async () => ({ get: () => undefined, getAll: () => [], set: () => undefined, delete: () => undefined, has: () => false }),
}));

setupTestDatabase();
behindTrustedFront();

const env = process.env as Record<string, string | undefined>;
const SITE = 'http://localhost:3000';
const PASSWORD = 'Certa-Password-1';
const WRONG = 'Errada-Password-1';
const IP_LIMIT = RATE_LIMITS['sign-in'].ip.max;

beforeAll(() => {
  env.SITE_URL = SITE;
  delete env.AUTH_RATE_LIMIT_IP_SCALE;
  resetEnvCache();
});

afterAll(() => {
  delete env.SITE_URL;
  resetEnvCache();
});

beforeEach(() => {
  mockRequestHeaders.clear();
  mockRequestHeaders.set('host', 'localhost:3000');
});

function signIn(email: string, password: string, ip: string): Promise<Response> {
  return authPost(
    new Request(`${SITE}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SITE, ...clientIpHeaders(ip) },
      body: JSON.stringify({ email, password }),
    }),
  );
}

async function staff(email: string, role: 'editor' | 'admin' = 'editor') {
  await createAccount(await getDb(), { email, password: PASSWORD, fullName: 'Pessoa da Loja', role, isAdmin: role === 'admin', userType: 'particular' });
}

describe('per-IP login limit counts failed attempts only', () => {
  it('the real limit is 30 attempts per IP in 15 minutes', () => {
    expect(IP_LIMIT).toBe(30);
  });

  it('30 successful staff logins from one office IP do not block the 31st, nor the ones after', async () => {
    const office = '203.0.113.10';
    const people = ['ana@loja.example.pt', 'bruno@loja.example.pt', 'carla@loja.example.pt'];
    for (const email of people) await staff(email);
    const statuses: number[] = [];
    for (let i = 0; i < IP_LIMIT + 5; i++) statuses.push((await signIn(people[i % people.length]!, PASSWORD, office)).status);
    expect(statuses).toEqual(Array(IP_LIMIT + 5).fill(200));
  });

  it('through the login form too: 31 successful logins of one person from one IP all work', async () => {
    const email = 'diana@loja.example.pt';
    await staff(email, 'admin');
    mockRequestHeaders.set(CLIENT_IP_HEADER, '203.0.113.11');
    const outcomes: string[] = [];
    for (let i = 0; i < IP_LIMIT + 1; i++) {
      const result = await signInAction({ email, password: PASSWORD });
      outcomes.push(result.ok ? 'ok' : result.error.code);
    }
    expect(outcomes).toEqual(Array(IP_LIMIT + 1).fill('ok'));
  });

  it('failed attempts are still limited per IP, however many successes came between them', async () => {
    const ip = '203.0.113.12';
    const email = 'eva@loja.example.pt';
    await staff(email);
    // Successes first: they do not count...
    for (let i = 0; i < 10; i++) expect((await signIn(email, PASSWORD, ip)).status).toBe(200);
    // ...failures on many e-mails (below the per-e-mail limit each) do: the 31st failure is refused.
    const statuses: number[] = [];
    for (let i = 0; i < IP_LIMIT + 1; i++) statuses.push((await signIn(`sonda-${i}@example.pt`, WRONG, ip)).status);
    expect(statuses.slice(0, IP_LIMIT)).toEqual(Array(IP_LIMIT).fill(401));
    expect(statuses[IP_LIMIT]).toBe(429);
    const body = (await (await signIn(email, PASSWORD, ip)).json()) as { code?: string; message?: string };
    expect(body.code).toBe('RATE_LIMITED');
    expect(body.message).toMatch(/^Demasiadas tentativas/);
  });

  it('a success does not wipe the failures on the IP: failures before and after it add up', async () => {
    const ip = '203.0.113.13';
    const email = 'filipa@loja.example.pt';
    await staff(email);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await signIn(`antes-${i}@example.pt`, WRONG, ip)).status);
    statuses.push((await signIn(email, PASSWORD, ip)).status);
    for (let i = 0; i < 11; i++) statuses.push((await signIn(`depois-${i}@example.pt`, WRONG, ip)).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses[20]).toBe(200);
    // 20 + 10 failures = the limit; the 31st failure is refused.
    expect(statuses.slice(21, 31)).toEqual(Array(10).fill(401));
    expect(statuses[31]).toBe(429);
  });

  it("a successful login resets that e-mail's counter: 4 typos, a success, 4 typos, a success", async () => {
    const ip = '203.0.113.14';
    const email = 'gil@loja.example.pt';
    await staff(email);
    const statuses: number[] = [];
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++) statuses.push((await signIn(email, WRONG, ip)).status);
      statuses.push((await signIn(email, PASSWORD, ip)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 200, 401, 401, 401, 401, 200]);
    // Without the success between, the 6th wrong password on one e-mail from one IP is refused.
    const other = 'helena@loja.example.pt';
    await staff(other);
    const tries: number[] = [];
    for (let i = 0; i < 6; i++) tries.push((await signIn(other, WRONG, ip)).status);
    expect(tries).toEqual([401, 401, 401, 401, 401, 429]);
  });
});
