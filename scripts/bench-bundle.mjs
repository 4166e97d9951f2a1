#!/usr/bin/env node
/**
 * npm run bench:bundle — gzipped first-load JavaScript of `/`, a family listing and a product
 * page (the same pages as bench:pages) against a blank Next page built with the same
 * `next`/`react`/`react-dom` in a temporary folder. Prints the sizes and the ratios; no pass/fail.
 *
 * First-load JS of a page = every `<script src>` file in its HTML, each counted once, fetched
 * from the server and gzipped here with zlib's default level (what Next's compression uses).
 * Inline scripts (the RSC flight data, JSON-LD) are not JavaScript files and are not counted.
 * The main figure counts every `<script src>`, Next's `noModule` polyfills included; a second
 * column leaves those out (modern browsers do not load them).
 *
 * The app runs with scripts/start.mjs (builds when the sources changed) on BENCH_PORT (3331) with
 * BENCH_DATA_DIR (./.data-bench). The blank page: app/layout.tsx + app/page.tsx in a folder
 * under the system's temporary folder whose node_modules is a symlink to this one, `next build`
 * and `next start` on BENCH_BLANK_PORT (3332), measured the same way, then removed.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { discoverPages, getRaw, root, runBench, startApp, withBlankNextPage } from './bench-support.mjs';

const port = Number(process.env.BENCH_PORT ?? 3331);
const blankPort = Number(process.env.BENCH_BLANK_PORT ?? 3332);
const dataDir = path.resolve(root, process.env.BENCH_DATA_DIR ?? '.data-bench');
const headers = { 'user-agent': 'bench-bundle', accept: 'text/html,application/xhtml+xml' };

const version = (pkg) => JSON.parse(fs.readFileSync(path.join(root, 'node_modules', pkg, 'package.json'), 'utf8')).version;

/** The `<script src>` files of an HTML page, in order, each once. */
function scriptFiles(html) {
  const seen = new Map();
  for (const m of html.matchAll(/<script\b([^>]*)>/gi)) {
    const attrs = m[1];
    const src = /\bsrc="([^"]+)"/i.exec(attrs)?.[1];
    if (!src || seen.has(src)) continue;
    seen.set(src, { src: src.replace(/&amp;/g, '&'), noModule: /\bnomodule\b/i.test(attrs) });
  }
  return [...seen.values()];
}

/** Gzipped size of every script file of the page at `base + p`. */
async function measure(base, p) {
  const page = await getRaw(`${base}${p}`, headers);
  if (page.status !== 200) throw new Error(`${p} respondeu ${page.status}`);
  const files = [];
  for (const s of scriptFiles(page.body.toString('utf8'))) {
    const url = new URL(s.src, `${base}${p}`).toString();
    const r = await getRaw(url, { 'user-agent': 'bench-bundle' });
    if (r.status !== 200) throw new Error(`${s.src} respondeu ${r.status}`);
    files.push({ ...s, raw: r.body.length, gz: zlib.gzipSync(r.body).length, body: r.body });
  }
  const sum = (list, k) => list.reduce((t, f) => t + f[k], 0);
  const modules = files.filter((f) => !f.noModule);
  return {
    files,
    gz: sum(modules, 'gz'),
    gzAll: sum(files, 'gz'),
    rawAll: sum(files, 'raw'),
    htmlBytes: page.body.length,
  };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

async function main() {
  console.log(`next ${version('next')}, react ${version('react')}, react-dom ${version('react-dom')}`);
  const blank = await withBlankNextPage(blankPort, (base) => measure(base, '/'));
  const app = await startApp({ port, dataDir, label: 'Next' });
  const results = [];
  try {
    for (const [name, p] of await discoverPages(app.base, headers)) results.push({ name, path: p, ...(await measure(app.base, p)) });
  } finally {
    await app.stop();
  }

  console.log('');
  console.log('JS da primeira carga: ficheiros <script src> do HTML, cada um uma vez, gzip nível 6 do zlib; scripts inline não contam');
  console.log(
    `${'página'.padEnd(9)}${'ficheiros'.padStart(10)}${'sem gzip'.padStart(11)}${'gzip'.padStart(10)}${'÷ branco'.padStart(10)}${'sem noModule'.padStart(14)}${'÷ branco'.padStart(10)}${'HTML'.padStart(11)}`,
  );
  const row = (name, r) =>
    console.log(
      `${name.padEnd(9)}${String(r.files.length).padStart(10)}${kb(r.rawAll).padStart(11)}${kb(r.gzAll).padStart(10)}${`${(r.gzAll / blank.gzAll).toFixed(2)}×`.padStart(10)}${kb(r.gz).padStart(14)}${`${(r.gz / blank.gz).toFixed(2)}×`.padStart(10)}${kb(r.htmlBytes).padStart(11)}${r.path ? `  ${r.path}` : ''}`,
    );
  row('branco', blank);
  for (const r of results) row(r.name, r);
  console.log(
    '(÷ branco: razão para a página em branco; o alvo é ≤ 1,25×. gzip conta todos os <script src>; «sem noModule» tira os polyfills noModule, que os browsers modernos não carregam.)',
  );

  // Where the weight is: the largest files of the three pages, with a hint of what they hold.
  const blankBodies = new Set(blank.files.map((f) => f.body.toString('latin1')));
  const files = new Map();
  for (const r of results) {
    for (const f of r.files) {
      const entry = files.get(f.src) ?? { ...f, pages: [] };
      entry.pages.push(r.name);
      files.set(f.src, entry);
    }
  }
  const hints = ['react-dom', 'zod', 'react-hook-form', 'radix', 'next-intl', 'sonner', 'lucide', 'better-auth', 'embla', 'ZodError'];
  console.log('\nMaiores ficheiros das três páginas (gzip):');
  for (const f of [...files.values()].sort((a, b) => b.gz - a.gz).slice(0, 10)) {
    const text = f.body.toString('utf8');
    const found = hints.filter((h) => text.includes(h));
    const notes = [f.noModule ? 'noModule' : '', blankBodies.has(f.body.toString('latin1')) ? 'igual na página em branco' : '', found.length ? `menciona: ${found.join(', ')}` : '']
      .filter(Boolean)
      .join('; ');
    console.log(`  ${kb(f.gz).padStart(9)}  ${path.basename(f.src).padEnd(28)} ${f.pages.join(',').padEnd(22)} ${notes}`);
  }
}

runBench(main);
