#!/usr/bin/env node
/**
 * npm run bench:lighthouse — Lighthouse (mobile) in Debian's Chromium against `next start` with
 * the demo catalogue: performance, accessibility, best practices and SEO for home, a listing and
 * a product page. Prints the figures; no pass/fail. Builds first when needed (scripts/start.mjs).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 3320);
const base = `http://localhost:${port}`;
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lighthouse-'));
const lighthouseBin = path.join(root, 'node_modules', '.bin', 'lighthouse');

if (!fs.existsSync(lighthouseBin)) {
  console.error('lighthouse não está instalado (npm install).');
  process.exit(1);
}

// Measured as the production host: robots.txt allows crawling there (SEO audit is-crawlable).
const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, PRODUCTION_HOSTS: 'localhost', SITE_URL: base };
delete env.DATABASE_URL;
const server = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], { env, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
server.stdout.on('data', () => undefined);

function stop() {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    /* already gone */
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.on('exit', stop);
process.on('SIGINT', () => process.exit(130));

async function waitForServer() {
  for (let i = 0; i < 600; i++) {
    try {
      const r = await fetch(`${base}/api/health`);
      if (r.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('o servidor não arrancou');
}

await waitForServer();
const listing = await (await fetch(`${base}/api/products/by-chapter?chapter=10&limit=1`)).json();
const product = listing.data?.[0]?.url ?? '/produtos';
const pages = [
  ['home', '/'],
  ['listing', '/produtos/salas-de-banho/louca-sanitaria'],
  ['product', product],
];

// Warm up each page once (first render compiles nothing with next start, but fills caches).
for (const [, p] of pages) await fetch(`${base}${p}`);

console.log(`Lighthouse (mobile, ${chrome})`);
console.log(`${'página'.padEnd(10)} ${'performance'.padStart(12)} ${'acessibilidade'.padStart(15)} ${'boas práticas'.padStart(14)} ${'SEO'.padStart(5)}`);
for (const [name, p] of pages) {
  const out = path.join(dataDir, `${name}.json`);
  const run = spawnSync(
    lighthouseBin,
    [
      `${base}${p}`,
      '--quiet',
      '--output=json',
      `--output-path=${out}`,
      '--only-categories=performance,accessibility,best-practices,seo',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync',
    ],
    { env: { ...process.env, CHROME_PATH: chrome }, encoding: 'utf8', timeout: 180_000 },
  );
  if (run.status !== 0 || !fs.existsSync(out)) {
    console.log(`${name.padEnd(10)} falhou: ${(run.stderr || '').split('\n').slice(-3).join(' ')}`);
    continue;
  }
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  const score = (k) => String(Math.round((report.categories[k]?.score ?? 0) * 100)).padStart(k === 'seo' ? 5 : k === 'accessibility' ? 15 : k === 'best-practices' ? 14 : 12);
  console.log(`${name.padEnd(10)} ${score('performance')} ${score('accessibility')} ${score('best-practices')} ${score('seo')}   ${p}`);
  const failing = Object.values(report.audits)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
    .slice(0, 6)
    .map((a) => a.id);
  const metric = (id) => report.audits[id]?.displayValue ?? '—';
  console.log(
    `           FCP ${metric('first-contentful-paint')} · LCP ${metric('largest-contentful-paint')} · TBT ${metric('total-blocking-time')} · CLS ${metric('cumulative-layout-shift')} · SI ${metric('speed-index')}`,
  );
  if (failing.length) console.log(`           a melhorar: ${failing.join(', ')}`);
  if (process.env.LIGHTHOUSE_KEEP) {
    fs.mkdirSync(process.env.LIGHTHOUSE_KEEP, { recursive: true });
    fs.copyFileSync(out, path.join(process.env.LIGHTHOUSE_KEEP, `${name}.json`));
  }
}
process.exit(0);
