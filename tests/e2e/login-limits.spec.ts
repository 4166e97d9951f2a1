import http from 'node:http';
import { expect, test } from '@playwright/test';
import { DEMO } from './support/accounts';

/**
 * Staff do not lock themselves out (issue 23, item 5): the per-IP login limit counts failed
 * attempts only. The shop's whole staff sign in from one office IP: here a loopback address of
 * its own (127.0.0.23; the server counts the socket's address), so that this spec's attempts do
 * not touch the limits the other specs' browsers (127.0.0.1) count on.
 *
 * The test server multiplies the per-IP limits by AUTH_RATE_LIMIT_IP_SCALE=50
 * (playwright.config.ts): 30 × 50 = 1,500 attempts in 15 minutes. So the office first uses up all
 * but 30 of them with failed attempts (malformed e-mails, answered at once), then signs in 31
 * times with right passwords: the 31st gets in (before the change, every success counted and it
 * was refused), and failures are still stopped at the limit.
 */

const OFFICE_IP = '127.0.0.23';
const IP_LIMIT = 30 * 50;
const ROOM_LEFT = 30;

function post(baseURL: string, path: string, body: unknown): Promise<{ status: number; body: string }> {
  const url = new URL(path, baseURL);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: OFFICE_IP,
        agent: false,
        headers: { host: url.host, origin: url.origin, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const STAFF = [DEMO.admin, DEMO.editor, DEMO.viewer];

test('31 successful staff logins from one office IP: the 31st gets in; failures are still limited', async ({ baseURL }) => {
  test.setTimeout(300_000);
  const signIn = (data: { email: string; password: string }) => post(baseURL!, '/api/auth/sign-in/email', data);

  // The office's failed attempts until 30 are left of the (scaled) limit.
  for (let i = 0; i < IP_LIMIT - ROOM_LEFT; i += 10) {
    const batch = await Promise.all(Array.from({ length: Math.min(10, IP_LIMIT - ROOM_LEFT - i) }, (_, j) => signIn({ email: `gralha-${i + j}`, password: 'x' })));
    for (const r of batch) expect(r.status, r.body).toBe(400);
  }

  // 31 right passwords, three people taking turns: every one gets in.
  const statuses: number[] = [];
  for (let i = 0; i < ROOM_LEFT + 1; i++) statuses.push((await signIn(STAFF[i % STAFF.length]!)).status);
  expect(statuses).toEqual(Array(ROOM_LEFT + 1).fill(200));

  // Failures still count: the 30 left are allowed, the next one is refused in Portuguese.
  const failures: number[] = [];
  for (let i = 0; i < ROOM_LEFT; i++) failures.push((await signIn({ email: `ninguem-${i}@example.pt`, password: 'Errada-Password-1' })).status);
  expect(failures).toEqual(Array(ROOM_LEFT).fill(401));
  const refused = await signIn({ email: 'ninguem-mais@example.pt', password: 'Errada-Password-1' });
  expect(refused.status).toBe(429);
  expect(JSON.parse(refused.body).message).toMatch(/^Demasiadas tentativas/);
  // And now the office is stopped, right password or not, until the window ends.
  expect((await signIn(DEMO.admin)).status).toBe(429);
});
