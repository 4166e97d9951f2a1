/** @jest-environment node */
import { cachedPageAnswer } from '@/proxy';
/* eslint-disable @typescript-eslint/no-require-imports */
const Handler = require('../../server/cache/next-handler.cjs');

const headers = (h: Record<string, string> = {}) => new Headers({ host: 'localhost:3000', ...h });
const params = (s = '') => new URLSearchParams(s);

describe('cached pages answered before Next (scripts/serve.mjs)', () => {
  beforeAll(async () => {
    const handler = new Handler({});
    const page = (html: string) => ({ kind: 'APP_PAGE', html, headers: { 'x-next-cache-tags': 'catalogue', 'x-nextjs-stale-time': '300' } });
    await handler.set(`/route-cache/APP_PAGE/${'b'.repeat(64)}/$/loja/produtos/salas-de-banho`, page('<h1>Salas de Banho</h1>'), { cacheControl: { revalidate: 3600, expire: 31536000 } });
    await handler.set(`/route-cache/APP_PAGE/${'c'.repeat(64)}/$/loja`, page('<h1>Início</h1>'), { cacheControl: { revalidate: 3600, expire: 31536000 } });
  });

  it('answers a document request for a cached public page with the page and public cache headers', () => {
    const answer = cachedPageAnswer('GET', '/produtos/salas-de-banho', params('utm_source=x'), headers())!;
    expect(Buffer.from(answer.body).toString('utf8')).toBe('<h1>Salas de Banho</h1>');
    expect(answer.headers['Cache-Control']).toBe('s-maxage=3600, stale-while-revalidate=31532400');
    expect(answer.headers['Content-Type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['Vary']).toContain('Accept-Encoding');
    expect(cachedPageAnswer('GET', '/', params(), headers())).not.toBeNull();
  });

  it('gzips for clients that accept it, and sends headers only for HEAD', () => {
    const answer = cachedPageAnswer('GET', '/', params(), headers({ 'accept-encoding': 'gzip, deflate, br' }))!;
    expect(answer.headers['Content-Encoding']).toBe('gzip');
    expect(require('node:zlib').gunzipSync(answer.body).toString('utf8')).toBe('<h1>Início</h1>');
    expect(cachedPageAnswer('HEAD', '/', params(), headers())!.body.byteLength).toBe(0);
  });

  it('leaves to Next what must not come from the page cache', () => {
    // Next's client navigations want the RSC payload, not HTML.
    expect(cachedPageAnswer('GET', '/', params(), headers({ rsc: '1' }))).toBeNull();
    expect(cachedPageAnswer('GET', '/', params('_rsc=abc'), headers())).toBeNull();
    expect(cachedPageAnswer('GET', '/', params(), headers({ 'next-router-prefetch': '1' }))).toBeNull();
    // Writes, listing queries (rendered on demand), pages not in the cache, another host's flag set.
    expect(cachedPageAnswer('POST', '/', params(), headers())).toBeNull();
    expect(cachedPageAnswer('GET', '/produtos/salas-de-banho', params('view=all'), headers())).toBeNull();
    expect(cachedPageAnswer('GET', '/sobre', params(), headers())).toBeNull();
    const before = process.env.PRODUCTION_HOSTS;
    process.env.PRODUCTION_HOSTS = 'loja.example.pt';
    require('@/lib/env').resetEnvCache();
    expect(cachedPageAnswer('GET', '/', params(), headers({ host: 'loja.example.pt' }))).toBeNull();
    process.env.PRODUCTION_HOSTS = before;
    require('@/lib/env').resetEnvCache();
    // Redirects and protected pages never come from here.
    expect(cachedPageAnswer('GET', '/admin', params(), headers())).toBeNull();
    expect(cachedPageAnswer('GET', '/dashboard', params(), headers())).toBeNull();
  });
});
