/**
 * npm run bench:search
 *
 * Latency of the product search (no pass/fail), in a fresh embedded database in a temporary
 * folder:
 *   1. in-process, demo catalogue (≈12,000 models): header suggestions (`suggestProducts`,
 *      10 results, words being typed) and listing searches (`searchProducts`, 50 results with
 *      the total);
 *   2. the same after importing synthetic copies of the demo rows up to 50,000 models;
 *   3. over HTTP, when a production build exists (`.next/BUILD_ID`) and includes the search
 *      route: `next start -p 3311` on the same data folder (after closing this process's handle:
 *      one process per folder), at the demo size and again at 50,000 models:
 *      - first-time suggestions: BENCH_FIRST_TIME (200) distinct queries the server never saw,
 *        made from the catalogue's own words (prefixes, two words, typos, model codes, sizes),
 *        each sent once, alternating with `GET /api/health` on the same server; p50/p95 of both
 *        and the ratio of the p95s (the goal: ≤ 2 at the demo size);
 *      - at 50,000 models also the ~300 requests of the typed words (first and repeated).
 * Over HTTP search results are kept in the server's shared cache (server/cache, a few minutes):
 * first-time queries and repeated ones are reported apart.
 * Also prints the plan of the slowest listing query at 50,000 models.
 *
 * Options (environment): BENCH_FIRST_TIME (number of first-time queries, 200), BENCH_PORT (port
 * of the HTTP server, 3311), BENCH_DEMO_ONLY=1 (demo size only), BENCH_HTTP_ONLY=1 (no in-process
 * part), BENCH_DETAIL=1 (the slowest queries).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eanCheckDigit } from '@/lib/catalogue/ean';
import type { RawCatalogueRow } from '@/server/import/format';
import { seededRandom } from '@/lib/random';
import { loadServerForBench } from './bench-server';
import { stopGroup } from './process-group.mjs';

const TARGET_MODELS = 50_000;
/** BENCH_PORT: port of the `next start` of the HTTP part (default 3311). */
const PORT = Number(process.env.BENCH_PORT ?? 3311);
/** BENCH_DEMO_ONLY=1: stop after the demo size (no import up to 50,000 models). */
const DEMO_ONLY = process.env.BENCH_DEMO_ONLY === '1';
/** BENCH_HTTP_ONLY=1: skip the in-process measurements (HTTP part only). */
const HTTP_ONLY = process.env.BENCH_HTTP_ONLY === '1';

/** What people type in the header box: prefixes of product words, then the whole words. */
const TYPED = [
  'esquentador',
  'termoacumulador',
  'torneira lavatório',
  'torneira cozinha',
  'misturadora duche',
  'válvula esfera 1/2',
  'tubo multicamada 16x2',
  'autoclismo interior',
  'base de duche 80x80',
  'sifão garrafa',
  'bomba submersível',
  'radiador alumínio',
  'vaso expansão',
  'flexível 1/2',
  'contador água',
  'extintor 6 kg',
  'caixa de visita',
  'ralo sifonado',
  'tê igual 20',
  'silicone sanitário',
  'coletor 1"',
  'clorador salino',
  'resguardo duche',
  'ar condicionado',
];

const LISTING = [
  'torneira',
  'torneira lavatório',
  'válvula de esfera 3/4"',
  'tubo multicamada 16x2',
  'esquentador 14 litros',
  'cisterna',
  'esqentador',
  'torniera de cozinha',
  'sifões',
  'bomba submersível com boia',
  'ânodo termoacumulador',
  'flexível 1/2 polegada',
  'base de duche 80x80',
  'contador de água DN20',
  'aquecedor de água a gás',
  'válvula',
  'tubo',
  'CRX-6312',
  '5606123034127',
  'autoclismo geberit',
];

