/** @jest-environment node */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Pool } from 'pg';
import { resetEnvCache } from '@/lib/env';
import { GET as metricsRoute } from '@/app/api/metrics/route';
import { getDb } from '@/server/db/client';
import { enqueue, getJobs, processDueJobs, registerJobHandler } from '@/server/jobs';
import { captureLogs, logger } from '@/server/log';
import { instrumentPool } from '@/server/metrics/db';
import { createRequestObserver, routeLabel, loadRoutes } from '@/scripts/observability.mjs';
import { setupTestDatabase } from '../helpers/db';

setupTestDatabase();

const TOKEN = 'metricas-de-teste-0123456789';

function scrape(authorization?: string): Promise<Response> {
  return metricsRoute(new Request('http://localhost/api/metrics', { headers: authorization ? { authorization } : {} }));
}

function withEnv<T>(vars: Record<string, string | undefined>, run: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
  return run().finally(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetEnvCache();
  });
}

/** A build's route table, as .next/routes-manifest.json has it (a few routes of the app). */
function fakeBuild(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'obs-routes-'));
  fs.mkdirSync(path.join(root, '.next'));
  const dynamic = [
    ['/api/orders/[id]', '^/api/orders/([^/]+?)(?:/)?$'],
    ['/api/orders/[id]/pdf', '^/api/orders/([^/]+?)/pdf(?:/)?$'],
    ['/[site]', '^/([^/]+?)(?:/)?$'],
    ['/[site]/produtos', '^/([^/]+?)/produtos(?:/)?$'],
    ['/[site]/produtos/p/[productId]', '^/([^/]+?)/produtos/p/([^/]+?)(?:/)?$'],
    ['/[site]/produtos/[chapter]/[family]/[productId]', '^/([^/]+?)/produtos/([^/]+?)/([^/]+?)/([^/]+?)(?:/)?$'],
  ].map(([page, regex]) => ({ page, regex }));
  fs.writeFileSync(
    path.join(root, '.next', 'routes-manifest.json'),
    JSON.stringify({ staticRoutes: [{ page: '/api/health' }, { page: '/admin/cache-performance' }], dynamicRoutes: dynamic }),
  );
  return root;
}

describe('/metrics', () => {
  it('is off (404, JSON error) without METRICS_TOKEN', async () => {
    await withEnv({ METRICS_TOKEN: undefined }, async () => {
      const response = await scrape(`Bearer ${TOKEN}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ success: false, error: { code: 'not_found' } });
    });
  });

  it('answers 401 without the token or with a wrong one, and the metrics with it', async () => {
    await withEnv({ METRICS_TOKEN: TOKEN }, async () => {
      for (const authorization of [undefined, 'Bearer errado-0123456789abcdef', `Basic ${TOKEN}`]) {
        const refused = await scrape(authorization);
        expect(refused.status).toBe(401);
        expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer/);
        const body = await refused.json();
        expect(body).toMatchObject({ success: false, error: { code: 'unauthorized' } });
        expect(body.message).toMatch(/token das métricas/);
      }

      // A pool (node-postgres over an in-process PGlite) instrumented as openPostgres does.
      const pglite = await PGlite.create();
      const pool = new Pool(createPgConfig(pglite));
      instrumentPool(pool);
      await pool.query('SELECT 1');
      const held = await pool.connect();

      const response = await scrape(`Bearer ${TOKEN}`);
      held.release();
      await pool.end();
      await pglite.close();
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      const text = await response.text();
      for (const name of [
        'http_request_duration_seconds',
        'cache_hits_total{cache="pages"}',
        'cache_misses_total{cache="pricing"}',
        'jobs_failed_total',
        'db_query_duration_seconds_count{outcome="ok"}',
        'nodejs_eventloop_lag_seconds',
      ]) {
        expect(text).toContain(name);
      }
      expect(text).toMatch(/^db_pool_connections\{state="in_use"\} 1$/m);
      expect(text).toMatch(/^db_pool_connections\{state="waiting"\} 0$/m);
    });
  });
});

describe('request lines and route labels (scripts/serve.mjs)', () => {
  it('labels paths by their route pattern, never by an id or a slug', () => {
    const routes = loadRoutes(fakeBuild());
    expect(routeLabel('/api/orders/5f0c6f4e-3b8e-4c55-9d1e-1a2b3c4d5e6f', routes)).toBe('/api/orders/[id]');
    expect(routeLabel('/api/orders/123/pdf', routes)).toBe('/api/orders/[id]/pdf');
    expect(routeLabel('/produtos/salas-de-banho/louca-sanitaria/P100149', routes)).toBe('/produtos/[chapter]/[family]/[productId]');
    expect(routeLabel('/produtos/p/P100149', routes)).toBe('/produtos/p/[productId]');
    expect(routeLabel('/produtos', routes)).toBe('/produtos');
    expect(routeLabel('/', routes)).toBe('/');
    expect(routeLabel('/api/health', routes)).toBe('/api/health');
    expect(routeLabel('/_next/static/chunks/abc123.js', routes)).toBe('/_next/static');
    expect(routeLabel('/wp-login.php/x/y/z', routes)).toBe('other');
    // Without a build (development): the first segment only.
    expect(routeLabel('/api/orders/5f0c6f4e', null)).toBe('/api/orders/…');
  });

  it('writes one JSON line per request with method, path, route, status, duration, request id and instance', async () => {
    const observe = createRequestObserver(fakeBuild());
    const server = http.createServer((req, res) => {
      observe(req, res);
      res.statusCode = req.url?.startsWith('/api/orders') ? 404 : 200;
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const logs = captureLogs();
    try {
      const given = await fetch(`http://127.0.0.1:${port}/api/orders/42?email=ana@example.pt`, { headers: { 'x-request-id': 'pedido-de-teste-42' } });
      const made = await fetch(`http://127.0.0.1:${port}/produtos`, { headers: { 'x-request-id': 'mau id com espaços' } });
      expect(given.headers.get('x-request-id')).toBe('pedido-de-teste-42');
      expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      logs.restore();
      server.close();
    }
    const lines = logs.lines.filter((l) => l.msg === 'request');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 'info', method: 'GET', url: '/api/orders/42', route: '/api/orders/[id]', status: 404, requestId: 'pedido-de-teste-42', instance: expect.any(String) });
    expect(lines[0]!.durationMs).toEqual(expect.any(Number));
    expect(JSON.stringify(lines[0])).not.toContain('ana@example.pt');
    expect(lines[1]).toMatchObject({ url: '/produtos', route: '/produtos', status: 200 });
    expect(lines[1]!.requestId).toBe((lines[1]!.requestId as string).match(/^[0-9a-f-]{36}$/)?.[0]);
  });
});

