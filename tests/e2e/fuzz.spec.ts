import path from 'node:path';
import { expect, test } from '@playwright/test';
import { describeFinding, discoverCatalogue, findingsOf, generateRequests, prepareUploads, runFuzz, send, summaryOf } from '../../scripts/fuzz-support.mjs';

/**
 * Bad input never answers 5xx (issue 9): the short version of `npm run fuzz` (the same
 * generator, scripts/fuzz-support.mjs) against the e2e server, plus the cases the generic layers
 * answer themselves. Runs in its own Playwright project after every other spec
 * (playwright.config.ts), so that its traffic cannot use up another spec's rate limits.
 * About 12 % of the requests upload the hostile corpus (scripts/hostile-corpus.mjs) and mutations
 * of it to every upload route and server action, as the demo administrator or customer.
 */

const SEED = process.env.FUZZ_SEED ?? 'npm-test';
const COUNT = Number(process.env.FUZZ_REQUESTS ?? 1_000);

test('1,000 generated bad requests over every route handler and page family, hostile uploads included: no answer ≥ 500, no stack trace or SQL text', async ({ baseURL }) => {
  test.setTimeout(180_000);
  const base = baseURL!;
  const catalogue = await discoverCatalogue(base);
  expect(catalogue.products.length).toBeGreaterThan(0);
  const uploads = await prepareUploads({ base, corpusDir: path.join(__dirname, '..', 'fixtures', 'hostile'), buildDir: path.join(__dirname, '..', '..', '.next'), catalogue });
  expect(uploads.warnings).toEqual([]);
  const requests = generateRequests({ seed: SEED, count: COUNT, catalogue, uploads });
  const results = await runFuzz({ base, requests, concurrency: 8 });
  console.log(summaryOf(results));
  // At least 10 % of them upload a file.
  expect(results.filter((x) => x.request.upload).length).toBeGreaterThanOrEqual(COUNT * 0.1);
  // Every family of routes was reached.
  expect(new Set(results.map((x) => x.request.family)).size).toBeGreaterThanOrEqual(30);
  const findings = findingsOf(results).map((x) => describeFinding(base, SEED, x));
  expect(findings, findings.join('\n\n')).toEqual([]);
});

test('the generic layers: methods Next cannot take, undecodable paths or paths with a NUL, form posts without an action or from another origin', async ({ baseURL }) => {
  const base = baseURL!;
  const json = (r: { body: Buffer }) => JSON.parse(r.body.toString('utf8')) as Record<string, unknown>;

  const trace = await send(base, { method: 'TRACE', path: '/login', headers: {} });
  expect(trace.status).toBe(405);
  expect(trace.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
  expect(json(trace)).toMatchObject({ success: false, error: { code: 'method_not_allowed' } });
  expect((await send(base, { method: 'TRACE', path: '/api/campaigns/1', headers: {} })).status).toBe(405);

  for (const path of ['/api/campaigns/%zz', '/api/%E0%A4', '/media/products/%zz.png', '/documentos/catalogos/%E0%A4.pdf', '/feeds/%', '/api/campaigns/%00', '/media/produtos/a/b/%00%00']) {
    const r = await send(base, { method: 'GET', path, headers: {} });
    expect([path, r.status]).toEqual([path, 404]);
    expect(json(r)).toMatchObject({ success: false, error: { code: 'not_found', message: 'Não encontrado.' } });
  }

  for (const path of ['/campanhas/%00', '/produtos/p/a%00b', '/produtos/cozinha/x%00.png', '/produtos/a/b/c%0A', '/robots.txt%zz', '/%zz.txt']) {
    const r = await send(base, { method: 'GET', path, headers: { accept: 'text/html' } });
    expect([path, r.status]).toEqual([path, 404]);
    expect(r.body.toString('utf8')).toContain('Oops! Página não encontrada');
  }

  const form = await send(base, { method: 'POST', path: '/login', headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: 'não é multipart' });
  expect(form.status).toBe(400);
  const foreign = await send(base, { method: 'POST', path: '/login', headers: { 'next-action': '7f'.padEnd(42, 'a'), origin: 'https://evil.example', 'content-type': 'text/plain;charset=UTF-8' }, body: '[]' });
  expect(foreign.status).toBe(403);

  // A repeated search after a first one in parallel still answers (no prepared statement left behind).
  const searches = await Promise.all(['/produtos?search=esquentador', '/produtos?search=radiador', '/produtos?search=sifao'].map((path) => send(base, { method: 'GET', path, headers: {} })));
  expect(searches.map((r) => r.status)).toEqual([200, 200, 200]);
  expect((await send(base, { method: 'GET', path: '/produtos?search=caldeira%00', headers: {} })).status).toBe(200);

  const campaign = await send(base, { method: 'GET', path: `/api/campaigns/${'9'.repeat(40)}`, headers: {} });
  expect(campaign.status).toBe(404);
  expect(json(campaign)).toMatchObject({ success: false, error: { code: 'not_found' } });

  const big = await send(base, { method: 'POST', path: '/api/newsletter', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'a@example.test', honeypot: 'x'.repeat(1_100_000) }) });
  expect(big.status).toBe(413);
  const text = await send(base, { method: 'POST', path: '/api/newsletter', headers: { 'content-type': 'text/plain' }, body: '{"email":"a@example.test"}' });
  expect(text.status).toBe(415);
});
