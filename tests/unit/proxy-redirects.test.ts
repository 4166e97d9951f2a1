/** @jest-environment node */
import { NextRequest } from 'next/server';
import { resetEnvCache } from '@/lib/env';
import { FLAGS_HEADER } from '@/lib/flags';
import { resolveRedirect } from '@/lib/redirects';
import { proxy } from '@/proxy';

describe('resolveRedirect (spec 2.2)', () => {
  it.each([
    ['/signup', '/access-request', 308],
    ['/auth/access-request', '/access-request', 308],
    ['/request-access', '/access-request', 308],
    ['/register-particular', '/', 308],
    ['/favoritos', '/dashboard/favorites', 308],
    ['/admin', '/admin/dashboard', 307],
    ['/admin/', '/admin/dashboard', 307],
    ['/admin/users', '/admin/pro-accounts?tab=users', 308],
    ['/admin/users/0b7c-42', '/admin/pro-accounts/users/0b7c-42', 308],
    ['/admin/access-requests', '/admin/pro-accounts', 308],
    ['/admin/accounts', '/admin/pro-accounts', 308],
  ])('%s → %s (%i)', (from, destination, status) => {
    expect(resolveRedirect(from, '')).toEqual({ destination, status });
  });

  it('leaves every other path alone', () => {
    for (const path of [
      '/',
      '/produtos',
      '/access-request',
      '/admin/dashboard',
      '/admin/users/new',
      '/admin/users/1/edit',
      '/signup/x',
      '/Signup',
    ]) {
      expect(resolveRedirect(path, '')).toBeNull();
    }
  });

  it('keeps the query string, the target parameters winning', () => {
    expect(resolveRedirect('/signup', '?ref=email')).toEqual({
      destination: '/access-request?ref=email',
      status: 308,
    });
    expect(resolveRedirect('/admin/users', '?tab=requests&page=2')).toEqual({
      destination: '/admin/pro-accounts?tab=users&page=2',
      status: 308,
    });
  });
});

