#!/usr/bin/env node
/**
 * npm run bench:lighthouse — Lighthouse (mobile) in Debian's Chromium against `npm start`
 * (scripts/start.mjs: builds when needed) with the demo catalogue in a fresh temporary data
 * folder: performance, accessibility, best practices and SEO of home, a family listing and a
 * product page (the same pages as bench:pages: the first listing linked from the home page and
 * its first product). BENCH_RUNS (3) runs per page, the pages taken in turn each round; prints
 * every run and the median table. No pass/fail. BENCH_SW=both measures each page a second time
 * with /sw.js blocked (the offline shell's cost on a first visit).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumPath, discoverPages, getRaw, median, root, runBench, startApp } from './bench-support.mjs';

const port = Number(process.env.BENCH_PORT ?? 3320);
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const chrome = chromiumPath();
const lighthouseBin = path.join(root, 'node_modules', '.bin', 'lighthouse');
const CATEGORIES = [
  ['performance', 'performance'],
  ['accessibility', 'acessibilidade'],
  ['best-practices', 'boas práticas'],
  ['seo', 'SEO'],
];
const METRICS = [
  ['first-contentful-paint', 'FCP', (v) => `${(v / 1000).toFixed(1)} s`],
  ['largest-contentful-paint', 'LCP', (v) => `${(v / 1000).toFixed(1)} s`],
  ['total-blocking-time', 'TBT', (v) => `${Math.round(v)} ms`],
  ['cumulative-layout-shift', 'CLS', (v) => v.toFixed(3)],
  ['speed-index', 'SI', (v) => `${(v / 1000).toFixed(1)} s`],
];

if (!fs.existsSync(lighthouseBin)) {
  console.error('lighthouse não está instalado (npm install).');
  process.exit(1);
}
/**
 * One Lighthouse run. Asynchronous on purpose: the app's log comes through a pipe this process
 * reads; a synchronous wait would leave it unread, the pipe would fill, and the server would block
 * on its next log line in the middle of the run.
 */
async function lighthouse(url, out, extraArgs = []) {
  const run = await new Promise((resolve) => {
    const child = spawn(
      lighthouseBin,
      [
        url,
        ...extraArgs,
        '--quiet',
        '--output=json',
        `--output-path=${out}`,
        '--only-categories=performance,accessibility,best-practices,seo',
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync',
      ],
      { env: { ...process.env, CHROME_PATH: chrome }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stderr });
    });
  });
  if (run.status !== 0 || !fs.existsSync(out)) return { error: (run.stderr || 'sem saída').split('\n').slice(-3).join(' ') };
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  const scores = Object.fromEntries(CATEGORIES.map(([k]) => [k, Math.round((report.categories[k]?.score ?? NaN) * 100)]));
  const metrics = Object.fromEntries(METRICS.map(([id]) => [id, report.audits[id]?.numericValue ?? NaN]));
  const failing = Object.values(report.audits)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
    .map((a) => a.id);
  return { scores, metrics, failing };
}

const pad = (v, n) => String(Number.isFinite(v) ? v : '—').padStart(n);
const header = `${'página'.padEnd(15)}${CATEGORIES.map(([, label]) => label.padStart(label.length + 2)).join('')}`;
const scoreRow = (name, scores, tail = '') =>
  `${name.padEnd(15)}${CATEGORIES.map(([k, label]) => pad(scores[k], label.length + 2)).join('')}${tail}`;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lighthouse-'));
  const base = `http://localhost:${port}`;
  let app;
  try {
    // Measured as the production host: robots.txt allows crawling there (SEO audit is-crawlable).
    app = await startApp({ port, dataDir, env: { PRODUCTION_HOSTS: 'localhost', SITE_URL: base, BETTER_AUTH_SECRET: 'bench-only-secret-0123456789-abcdefghijkl', IP_HASH_SALT: 'bench-only-ip-salt' }, label: 'Next' });
    const pages = await discoverPages(app.base);
    // Warm up each page once (next start compiles nothing, but fills caches).
    for (const [, p] of pages) await getRaw(`${base}${p}`);

    console.log(`\nLighthouse (mobile, ${chrome}), ${runs} corridas por página, páginas alternadas em cada volta`);
    // BENCH_SW=both: each page also with /sw.js blocked, in the same rounds: what the offline
    // shell's worker and its registration cost a first visit.
    const variants = process.env.BENCH_SW === 'both' ? [['', []], ['-sem-sw', ['--blocked-url-patterns=*/sw.js']]] : [['', []]];
    const measured = pages.flatMap(([name, p]) => variants.map(([suffix, args]) => [`${name}${suffix}`, p, args]));
    const results = new Map(measured.map(([name]) => [name, []]));
    for (let round = 1; round <= runs; round++) {
      for (const [name, p, args] of measured) {
        const out = path.join(dataDir, `${name}-${round}.json`);
        const r = await lighthouse(`${base}${p}`, out, args);
        if (r.error) {
          console.log(`${name.padEnd(15)} corrida ${round} falhou: ${r.error}`);
          continue;
        }
        results.get(name).push(r);
        const m = METRICS.map(([id, label, f]) => `${label} ${Number.isFinite(r.metrics[id]) ? f(r.metrics[id]) : '—'}`).join(' · ');
        console.log(`${scoreRow(name, r.scores)}   corrida ${round}: ${m}`);
        if (process.env.LIGHTHOUSE_KEEP) {
          fs.mkdirSync(process.env.LIGHTHOUSE_KEEP, { recursive: true });
          fs.copyFileSync(out, path.join(process.env.LIGHTHOUSE_KEEP, `${name}-${round}.json`));
        }
      }
    }

    console.log(`\nMediana de ${runs} corridas`);
    console.log(header);
    for (const [name, p] of measured) {
      const list = results.get(name);
      if (!list.length) {
        console.log(`${name.padEnd(15)} sem resultados`);
        continue;
      }
      const scores = Object.fromEntries(CATEGORIES.map(([k]) => [k, median(list.map((r) => r.scores[k]))]));
      console.log(scoreRow(name, scores, `   ${p}${list.length < runs ? ` (${list.length} corridas)` : ''}`));
      const metrics = METRICS.map(([id, label, f]) => {
        const v = median(list.map((r) => r.metrics[id]));
        return `${label} ${Number.isFinite(v) ? f(v) : '—'}`;
      }).join(' · ');
      console.log(`               ${metrics}`);
      const failing = [...new Set(list.flatMap((r) => r.failing))];
      if (failing.length) console.log(`               a melhorar (em alguma corrida): ${failing.slice(0, 8).join(', ')}`);
    }
    console.log('(alvos: performance ≥ 95, acessibilidade ≥ 98, SEO 100; medianas de pontuações inteiras.)');
  } finally {
    await app?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

runBench(main);
