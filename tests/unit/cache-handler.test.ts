/** @jest-environment node */
/* eslint-disable @typescript-eslint/no-require-imports */
const Handler = require('../../server/cache/next-handler.cjs');

const freshPage = () => (globalThis as Record<symbol, (p: string) => { html: string; parts: Uint8Array[]; chunks: (nonce: string, gzip: boolean) => Uint8Array[] } | null>)[Symbol.for('cag.cache.freshPage')]!;
const expirations = () => (globalThis as Record<symbol, Map<string, number>>)[Symbol.for('cag.cache.tagExpirations')]!;

function page(html: string, tags: string) {
  return { kind: 'APP_PAGE', html, rscData: Buffer.from('rsc'), headers: { 'x-next-cache-tags': tags, 'x-nextjs-stale-time': '300' }, status: undefined, postponed: undefined, segmentData: undefined };
}

describe('the page and data cache (server/cache/next-handler.cjs)', () => {
  const handler = new Handler({});
  const key = (path: string) => `/route-cache/APP_PAGE/${'a'.repeat(64)}/$${path}`;

  it('serves what was stored until one of its tags is invalidated', async () => {
    await handler.set(key('/loja/produtos/a/b'), page('<p>Família</p>', '_N_T_/layout,catalogue,family:10-010'), { cacheControl: { revalidate: 3600, expire: 31536000 } });
    expect((await handler.get(key('/loja/produtos/a/b'), { kind: 'APP_PAGE' }))?.value.html).toBe('<p>Família</p>');
    expect(freshPage()('/loja/produtos/a/b')?.html).toBe('<p>Família</p>');
    await new Promise((r) => setTimeout(r, 2));
    await handler.revalidateTag('family:10-010');
    expect(freshPage()('/loja/produtos/a/b')).toBeNull();
    expect(await handler.get(key('/loja/produtos/a/b'), { kind: 'APP_PAGE' })).toBeNull();
  });

  it('follows invalidations written by another process into the shared map (the poller)', async () => {
    await handler.set(key('/loja'), page('<p>Início</p>', 'catalogue,navigation'), { cacheControl: { revalidate: 3600 } });
    expect(freshPage()('/loja')).not.toBeNull();
    await new Promise((r) => setTimeout(r, 2));
    expirations().set('navigation', Date.now());
    expect(freshPage()('/loja')).toBeNull();
  });

  it('keeps data entries by their request tags as well', async () => {
    await handler.set('fetch-key', { kind: 'FETCH', data: { body: '[]' }, revalidate: 60 }, { tags: ['brand:7'] });
    expect(await handler.get('fetch-key', { kind: 'FETCH', tags: ['brand:7'], softTags: [] })).not.toBeNull();
    await new Promise((r) => setTimeout(r, 2));
    await handler.revalidateTag(['brand:7']);
    expect(await handler.get('fetch-key', { kind: 'FETCH', tags: ['brand:7'], softTags: [] })).toBeNull();
  });

  it('hands a page out encoded once, gzipped on demand, and only while fresh', async () => {
    await handler.set(key('/loja/sobre'), page('<p>Sobre nós — 1967</p>', 'shop-settings'), { cacheControl: { revalidate: 3600 } });
    const hit = freshPage()('/loja/sobre')!;
    const nonce = 'n'.repeat(24);
    expect(Buffer.concat(hit.chunks(nonce, false)).toString('utf8')).toBe('<p>Sobre nós — 1967</p>');
    expect(require('node:zlib').gunzipSync(Buffer.concat(hit.chunks(nonce, true))).toString('utf8')).toBe('<p>Sobre nós — 1967</p>');
    // Encoded once per entry: the next hit hands out the same parts.
    expect(freshPage()('/loja/sobre')!.parts[0]).toBe(hit.parts[0]);
    // A page without a revalidate time, or a non-200 page, is left to Next.
    await handler.set(key('/loja/x'), { ...page('x', 'catalogue'), status: 404 }, { cacheControl: { revalidate: 3600 } });
    expect(freshPage()('/loja/x')).toBeNull();
  });
});