describe('log lines', () => {
  it('carry level, time and instance, and keep personal data, tokens and prices out', () => {
    const logs = captureLogs();
    try {
      const log = logger('teste');
      log.info(
        { orderId: 'EN-2026-000123', email: 'ana.silva@example.pt', customer: { name: 'Ana Silva', address: { street: 'Rua Direita 1' } }, token: 'abc', totalCents: 12345, headers: { authorization: 'Bearer s3cr3t' } },
        'encomenda de ana.silva@example.pt paga: 123,45 €',
      );
      const failure = new Error('SMTP recusou rui@example.com (Bearer eyJhbGciOiJIUzI1NiJ9xyz) em https://x.pt/r?token=abcdef123');
      log.error({ err: failure }, 'falha');
    } finally {
      logs.restore();
    }
    const [info, error] = logs.lines;
    expect(info).toMatchObject({ level: 'info', scope: 'teste', orderId: 'EN-2026-000123', instance: expect.any(String), time: expect.any(String) });
    const text = JSON.stringify(logs.lines);
    for (const secret of ['ana.silva@example.pt', 'Ana Silva', 'Rua Direita', '"abc"', '12345', 's3cr3t', '123,45', 'rui@example.com', 'eyJhbGci', 'abcdef123']) {
      expect(text).not.toContain(secret);
    }
    expect(error).toMatchObject({ level: 'error', err: { type: 'Error', message: expect.stringContaining('[email]') } });
    expect((error!.err as { stack: string }).stack).toMatch(/observability\.test\.ts/);
  });
});

describe('job metrics', () => {
  it('count a failed job run and show the queue depth by state', async () => {
    await processDueJobs(); // loads the real handlers first, so the one below stays
    registerJobHandler('technical-sheet-pdf', async () => {
      throw new Error('render falhou');
    });
    await getJobs();
    await enqueue(await getDb(), 'technical-sheet-pdf', { sheetId: 987654 });
    const logs = captureLogs();
    let summary;
    try {
      summary = await processDueJobs();
    } finally {
      logs.restore();
    }
    expect(summary.failed).toBe(1);
    expect(logs.lines.find((l) => l.msg === 'tarefa falhou')).toMatchObject({ level: 'error', queue: 'technical-sheet-pdf', err: { message: 'render falhou' } });
    const text = await withEnv({ METRICS_TOKEN: TOKEN }, async () => (await scrape(`Bearer ${TOKEN}`)).text());
    expect(text).toMatch(/^jobs_failed_total\{queue="technical-sheet-pdf"\} 1$/m);
    expect(text).toMatch(/^jobs_queue\{queue="technical-sheet-pdf",state="retry"\} 1$/m);
    expect(text).toMatch(/^jobs_queue\{queue="order-mail",state="failed"\} 0$/m);
  });
});
