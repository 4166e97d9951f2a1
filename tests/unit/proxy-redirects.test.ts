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

  it('answers the redirects of spec 2.2 on every host', () => {
    const res = proxy(request('http://localhost:3000/signup?ref=x'));
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBe('http://localhost:3000/access-request?ref=x');
    const admin = proxy(request('https://loja.example.pt/admin'));
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
  ])('sends %s to /produtos?coming-soon=1 on a production host (307)', (path) => {
    const res = proxy(request(`https://www.loja.example.pt${path}`));
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe('https://www.loja.example.pt/produtos?coming-soon=1');
  });

  it('lets the same routes through on a full-feature host and passes all flags on', () => {
    const res = proxy(request('http://staging.loja.example.pt/login'));
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

  it('passes the production flags on for public pages and ignores a forged flags header', () => {
    const res = proxy(
      request('https://loja.example.pt/produtos', { [FLAGS_HEADER]: '{"ENABLE_CHECKOUT":true}' }),
    );
    expect(res.status).toBe(200);
    const forwarded = JSON.parse(res.headers.get(`x-middleware-request-${FLAGS_HEADER}`) ?? 'null');
    expect(Object.values(forwarded).every((v) => v === false)).toBe(true);
  });

  it('a forged X-Forwarded-Host cannot switch the features of a production host on', () => {
    const res = proxy(
      request('https://loja.example.pt/login', { 'x-forwarded-host': 'localhost' }),
    );
    expect(res.status).toBe(307);
  });

  it('Host: localhost sent straight to the origin does not switch the features on', () => {
    const res = proxy(request('http://localhost:3000/login'));
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe('http://localhost:3000/produtos?coming-soon=1');
    const forged = proxy(request('http://localhost:3000/login', { 'x-forwarded-host': 'staging.loja.example.pt' }));
    expect(forged.status).toBe(307);
  });

  it('refuses a multipart post to a page without a Next-Action header (400, not Next\'s 500); server action posts pass', () => {
    const post = (path: string, headers: Record<string, string>) =>
      proxy(new NextRequest(`http://localhost:3000${path}`, { method: 'POST', headers: { host: 'localhost:3000', ...headers }, body: 'x' }));
    const form = post('/contacto', { 'content-type': 'multipart/form-data; boundary=x' });
    expect(form.status).toBe(400);
    expect(form.headers.get('cache-control')).toBe('private, no-store');
    expect(post('/contacto', { 'content-type': 'multipart/form-data; boundary=x', 'next-action': '7f'.padEnd(42, 'a') }).status).toBe(200);
    expect(post('/contacto', { 'content-type': 'text/plain;charset=UTF-8', 'next-action': '7f'.padEnd(42, 'a') }).status).toBe(200);
    expect(post('/contacto', { 'content-type': 'application/x-www-form-urlencoded' }).status).toBe(200);
    // Route handlers answer their own bodies.
    expect(post('/api/newsletter', { 'content-type': 'multipart/form-data; boundary=x' }).status).toBe(200);
  });

  it('refuses a server action call from another origin (403, not Next\'s 500); the same origin and no origin pass', () => {
    const action = (origin: string | null, extra: Record<string, string> = {}) =>
      proxy(
        new NextRequest('http://localhost:3000/contacto', {
          method: 'POST',
          headers: { host: 'localhost:3000', 'next-action': '7f'.padEnd(42, 'a'), 'content-type': 'text/plain;charset=UTF-8', ...(origin === null ? {} : { origin }), ...extra },
          body: '[]',
        }),
      ).status;
    expect(action('https://evil.example')).toBe(403);
    expect(action('null')).toBe(403);
    expect(action('not a url')).toBe(403);
    expect(action('http://localhost:3000')).toBe(200);
    expect(action(null)).toBe(200);
    expect(action('https://staging.loja.example.pt', { 'x-forwarded-host': 'staging.loja.example.pt' })).toBe(200);
  });

  it('lets only the admin area send server-action bodies over 3 MB (its uploads); elsewhere 413 before Next reads them', () => {
    const action = (path: string, length: number) =>
      proxy(
        new NextRequest(`http://localhost:3000${path}`, {
          method: 'POST',
          headers: { host: 'localhost:3000', origin: 'http://localhost:3000', 'next-action': '7f'.padEnd(42, 'a'), 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(length), cookie: 'cag.session_token=abc' },
          body: 'x',
        }),
      ).status;
    expect(action('/contacto', 4 * 1024 * 1024)).toBe(413);
    expect(action('/contacto', 1024 * 1024)).toBe(200);
    expect(action('/admin/ficha-tecnica/edit/3', 40 * 1024 * 1024)).toBe(200);
  });
});
