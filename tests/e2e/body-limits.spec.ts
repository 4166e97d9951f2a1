import crypto from 'node:crypto';
import http from 'node:http';
import { expect, test } from '@playwright/test';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { DEMO, type DemoRole } from './support/accounts';

/**
 * Request bodies are limited by the bytes that actually arrive (scripts/serve.mjs, in front of
 * Next; scripts/body-limits.mjs): 3 MB for every server action — an admin path included — and every
 * route handler (each also keeps its own limit, server/api/route.ts), unless a signed-in staff
 * session sends an admin-area action (52 MB) or calls an /api/admin route (66 MB). A body sent
 * without Content-Length (chunked) is cut as soon as it passes the limit: the 413 arrives while the
 * client is still sending, and the rest is never read.
 */

const MB = 1024 * 1024;
const ACTION_ID = '7f'.repeat(21); // any id: the limit is applied before Next looks the action up

interface Sent {
  status: number;
  contentType: string;
  body: string;
  /** Bytes of the body written when the answer came (all of them when it came after the end). */
  written: number;
  complete: boolean;
}

/**
 * POSTs `total` bytes to `path`, chunked (no Content-Length) unless `declare`, in 64 kB pieces at
 * about 25 MB/s, and stops writing as soon as the answer's headers arrive. With `holdAfter`, it
 * sends that many bytes and then holds the rest back until an answer comes (at most 15 s): an
 * answer then proves the server answered without the whole body (`complete` false), whatever the
 * socket buffers and the machine's load.
 */
function post(
  base: string,
  path: string,
  total: number,
  { headers = {}, declare = false, holdAfter }: { headers?: Record<string, string>; declare?: boolean; holdAfter?: number } = {},
): Promise<Sent> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    let written = 0;
    let answered = false;
    const request = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', agent: false, headers: { ...headers, ...(declare ? { 'content-length': String(total) } : {}) } },
      (response) => {
        answered = true;
        const complete = written >= total;
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, contentType: String(response.headers['content-type'] ?? ''), body: Buffer.concat(chunks).toString('utf8'), written, complete }),
        );
        response.on('error', reject);
      },
    );
    // The server may close the connection once it has answered: the answer is what counts.
    request.on('error', (err) => {
      if (!answered) reject(err);
    });
    const piece = Buffer.alloc(64 * 1024, 'a');
    const pump = async () => {
      request.flushHeaders(); // the headers go out even when nothing of the body is sent yet
      while (written < total && !answered && !request.destroyed) {
        if (holdAfter !== undefined && written >= holdAfter) {
          const waitUntil = Date.now() + 15_000;
          while (!answered && Date.now() < waitUntil) await new Promise((r) => setTimeout(r, 20));
          if (answered) break;
        }
        const part = piece.subarray(0, Math.min(piece.length, total - written));
        written += part.length;
        if (!request.write(part)) await new Promise((r) => request.once('drain', r));
        if (written % (8 * piece.length) === 0) await new Promise((r) => setTimeout(r, 20));
      }
      if (!answered && !request.destroyed) request.end();
    };
    pump().catch(reject);
  });
}

async function sessionCookie(base: string, who: DemoRole): Promise<string> {
  const answer = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(DEMO[who]),
  });
  expect(answer.status, `login ${who}`).toBe(200);
  return answer.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const action = (base: string, cookie?: string) => ({
  'next-action': ACTION_ID,
  origin: base,
  'content-type': 'text/plain;charset=UTF-8',
  ...(cookie ? { cookie } : {}),
});

test('a chunked 4 MB body to a public page’s server action: 413 at 3 MB, while the client is still sending', async ({ baseURL }) => {
  const base = baseURL!;
  const sent = await post(base, '/', 4 * MB, { headers: action(base), holdAfter: 3 * MB + 128 * 1024 });
  expect(sent.status).toBe(413);
  expect(sent.contentType).toContain('text/plain');
  expect(sent.body).toBe('Pedido demasiado grande (máximo 3 MB).');
  expect(sent.complete, `answered after ${sent.written} bytes`).toBe(false);
  expect(sent.written).toBeGreaterThan(3 * MB);
  // Declared, it is refused before a byte of the body is read.
  const declared = await post(base, '/produtos', 4 * MB, { headers: action(base), declare: true, holdAfter: 0 });
  expect(declared.status).toBe(413);
  expect(declared.complete).toBe(false);
  // The server is fine afterwards.
  expect((await fetch(`${base}/api/health`)).status).toBe(200);
});

