/** @jest-environment node */
import { cachedPageAnswer } from '@/proxy';
/* eslint-disable @typescript-eslint/no-require-imports */
const Handler = require('../../server/cache/next-handler.cjs');

const security = () => (globalThis as unknown as Record<symbol, { placeholder: string; newNonce: () => string }>)[Symbol.for('cag.security')]!;
const text = (chunks: Uint8Array[]) => Buffer.concat(chunks).toString('utf8');
const NONCE_A = 'AAAAAAAAAAAAAAAAAAAAAAAA';
const NONCE_B = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const headers = (h: Record<string, string> = {}) => new Headers({ host: 'localhost:3000', ...h });
const params = (s = '') => new URLSearchParams(s);

describe('cached pages answered before Next (scripts/serve.mjs)', () => {
  beforeAll(async () => {
    const handler = new Handler({});
    const page = (html: string) => ({ kind: 'APP_PAGE', html, headers: { 'x-next-cache-tags': 'catalogue', 'x-nextjs-stale-time': '300' } });
    await handler.set(`/route-cache/APP_PAGE/${'b'.repeat(64)}/$/loja/produtos/salas-de-banho`, page('<h1>Salas de Banho</h1>'), { cacheControl: { revalidate: 3600, expire: 31536000 } });
    const p = security().placeholder;
    const scripts = `<script nonce="${p}">self.__next_f.push([1,"ã"])</script><script src="/a.js" nonce="${p}"></script>`;
    await handler.set(`/route-cache/APP_PAGE/${'d'.repeat(64)}/$/loja/sobre`, page(`${p}${p}<h1>Sobre</h1>${scripts.repeat(40)}${p}`), { cacheControl: { revalidate: 3600, expire: 31536000 } });
    await handler.set(`/route-cache/APP_PAGE/${'c'.repeat(64)}/$/loja`, page('<h1>Início</h1>'), { cacheControl: { revalidate: 3600, expire: 31536000 } });
  });

  it('answers a document request for a cached public page with the page and public cache headers', () => {
    const answer = cachedPageAnswer('GET', '/produtos/salas-de-banho', params('utm_source=x'), headers(), NONCE_A)!;
    expect(text(answer.body)).toBe('<h1>Salas de Banho</h1>');
    expect(answer.headers['Cache-Control']).toBe('s-maxage=3600, stale-while-revalidate=31532400');
    expect(answer.headers['Content-Type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['Vary']).toContain('Accept-Encoding');
    expect(cachedPageAnswer('GET', '/', params(), headers(), NONCE_A)).not.toBeNull();
  });

  it("puts each answer's own nonce where the page was rendered with the placeholder, plain and gzipped", () => {
    const p = security().placeholder;
    expect(p).toHaveLength(24);
    const zlib = require('node:zlib');
    const a = cachedPageAnswer('GET', '/sobre', params(), headers(), NONCE_A)!;
    const b = cachedPageAnswer('GET', '/sobre', params(), headers({ 'accept-encoding': 'gzip' }), NONCE_B)!;
    const plain = text(a.body);
    const unzipped = zlib.gunzipSync(Buffer.concat(b.body)).toString('utf8');
    expect(plain).not.toContain(p);
    expect(unzipped).not.toContain(p);
    expect(plain.startsWith(`${NONCE_A}${NONCE_A}<h1>Sobre</h1><script nonce="${NONCE_A}">self.__next_f.push([1,"ã"])</script>`)).toBe(true);
    expect(unzipped).toBe(plain.replaceAll(NONCE_A, NONCE_B));
    expect(Number(a.headers['Content-Length'])).toBe(Buffer.byteLength(plain));
    expect(Number(b.headers['Content-Length'])).toBe(Buffer.concat(b.body).byteLength);
    // Compressed once per entry, nearly as small as the page gzipped whole: a few dozen bytes per nonce.
    const whole = zlib.gzipSync(plain, { level: 6 }).byteLength;
    const nonces = plain.split(NONCE_A).length - 1;
    expect(Buffer.concat(b.body).byteLength).toBeLessThan(whole + nonces * 48);
  });

  it('gzips for clients that accept it, and sends headers only for HEAD', () => {
    const answer = cachedPageAnswer('GET', '/', params(), headers({ 'accept-encoding': 'gzip, deflate, br' }), NONCE_A)!;
    expect(answer.headers['Content-Encoding']).toBe('gzip');
    expect(require('node:zlib').gunzipSync(Buffer.concat(answer.body)).toString('utf8')).toBe('<h1>Início</h1>');
    expect(cachedPageAnswer('HEAD', '/', params(), headers(), NONCE_A)!.body).toHaveLength(0);
  });

  it('leaves to Next what must not come from the page cache', () => {
    // Next's client navigations want the RSC payload, not HTML.
    expect(cachedPageAnswer('GET', '/', params(), headers({ rsc: '1' }), NONCE_A)).toBeNull();
    expect(cachedPageAnswer('GET', '/', params('_rsc=abc'), headers(), NONCE_A)).toBeNull();
    expect(cachedPageAnswer('GET', '/', params(), headers({ 'next-router-prefetch': '1' }), NONCE_A)).toBeNull();
    // Writes, listing queries (rendered on demand), pages not in the cache, another host's flag set.
    expect(cachedPageAnswer('POST', '/', params(), headers(), NONCE_A)).toBeNull();
    expect(cachedPageAnswer('GET', '/produtos/salas-de-banho', params('view=all'), headers(), NONCE_A)).toBeNull();
    expect(cachedPageAnswer('GET', '/contacto', params(), headers(), NONCE_A)).toBeNull();
    const before = process.env.PRODUCTION_HOSTS;
    process.env.PRODUCTION_HOSTS = 'loja.example.pt';
    require('@/lib/env').resetEnvCache();
    expect(cachedPageAnswer('GET', '/', params(), headers({ host: 'loja.example.pt' }), NONCE_A)).toBeNull();
    process.env.PRODUCTION_HOSTS = before;
    require('@/lib/env').resetEnvCache();
    // Redirects and protected pages never come from here.
    expect(cachedPageAnswer('GET', '/admin', params(), headers(), NONCE_A)).toBeNull();
    expect(cachedPageAnswer('GET', '/dashboard', params(), headers(), NONCE_A)).toBeNull();
  });
});