function suggestionInputs(): string[] {
  const out: string[] = [];
  for (const phrase of TYPED) {
    for (const n of [3, 5, 8, 12, phrase.length]) if (n <= phrase.length) out.push(phrase.slice(0, n));
  }
  return [...new Set(out)].filter((q) => q.trim().length >= 2);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function report(label: string, times: number[]) {
  const s = [...times].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / Math.max(1, s.length);
  console.log(
    `${label.padEnd(52)} n=${String(s.length).padStart(4)}  p50 ${percentile(s, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(s, 95).toFixed(1).padStart(6)} ms  média ${mean.toFixed(1).padStart(6)} ms`,
  );
}

async function time<T>(fn: () => Promise<T>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/** The demo rows copied with new product ids, model codes and in-store EANs (as bench-import). */
function extraRows(base: RawCatalogueRow[], count: number): RawCatalogueRow[] {
  const rows: RawCatalogueRow[] = [];
  for (let copy = 1; rows.length < count; copy++) {
    for (const [i, row] of base.entries()) {
      if (rows.length >= count) break;
      const suffix = `-${copy}`;
      const ean = row.ean ? `2${String(copy).padStart(2, '0')}${String(i).padStart(9, '0')}` : '';
      rows.push({
        ...row,
        product_id: `${row.product_id}${suffix}`,
        product_name: `${row.product_name} (série ${copy + 1})`,
        model_code: `${row.model_code}${suffix}`,
        ean: ean ? `${ean}${eanCheckDigit(ean)}` : '',
      });
    }
  }
  return rows;
}

async function inProcess(label: string) {
  const { searchProducts, suggestProducts } = await import('@/server/search/engine');
  const inputs = suggestionInputs();
  // Warm-up: vocabulary, plans, JIT. In-process nothing is cached (the shared cache lives in the
  // Next server): both rounds measure the searches themselves.
  for (const q of inputs.slice(0, 10)) await suggestProducts(q, 10);
  for (const q of LISTING.slice(0, 5)) await searchProducts({ q, limit: 50, offset: 0, sort: 'relevance', order: 'desc' });

  const suggest: number[] = [];
  const repeated: number[] = [];
  const perInput = new Map<string, number>();
  for (let round = 0; round < 2; round++) {
    for (const q of inputs) {
      const ms = await time(() => suggestProducts(q, 10));
      (round === 0 ? suggest : repeated).push(ms);
      if (round === 0) perInput.set(q, ms);
    }
  }
  if (process.env.BENCH_DETAIL) {
    const worst = [...perInput].sort((a, b) => b[1] - a[1]).slice(0, 12);
    console.log(`${label}: sugestões mais lentas: ${worst.map(([q, ms]) => `«${q}» ${ms.toFixed(0)} ms`).join(', ')}`);
  }
  const listing: number[] = [];
  const slowest = { q: '', ms: 0 };
  for (let round = 0; round < 3; round++) {
    for (const q of LISTING) {
      const ms = await time(() => searchProducts({ q, limit: 50, offset: 0, sort: 'relevance', order: 'desc' }));
      listing.push(ms);
      if (ms > slowest.ms) Object.assign(slowest, { q, ms });
    }
  }
  report(`${label}: sugestões (10)`, suggest);
  report(`${label}: sugestões repetidas (cache)`, repeated);
  report(`${label}: pesquisa de listagem (50 + total)`, listing);
  return slowest;
}


const LETTERS = 'abcdefghijlmnopqrstuvxz';

/** One typing mistake in a word: a letter dropped, two swapped, one replaced or doubled. */
function typo(word: string, rnd: () => number): string {
  const i = 1 + Math.floor(rnd() * (word.length - 2));
  switch (Math.floor(rnd() * 4)) {
    case 0:
      return word.slice(0, i) + word.slice(i + 1);
    case 1:
      return word.slice(0, i) + (word[i + 1] ?? '') + (word[i] ?? '') + word.slice(i + 2);
    case 2:
      return word.slice(0, i) + LETTERS[Math.floor(rnd() * LETTERS.length)] + word.slice(i + 1);
    default:
      return word.slice(0, i + 1) + word.slice(i);
  }
}

/**
 * `count` distinct suggestion queries made from the catalogue's own words (product names,
 * brands, model codes, sizes): prefixes being typed, a word and the start of the next, typos,
 * model-code prefixes, a word with a size. Distinct after lower-casing and folding accents, and
 * none of `exclude` (what the server saw while warming up), so each is new to the server.
 */
function firstTimeQueries(rows: RawCatalogueRow[], count: number, seed: number, exclude: Iterable<string>): string[] {
  const rnd = seededRandom(seed);
  const pick = <T,>(list: T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const fold = (q: string) => q.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim();
  const seen = new Set([...exclude].map(fold));
  const out: string[] = [];
  const names = rows.map((r) => (r.product_name ?? '').toLowerCase().split(/\s+/).filter((w) => /^\p{L}{3,}$/u.test(w)));
  const longWords = [...new Set(names.flat().filter((w) => w.length >= 6))];
  for (let tries = 0; out.length < count && tries < count * 50; tries++) {
    const index = Math.floor(rnd() * rows.length);
    const row = rows[index] as RawCatalogueRow;
    const words = names[index] ?? [];
    const [w0, w1] = [words[0] ?? 'torneira', words[1] ?? words[0] ?? 'lavatório'];
    let q: string;
    switch (tries % 7) {
      case 0: // a word being typed
        q = pick(words.length ? words : [w0]).slice(0, 3 + Math.floor(rnd() * 6));
        break;
      case 1: // a word and the start of the next
        q = `${w0} ${w1.slice(0, 2 + Math.floor(rnd() * (w1.length - 1)))}`;
        break;
      case 2: // a typo in a long word
        q = typo(pick(longWords), rnd);
        break;
      case 3: // two words, one mistyped
        q = w1.length >= 5 ? `${w0} ${typo(w1, rnd)}` : `${typo(w0, rnd)} ${w1}`;
        break;
      case 4: // a model code being typed
        q = (row.model_code ?? '').slice(0, 4 + Math.floor(rnd() * ((row.model_code ?? '').length - 3)));
        break;
      case 5: // a word and a size
        q = row.size ? `${w0} ${row.size}` : `${w0} ${row.brand || w1}`;
        break;
      default: // a brand and a word
        q = `${row.brand ? row.brand.toLowerCase() : w1} ${pick(words.length ? words : [w0]).slice(0, 4)}`;
    }
    q = q.trim();
    const key = fold(q);
    if (key.length < 2 || seen.has(key)) continue;
    seen.add(key);
    out.push(q);
  }
  return out;
}

async function timedGet(url: string): Promise<{ ms: number; ok: boolean }> {
  const t = performance.now();
  const r = await fetch(url);
  await r.arrayBuffer();
  return { ms: performance.now() - t, ok: r.ok };
}

/**
 * First-time suggestions over HTTP, each query sent once, alternating with `/api/health` on the
 * same server (one request at a time); prints p50/p95 of both and the ratio of the p95s.
 */
async function firstTimeReport(base: string, label: string, queries: string[]) {
  const search: number[] = [];
  const health: number[] = [];
  const perQuery: [string, number][] = [];
  let failures = 0;
  console.log(`HTTP ${label}: ${queries.length} consultas novas, p. ex. ${queries.slice(0, 8).map((q) => `«${q}»`).join(', ')}`);
  for (const [i, q] of queries.entries()) {
    const pair = [`${base}/api/products/search?q=${encodeURIComponent(q)}&limit=10&sort=relevance`, `${base}/api/health`];
    if (i % 2) pair.reverse();
    for (const url of pair) {
      const r = await timedGet(url);
      if (url.endsWith('/api/health')) health.push(r.ms);
      else {
        search.push(r.ms);
        perQuery.push([q, r.ms]);
      }
      if (!r.ok) failures++;
    }
  }
  if (process.env.BENCH_DETAIL) {
    const worst = perQuery.sort((a, b) => b[1] - a[1]).slice(0, 12);
    console.log(`HTTP ${label}: mais lentas: ${worst.map(([q, ms]) => `«${q}» ${ms.toFixed(0)} ms`).join(', ')}`);
  }
  const p95 = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 95);
  report(`HTTP ${label}: sugestões pela 1.ª vez${failures ? `, ${failures} erros` : ''}`, search);
  report(`HTTP ${label}: /api/health (alternado)`, health);
  console.log(`HTTP ${label}: p95 sugestões ÷ p95 /api/health = ${(p95(search) / p95(health)).toFixed(2)}× (alvo: ≤ 2 no tamanho demo)`);
}

async function waitFor(url: string, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const r = await fetch(url);
      if (r.ok) return true;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || !child.pid) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await stopGroup(child.pid, exited, 5000); // the whole group: next start forks next-server
}

/**
 * Runs `fn` against `next start -p PORT` on `dataDir` (the production build in `.next`), then
 * stops the server. Says why and returns without calling `fn` when there is no usable build or
 * the port is taken.
 */
async function withServer(dataDir: string, fn: (base: string) => Promise<void>) {
  const root = process.cwd();
  if (!fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) {
    console.log('HTTP: sem build de produção (.next/BUILD_ID; npm run build ou npm start) — parte HTTP ignorada.');
    return;
  }
  const manifest = path.join(root, '.next', 'app-path-routes-manifest.json');
  const routes = fs.existsSync(manifest) ? (JSON.parse(fs.readFileSync(manifest, 'utf8')) as Record<string, string>) : {};
  if (!Object.values(routes).includes('/api/products/search')) {
    console.log('HTTP: o build existente (.next) não inclui /api/products/search (anterior a esta rota) — parte HTTP ignorada.');
    return;
  }
  const base = `http://127.0.0.1:${PORT}`;
  if (await waitFor(`${base}/api/health`, 500)) {
    console.log(`HTTP: a porta ${PORT} já está ocupada por outro servidor — parte HTTP ignorada.`);
    return;
  }
  const buildTime = fs.statSync(path.join(root, '.next', 'BUILD_ID')).mtimeMs;
  const sources = ['server/search', 'lib/search', 'app/api/products/search'].flatMap((dir) =>
    fs.readdirSync(path.join(root, dir)).map((f) => fs.statSync(path.join(root, dir, f)).mtimeMs),
  );
  if (Math.max(...sources) > buildTime) {
    console.log('HTTP: aviso — o build (.next) é anterior ao código de pesquisa atual; mede a versão desse build.');
  }
  const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
  const child = spawn(process.execPath, [nextBin, 'start', '-p', String(PORT)], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), NODE_ENV: 'production', SKIP_DEMO_SEED: '1', NEXT_TELEMETRY_DISABLED: '1', AUTH_RATE_LIMIT_IP_SCALE: '1000' },
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  try {
    if (!(await waitFor(`${base}/api/health`, 60_000))) {
      console.log(`HTTP: o servidor não respondeu em /api/health.\n${output.slice(-2000)}`);
      return;
    }
    await fn(base);
  } finally {
    await stop(child);
  }
}

