import { expect, test } from '@playwright/test';

/**
 * Bad input never answers 5xx (issue 9): numbers past the integer columns, bad percent-encoding,
 * against the built app behind scripts/serve.mjs (what `npm start` runs). Pages answer the 404
 * page or explain themselves; the API, media and documents answer the JSON 404.
 */
test('the issue’s four URLs and their siblings never answer 5xx', async ({ request }) => {
  const pages: [string, number][] = [
    ['/produtos?brand=99999999999', 200], // an unknown brand: the listing explains itself
    ['/produtos/99999999999', 404],
    ['/produtos/p/%E0%A4', 404],
    ['/produtos/p/99999999999', 404],
    ['/produtos/10/99999999999', 404],
    ['/campanhas/99999999999', 404],
    ['/%E0%A4.txt', 404], // not a route handler's path: the 404 page
  ];
  for (const [url, status] of pages) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(status);
    expect(response.headers()['content-type'], url).toContain('text/html');
  }
  const api = [
    '/media/chapters/99999999999.png',
    '/media/chapters/%E0%A4.png',
    '/media/%E0%A4/x.png',
    '/media/avatars/%E0%A4.webp',
    '/documentos/catalogos/%E0%A4.pdf',
    '/api/campaigns/%E0%A4',
    '/api/campaigns/99999999999',
    '/api/products/search?q=torneira&brand=99999999999',
  ];
  for (const url of api) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(404);
    expect(await response.json(), url).toMatchObject({ success: false, error: { code: 'not_found' } });
  }
});

test('a 45-word search page answers quickly and the page after an API search still renders', async ({ request }) => {
  const words = Array.from({ length: 45 }, (_, i) => `zq${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`);
  const q = encodeURIComponent(words.join(' ').slice(0, 197));
  const api = await request.get(`/api/products/search?q=${q}&limit=10`);
  expect([200, 400]).toContain(api.status());
  const page = await request.get(`/produtos?search=${q}`);
  expect(page.status()).toBe(200);
  const torneira = await request.get(`/produtos?search=${encodeURIComponent('torneira lavatório')}`);
  expect(torneira.status()).toBe(200);
});

test('media widths snap to the rendered steps and come back from the cache', async ({ request }) => {
  const odd = await request.get('/media/chapters/20.webp?w=500&q=75');
  expect(odd.status()).toBe(200);
  const step = await request.get('/media/chapters/20.webp?w=640&q=75');
  expect(step.headers()['etag']).toBe(odd.headers()['etag']);
  expect(step.headers()['x-cache']).toMatch(/^HIT-/);
  const notModified = await request.get('/media/chapters/20.webp?w=640&q=75', { headers: { 'If-None-Match': odd.headers()['etag']! } });
  expect(notModified.status()).toBe(304);
});
