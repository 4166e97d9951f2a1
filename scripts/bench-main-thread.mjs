#!/usr/bin/env node
/**
 * npm run bench:main-thread — what a first visit costs the browser's main thread, page by page,
 * against a blank Next page built from the same node_modules. Lighthouse's TBT on this 2-core
 * machine moves by ±200 ms between two runs of the same page (its simulation multiplies the
 * observed task lengths by 4, and the observed lengths follow whatever else the machine does);
 * CPU time of the renderer's main thread (trace events' thread time) moves far less, so this is
 * the figure to compare two versions of a page with.
 *
 * For each page: BENCH_RUNS (7) fresh visits (new browser context: empty HTTP cache, no service
 * worker, a 412×823 phone viewport, no throttling) traced until 2.5 s after `load`; printed are
 * the medians of the main thread's CPU time, of the "blocking excess" (Σ over tasks of the part
 * above 12.5 ms — Lighthouse's 50 ms at its 4× CPU slowdown, so ×4 ≈ the TBT it would simulate),
 * and of the longest task, then the longest tasks of the median visit with what they did.
 * Debian's Chromium (CHROME_PATH). No pass/fail.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumPath, discoverPages, median, runBench, startApp, withBlankNextPage } from './bench-support.mjs';

const port = Number(process.env.BENCH_PORT ?? 3333);
const blankPort = Number(process.env.BENCH_BLANK_PORT ?? 3334);
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 7));
const chrome = chromiumPath();
const TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
const KINDS = ['EvaluateScript', 'v8.evaluateModule', 'FunctionCall', 'RunMicrotasks', 'ParseHTML', 'UpdateLayoutTree', 'Layout', 'Paint', 'MajorGC', 'MinorGC'];

/** One traced visit: the renderer's main thread is the thread that parsed the HTML. */
async function visit(browser, url) {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 412, height: 823 }, isMobile: true });
  try {
    const page = await context.newPage();
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'] });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(2500);
    const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
    const counts = new Map();
    for (const e of events) if (e.name === 'ParseHTML' || e.name === 'FunctionCall') counts.set(`${e.pid}:${e.tid}`, (counts.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
    const mainKey = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
    const mine = events.filter((e) => `${e.pid}:${e.tid}` === mainKey && e.ph === 'X');
    const tasks = mine.filter((e) => TASKS.has(e.name)).map((e) => ({ ...e, ms: (e.tdur ?? 0) / 1000 }));
    const start = Math.min(...mine.map((e) => e.ts));
    const cpu = tasks.reduce((t, e) => t + e.ms, 0);
    const excess = tasks.reduce((t, e) => t + Math.max(0, e.ms - 12.5), 0);
    const longest = [...tasks].sort((a, b) => b.ms - a.ms).slice(0, 3).map((task) => {
      const inside = mine.filter((e) => KINDS.includes(e.name) && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur);
      const by = {};
      for (const e of inside) by[e.name] = (by[e.name] ?? 0) + (e.tdur ?? 0) / 1000;
      const what = Object.entries(by).sort((a, b) => b[1] - a[1]).slice(0, 3).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ');
      return `${task.ms.toFixed(1)} ms a ${((task.ts - start) / 1000).toFixed(0)} ms (${what || '—'})`;
    });
    return { cpu, excess, max: tasks.reduce((m, e) => Math.max(m, e.ms), 0), longest };
  } finally {
    await context.close();
  }
}

async function measure(browser, name, url) {
  const results = [];
  await visit(browser, url); // warm-up: the server's caches, not the browser's (each visit is a new context)
  for (let i = 0; i < runs; i++) results.push(await visit(browser, url));
  const cpu = median(results.map((r) => r.cpu));
  const mid = results.reduce((best, r) => (Math.abs(r.cpu - cpu) < Math.abs(best.cpu - cpu) ? r : best));
  const row = { name, cpu, excess: median(results.map((r) => r.excess)), max: median(results.map((r) => r.max)), longest: mid.longest };
  console.log(
    `${name.padEnd(9)}${`${cpu.toFixed(0)} ms`.padStart(12)}${`${row.excess.toFixed(0)} ms`.padStart(12)}${`≈ ${(row.excess * 4).toFixed(0)} ms`.padStart(12)}${`${row.max.toFixed(1)} ms`.padStart(12)}   ${results.map((r) => r.cpu.toFixed(0)).join(', ')}`,
  );
  for (const line of row.longest) console.log(`${''.padEnd(12)}${line}`);
  return row;
}

async function main() {
  const browser = await chromium.launch({ executablePath: chrome, args: ['--no-sandbox'] });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-main-thread-'));
  let app;
  try {
    console.log(`Linha principal do browser numa primeira visita (${chrome}, ecrã de telemóvel, sem limitação), ${runs} visitas por página, medianas`);
    console.log(`${'página'.padEnd(9)}${'CPU'.padStart(12)}${'excesso'.padStart(12)}${'×4 (TBT)'.padStart(12)}${'maior'.padStart(12)}   CPU de cada visita`);
    await withBlankNextPage(blankPort, (base) => measure(browser, 'branco', `${base}/`));
    app = await startApp({ port, dataDir, label: 'Next' });
    for (const [name, p] of await discoverPages(app.base)) await measure(browser, name, `${app.base}${p}`);
    console.log('(excesso: Σ da parte de cada tarefa acima de 12,5 ms, os 50 ms do Lighthouse com a CPU 4× mais lenta que ele simula; ×4 ≈ o TBT que ele calcularia. Sem alvo: é para comparar versões de uma página e com a página em branco.)');
  } finally {
    await browser.close();
    await app?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

runBench(main);