const url = (base: string, q: string, limit = 10) => `${base}/api/products/search?q=${encodeURIComponent(q)}&limit=${limit}&sort=relevance`;

/** Warm-up: the vocabulary, query plans and JIT, with the typed words at limit=9 (other cache keys). */
async function warmUp(base: string) {
  for (const q of suggestionInputs().slice(0, 10)) await fetch(url(base, q, 9)).then((r) => r.arrayBuffer());
  for (let i = 0; i < 10; i++) await fetch(`${base}/api/health`).then((r) => r.arrayBuffer());
}

async function firstTimeOverHttp(dataDir: string, label: string, queries: string[]) {
  await withServer(dataDir, async (base) => {
    await warmUp(base);
    await firstTimeReport(base, label, queries);
  });
}

async function overHttp(dataDir: string, label: string, queries: string[]) {
  await withServer(dataDir, async (base) => {
    await warmUp(base);
    await firstTimeReport(base, label, queries);
    const inputs = suggestionInputs();
    const first: number[] = [];
    const again: number[] = [];
    let failures = 0;
    for (let i = 0; i < 300; i++) {
      const q = inputs[i % inputs.length] ?? 'torneira';
      const r = await timedGet(url(base, q));
      (i < inputs.length ? first : again).push(r.ms);
      if (!r.ok) failures++;
    }
    report(`HTTP ${label}: sugestões (10)${failures ? `, ${failures} erros` : ''}`, first);
    report(`HTTP ${label}: sugestões repetidas (cache)`, again);
  });
}

