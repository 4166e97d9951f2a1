#!/usr/bin/env node
/**
 * npm run bench:cluster: does a second worker use the second core? One instance of the shop on a
 * throwaway PostgreSQL, measured twice in the same run: WEB_CONCURRENCY=1, then 2. The load is
 * what no cache can serve: a signed-in professional's dashboard and search results pages with
 * varied terms, CONCURRENCY requests in flight (a new connection each) for SECONDS seconds after
 * a warm-up. Prints requests per second, p50/p95 and the ratio (issue goal: ≥ 1.6×).
 *
 * BENCH_SECONDS (default 40, after BENCH_WARMUP_SECONDS, default 15), BENCH_CONCURRENCY (default 8),
 * BENCH_WORKERS (default "1,2"), BENCH_KEEPALIVE=1 (keep-alive connections instead of one per request).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

process.chdir(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
const { freePort, Instance, Postgres, sleep } = await import('./cluster-support.mjs');
const { spawnSync } = await import('node:child_process');

const SECONDS = Number(process.env.BENCH_SECONDS ?? 40);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const WORKER_COUNTS = (process.env.BENCH_WORKERS ?? '1,2').split(',').map(Number);
const TERMS = ['torneira', 'válvula', 'tubo', 'esquentador', 'radiador', 'bomba', 'filtro', 'joelho', 'cotovelo', 'manómetro', 'sifão', 'autoclismo', 'chuveiro', 'bateria', 'termo', 'caldeira'];

const build = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(1);

const dir = fs.mkdtempSync('/tmp/loja-bench-cluster-');
fs.chmodSync(dir, 0o755);
const pg = new Postgres(path.join(dir, 'pg'), await freePort());
pg.init();
const baseEnv = {
  ...process.env,
  NODE_ENV: 'production',
  DATABASE_URL: pg.url,
  DEMO_ACCOUNTS: '1',
  BETTER_AUTH_SECRET: 'bench-only-secret-0123456789-abcdefghijklmnop',
  IP_HASH_SALT: 'bench-only-ip-salt',
  SPARE_WORKER: '0',
  NO_BUILD: '1',
  SMTP_URL: '',
};

// A new connection per request, as many different visitors make: the workers share the port
// (node:cluster, each accepting its own connections), so a few long-lived connections would say
// more about which worker happened to accept them than about the workers.
const agent = new http.Agent({ keepAlive: process.env.BENCH_KEEPALIVE === "1", maxSockets: CONCURRENCY });
function get(url, headers) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const req = http.get(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0 }));
    });
    req.on('error', () => resolve({ status: 0, ms: performance.now() - t0 }));
  });
}

async function signIn(base) {
  const answer = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'pro@demo.casadasaguas.pt', password: 'Demo-Pro-1967!' }),
  });
  if (answer.status !== 200) throw new Error(`login: ${answer.status}`);
  return answer.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

async function load(base, cookie, seconds) {
  const until = performance.now() + seconds * 1000;
  const times = [];
  let errors = 0;
  let n = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const i = n++;
        const url = i % 2 === 0 ? `${base}/dashboard` : `${base}/produtos?search=${encodeURIComponent(TERMS[i % TERMS.length])}&page=${1 + (i % 3)}`;
        const r = await get(url, { cookie, 'accept-encoding': 'gzip' });
        if (r.status !== 200) errors++;
        times.push(r.ms);
      }
    }),
  );
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0;
  return { rps: times.length / seconds, p50: at(50), p95: at(95), errors, requests: times.length };
}

const results = [];
let instance = null;
try {
  for (const workers of WORKER_COUNTS) {
    const port = await freePort();
    instance = new Instance(`w${workers}`, port, { ...baseEnv, SITE_URL: `http://127.0.0.1:${port}`, WEB_CONCURRENCY: String(workers) }, dir);
    await instance.start();
    const cookie = await signIn(instance.url);
    // Warm-up: every worker loads its pages and fills its connection pool.
    await load(instance.url, cookie, Number(process.env.BENCH_WARMUP_SECONDS ?? 15));
    const figures = await load(instance.url, cookie, SECONDS);
    results.push({ workers, ...figures });
    console.log(
      `WEB_CONCURRENCY=${workers}: ${figures.rps.toFixed(1)} pedidos/s, p50 ${figures.p50.toFixed(0)} ms, p95 ${figures.p95.toFixed(0)} ms, ${figures.requests} pedidos, ${figures.errors} erros`,
    );
    await instance.stop();
    instance = null;
    await sleep(500);
  }
} finally {
  await instance?.stop();
  pg.stop('immediate');
  agent.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
}
if (results.length >= 2) {
  const ratio = results[results.length - 1].rps / results[0].rps;
  console.log(`\nRazão ${results[results.length - 1].workers}/${results[0].workers} trabalhadores: ${ratio.toFixed(2)}× (objetivo ≥ 1,6× com 2)`);
}