describe('proxy', () => {
  const saved = { hosts: process.env.PRODUCTION_HOSTS, full: process.env.FULL_FEATURE_HOSTS };
  beforeAll(() => {
    process.env.PRODUCTION_HOSTS = 'loja.example.pt, www.loja.example.pt';
    process.env.FULL_FEATURE_HOSTS = 'staging.loja.example.pt';
    resetEnvCache();
  });
  afterAll(() => {
    if (saved.hosts === undefined) delete process.env.PRODUCTION_HOSTS;
    else process.env.PRODUCTION_HOSTS = saved.hosts;
    if (saved.full === undefined) delete process.env.FULL_FEATURE_HOSTS;
    else process.env.FULL_FEATURE_HOSTS = saved.full;
    resetEnvCache();
  });

  const request = (url: string, headers: Record<string, string> = {}) =>
    new NextRequest(url, { headers: { host: new URL(url).host, ...headers } });

  it('answers the redirects of spec 2.2 on every host', async () => {
    const res = await proxy(request('http://localhost:3000/signup?ref=x'));
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBe('http://localhost:3000/access-request?ref=x');
    const admin = await proxy(request('https://loja.example.pt/admin'));
    expect(admin.status).toBe(307);
    expect(admin.headers.get('location')).toBe('https://loja.example.pt/admin/dashboard');
  });

  it.each([
    '/login',
    '/access-request',
    '/dashboard',
    '/dashboard/orders/7',
    '/checkout',
    '/checkout/success',
  ])('sends %s to /produtos?coming-soon=1 on a production host (307)', async (path) => {
    const res = await proxy(request(`https://www.loja.example.pt${path}`));
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe('https://www.loja.example.pt/produtos?coming-soon=1');
  });

  it('lets the same routes through on a full-feature host and passes all flags on', async () => {
    const res = await proxy(request('http://staging.loja.example.pt/login'));
    expect(res.status).toBe(200);
    const forwarded = JSON.parse(res.headers.get(`x-middleware-request-${FLAGS_HEADER}`) ?? 'null');
    expect(forwarded).toEqual({
      ENABLE_USER_REGISTRATION: true,
      ENABLE_DASHBOARD: true,
      ENABLE_CHECKOUT: true,
      ENABLE_FAVORITES: true,
      ENABLE_USER_PROFILES: true,
    });
  });

  it('passes the production flags on for public pages and ignores a forged flags header', async () => {
    const res = await proxy(
      request('https://loja.example.pt/produtos', { [FLAGS_HEADER]: '{"ENABLE_CHECKOUT":true}' }),
    );
    expect(res.status).toBe(200);
    const forwarded = JSON.parse(res.headers.get(`x-middleware-request-${FLAGS_HEADER}`) ?? 'null');
    expect(Object.values(forwarded).every((v) => v === false)).toBe(true);
  });

  it('a forged X-Forwarded-Host cannot switch the features of a production host on', async () => {
    const res = await proxy(
      request('https://loja.example.pt/login', { 'x-forwarded-host': 'localhost' }),
    );
    expect(res.status).toBe(307);
  });

  it('Host: localhost sent straight to the origin does not switch the features on', async () => {
    const res = await proxy(request('http://localhost:3000/login'));
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe('http://localhost:3000/produtos?coming-soon=1');
    const forged = await proxy(request('http://localhost:3000/login', { 'x-forwarded-host': 'staging.loja.example.pt' }));
    expect(forged.status).toBe(307);
  });

  /** A multipart body as React sends a server action's FormData argument: `0` the JSON root, `_1_…` the fields. */
  const BOUNDARY = '----formdata-test';
  const actionForm = (parts: { name: string; value: string; filename?: string }[] = [{ name: '0', value: '["$K1"]' }, { name: '_1_file', value: 'abc', filename: 'a.csv' }], end = true) =>
    parts.map((p) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"\r\nContent-Type: text/csv` : ''}\r\n\r\n${p.value}\r\n`).join('') + (end ? `--${BOUNDARY}--\r\n` : '');
  const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
  const ACTION_ID = '7f'.padEnd(42, 'a');

  it('refuses a multipart post to a page without a Next-Action header (400, not Next\'s 500); server action posts pass', async () => {
    const post = async (path: string, headers: Record<string, string>, body: string = actionForm()) =>
      proxy(new NextRequest(`http://localhost:3000${path}`, { method: 'POST', headers: { host: 'localhost:3000', ...headers }, body }));
    const form = await post('/contacto', { 'content-type': MULTIPART });
    expect(form.status).toBe(400);
    expect(form.headers.get('cache-control')).toBe('private, no-store');
    expect((await post('/contacto', { 'content-type': MULTIPART, 'next-action': ACTION_ID })).status).toBe(200);
    expect((await post('/contacto', { 'content-type': 'text/plain;charset=UTF-8', 'next-action': ACTION_ID }, '[]')).status).toBe(200);
    expect((await post('/contacto', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=1')).status).toBe(200);
    // Route handlers answer their own bodies.
    expect((await post('/api/newsletter', { 'content-type': 'multipart/form-data; boundary=x' }, 'x')).status).toBe(200);
  });

  it('refuses a server action body Next could not decode (400, not Next\'s 500): framing, part headers, a root that is not JSON', async () => {
    const action = async (body: string, type = MULTIPART) =>
      (await proxy(new NextRequest('http://localhost:3000/contacto', { method: 'POST', headers: { host: 'localhost:3000', origin: 'http://localhost:3000', 'next-action': ACTION_ID, 'content-type': type }, body }))).status;
    expect(await action(actionForm())).toBe(200);
    expect(await action(actionForm(), 'multipart/form-data')).toBe(400); // no boundary
    expect(await action(actionForm(undefined, false))).toBe(400); // the form never ends
    expect(await action(actionForm([{ name: '0', value: '["$K1"]' }, { name: '_1_file', value: 'x', filename: 'a\u0000b.csv' }]))).not.toBe(500);
    expect(await action(`--${BOUNDARY}\r\nContent-Disposition form-data\r\n\r\nx\r\n--${BOUNDARY}--\r\n`)).toBe(400); // malformed part header
    expect(await action(actionForm([{ name: '0', value: 'not json' }]))).toBe(400);
    expect(await action(actionForm([{ name: '_1_file', value: 'x', filename: 'a.csv' }]))).toBe(400); // no root
    expect(await action('not json', 'text/plain;charset=UTF-8')).toBe(400);
    expect(await action('["$undefined"]', 'text/plain;charset=UTF-8')).toBe(200);
  });

  it('refuses a server action call from another origin (403, not Next\'s 500); the same origin and no origin pass', async () => {
    const action = async (origin: string | null, extra: Record<string, string> = {}) =>
      (
        await proxy(
          new NextRequest('http://localhost:3000/contacto', {
            method: 'POST',
            headers: { host: 'localhost:3000', 'next-action': ACTION_ID, 'content-type': 'text/plain;charset=UTF-8', ...(origin === null ? {} : { origin }), ...extra },
            body: '[]',
          }),
        )
      ).status;
    expect(await action('https://evil.example')).toBe(403);
    expect(await action('null')).toBe(403);
    expect(await action('not a url')).toBe(403);
    expect(await action('http://localhost:3000')).toBe(200);
    expect(await action(null)).toBe(200);
    expect(await action('https://staging.loja.example.pt', { 'x-forwarded-host': 'staging.loja.example.pt' })).toBe(200);
  });

  it('lets only the admin area send server-action bodies over 3 MB (its uploads); elsewhere 413 before Next reads them', async () => {
    const action = async (path: string, length: number) =>
      (
        await proxy(
          new NextRequest(`http://localhost:3000${path}`, {
            method: 'POST',
            headers: { host: 'localhost:3000', origin: 'http://localhost:3000', 'next-action': ACTION_ID, 'content-type': MULTIPART, 'content-length': String(length), cookie: 'cag.session_token=abc' },
            body: actionForm(),
          }),
        )
      ).status;
    expect(await action('/contacto', 4 * 1024 * 1024)).toBe(413);
    expect(await action('/contacto', 1024 * 1024)).toBe(200);
    expect(await action('/admin/ficha-tecnica/edit/3', 40 * 1024 * 1024)).toBe(200);
  });
});