async function main() {
  const started = performance.now();
  const { openPglite, setDatabase, prepareDatabase, demoSeed } = await loadServerForBench({ DATABASE_URL: undefined });
  const { importCatalogueRows } = await import('@/server/import');
  const { generateDemoCatalogue } = await import('./seed/catalogue');
  const { explainSearch } = await import('@/server/search/engine');
  const { invalidateVocabulary } = await import('@/server/search/vocabulary');

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-search-'));
  const dbDir = path.join(dir, 'pglite');
  console.log(`Pasta: ${dir}, ${os.cpus().length} núcleos, Node ${process.version}`);
  const base = generateDemoCatalogue(1967).rows;
  const firstTime = Number(process.env.BENCH_FIRST_TIME ?? 200);
  try {
    let database = await openPglite(dbDir);
    try {
      await prepareDatabase(database, { seed: demoSeed });
      setDatabase(database);
      console.log(`Catálogo de demonstração carregado (${((performance.now() - started) / 1000).toFixed(0)} s).\n`);
      if (!HTTP_ONLY) await inProcess('demo (12 320 modelos)');
    } finally {
      setDatabase(undefined);
      await database.close();
    }
    console.log('');
    // The server gets the data folder while this process has it closed (one process per folder).
    await firstTimeOverHttp(dir, 'demo (12 320 modelos)', firstTimeQueries(base, firstTime, 1967, suggestionInputs()));
    if (DEMO_ONLY) return;

    database = await openPglite(dbDir);
    try {
      setDatabase(database);
      const extra = extraRows(base, TARGET_MODELS - base.length);
      const t = performance.now();
      const result = await importCatalogueRows(
        database.db,
        extra.map((cells, i) => ({ line: i + 2, cells })),
      );
      if (!result.ok) throw new Error(`importação falhou: ${result.issues.length} problemas`);
      invalidateVocabulary(database.db);
      console.log(`\n+${extra.length} modelos importados (${((performance.now() - t) / 1000).toFixed(0)} s): ${TARGET_MODELS} modelos.\n`);
      const slowest = await inProcess(`${TARGET_MODELS} modelos`);
      console.log(`\nPlano da pesquisa mais lenta ("${slowest.q}", ${slowest.ms.toFixed(0)} ms):`);
      const plan = await explainSearch({ q: slowest.q, limit: 50, offset: 0, sort: 'relevance', order: 'desc' });
      console.log(
        plan
          .split('\n')
          .filter((l) => /Planning Time|Execution Time|Scan on (products|inventory_products)|CTE (c0|c|l|mh)\b/.test(l))
          .map((l) => `  ${l.trim()}`)
          .join('\n'),
      );
    } finally {
      setDatabase(undefined);
      await database.close();
    }
    console.log('');
    await overHttp(dir, `${TARGET_MODELS} modelos`, firstTimeQueries(base, firstTime, 2026, suggestionInputs()));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    console.log(`\nTotal: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