test('4 MB to an admin-area action: 413 without a session and with a customer’s, not with staff’s (up to 52 MB)', async ({ baseURL }) => {
  test.setTimeout(90_000);
  const base = baseURL!;
  const adminPath = '/admin/supplier-catalogues';
  for (const declare of [false, true]) {
    const anonymous = await post(base, adminPath, 4 * MB, { headers: action(base), declare, holdAfter: declare ? 0 : 3 * MB + 128 * 1024 });
    expect([declare, anonymous.status, anonymous.body]).toEqual([declare, 413, 'Pedido demasiado grande (máximo 3 MB).']);
    expect(anonymous.complete).toBe(false);
  }
  const customer = await post(base, adminPath, 4 * MB, { headers: action(base, await sessionCookie(base, 'pro')), declare: true });
  expect(customer.status).toBe(413);

  const staff = await sessionCookie(base, 'editor');
  for (const declare of [false, true]) {
    const passed = await post(base, adminPath, 10 * MB, { headers: action(base, staff), declare });
    // Past the guard Next answers the (unknown) action itself: anything but the guard's 413.
    expect([declare, passed.status]).not.toEqual([declare, 413]);
    expect(passed.body).not.toContain('Pedido demasiado grande');
  }
  // Past 52 MB even staff's action is cut.
  const over = await post(base, adminPath, 53 * MB, { headers: action(base, staff), holdAfter: 52 * MB + 128 * 1024 });
  expect(over.status).toBe(413);
  expect(over.body).toBe('Pedido demasiado grande (máximo 52 MB).');
  expect(over.complete).toBe(false);
});

test('route handlers: 3 MB in front of them, a route’s own lower limit counted on chunked bodies, 66 MB for staff under /api/admin', async ({ baseURL }) => {
  test.setTimeout(90_000);
  const base = baseURL!;
  const json = { 'content-type': 'application/json', origin: base };
  // POST /api/cart keeps the default 1 MB (server/api/route.ts withinLimit counts a chunked body).
  const cart = await post(base, '/api/cart', 2 * MB, { headers: json });
  expect(cart.status).toBe(413);
  expect(JSON.parse(cart.body)).toMatchObject({ success: false, error: { code: 'payload_too_large', message: 'O pedido é demasiado grande (máximo 1 MB).' } });
  // /api/health takes no POST (Next would answer 405): past 3 MB the server answers first.
  const health = await post(base, '/api/health', 4 * MB, { headers: json, declare: true, holdAfter: 0 });
  expect(health.status).toBe(413);
  expect(JSON.parse(health.body)).toMatchObject({ success: false, error: { code: 'payload_too_large', message: 'O pedido é demasiado grande (máximo 3 MB).' } });
  expect(health.complete).toBe(false);
  expect((await post(base, '/api/health', 1024, { headers: json, declare: true })).status).toBe(405);
  // An /api/admin route: 3 MB without a staff session (whatever the route would say), 66 MB with one.
  const anonymous = await post(base, '/api/admin/supplier-catalogues', 4 * MB, { headers: json, holdAfter: 3 * MB + 128 * 1024 });
  expect(anonymous.status).toBe(413);
  expect(anonymous.complete).toBe(false);
  const staff = await sessionCookie(base, 'editor');
  const over = await post(base, '/api/admin/supplier-catalogues', 67 * MB, { headers: { ...json, cookie: staff }, declare: true, holdAfter: 0 });
  expect(JSON.parse(over.body)).toMatchObject({ success: false, error: { code: 'payload_too_large', message: 'O pedido é demasiado grande (máximo 66 MB).' } });
  expect(over.complete).toBe(false);

  // A real 15 MB PDF from staff reaches the route whole (through proxy.ts too: Next's default would
  // have passed on only its first 10 MB, next.config.ts proxyClientMaxBodySize), and is published.
  const side = 2300; // 2300² RGB noise, stored: about 15 MB
  const png = await sharp(crypto.randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
  const pdf = await new Promise<Buffer>((resolve) => {
    const doc = new PDFDocument({ size: 'A4' });
    const parts: Buffer[] = [];
    doc.on('data', (c: Buffer) => parts.push(c));
    doc.on('end', () => resolve(Buffer.concat(parts)));
    doc.image(png, 0, 0, { width: 595 });
    doc.end();
  });
  expect(pdf.length).toBeGreaterThan(12 * MB);
  const form = new FormData();
  for (const [name, value] of Object.entries({ title: 'Catálogo grande (teste de limites)', brandId: '1', year: '2026', source: 'upload', active: 'false' })) form.set(name, value);
  form.set('pdf', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'grande.pdf');
  const created = await fetch(`${base}/api/admin/supplier-catalogues`, { method: 'POST', headers: { cookie: staff, origin: base }, body: form });
  const answer = (await created.json()) as { data?: { id: number; version: number }; message?: string };
  expect(created.status, answer.message).toBe(201);
  const removed = await fetch(`${base}/api/admin/supplier-catalogues/${answer.data!.id}?version=${answer.data!.version}`, { method: 'DELETE', headers: { cookie: staff, origin: base } });
  expect(removed.status).toBe(200);
});
