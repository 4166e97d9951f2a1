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
 *      route: starts `next start -p 3311` on the same data folder (after closing this process's
 *      handle: one process per folder), ~300 suggestion requests, then stops the server.
 * In-process the searches are never cached (the shared cache of listing pages lives in the Next
 * server): both in-process rounds measure the search itself; over HTTP, first-time queries and
 * repeated ones (served from the cache) are reported apart.
 * Also prints the plan of the slowest listing query at 50,000 models.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eanCheckDigit } from '@/lib/catalogue/ean';
import type { RawCatalogueRow } from '@/server/import/format';

const TARGET_MODELS = 50_000;
const PORT = 3311;

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
    `${label.padEnd(44)} n=${String(s.length).padStart(4)}  p50 ${percentile(s, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(s, 95).toFixed(1).padStart(6)} ms  média ${mean.toFixed(1).padStart(6)} ms`,
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
  // Warm-up: vocabulary, plans, JIT. In-process nothing is cached: the second round measures
  // the same searches again.
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
    // Every round measures the search itself (nothing is cached in-process).
    for (const q of LISTING) {
      const ms = await time(() => searchProducts({ q, limit: 50, offset: 0, sort: 'relevance', order: 'desc' }));
      listing.push(ms);
      if (ms > slowest.ms) Object.assign(slowest, { q, ms });
    }
  }
  report(`${label}: sugestões (10)`, suggest);
  report(`${label}: sugestões repetidas`, repeated);
  report(`${label}: pesquisa de listagem (50 + total)`, listing);
  return slowest;
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
  try {
    process.kill(-child.pid, 'SIGTERM'); // the whole group: next start forks next-server
  } catch {
    /* already gone */
  }
  const timer = setTimeout(() => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }, 5000);
  await exited;
  clearTimeout(timer);
}

async function overHttp(dataDir: string) {
  const root = process.cwd();
  if (!fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) {
    console.log('HTTP: sem build de produção (.next/BUILD_ID) — parte HTTP ignorada.');
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
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), NODE_ENV: 'production', SKIP_DEMO_SEED: '1' },
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  try {
    if (!(await waitFor(`${base}/api/health`, 60_000))) {
      console.log(`HTTP: o servidor não respondeu em /api/health.\n${output.slice(-2000)}`);
      return;
    }
    const inputs = suggestionInputs();
    const url = (q: string) => `${base}/api/products/search?q=${encodeURIComponent(q)}&limit=10&sort=relevance`;
    // Warm-up with limit=9: other cache keys, so the first pass below is not served from the cache.
    for (const q of inputs.slice(0, 10)) await fetch(url(q).replace('limit=10', 'limit=9'));
    const first: number[] = [];
    const again: number[] = [];
    let failures = 0;
    for (let i = 0; i < 300; i++) {
      const q = inputs[i % inputs.length] ?? 'torneira';
      const t = performance.now();
      const r = await fetch(url(q));
      await r.arrayBuffer();
      (i < inputs.length ? first : again).push(performance.now() - t);
      if (!r.ok) failures++;
    }
    report(`HTTP (next start): sugestões (10)${failures ? `, ${failures} erros` : ''}`, first);
    report(`HTTP (next start): sugestões repetidas (cache)`, again);
  } finally {
    await stop(child);
  }
}

async function main() {
  const started = performance.now();
  delete process.env.SKIP_DEMO_SEED;
  delete process.env.DATABASE_URL;
  const { resetEnvCache } = await import('@/lib/env');
  resetEnvCache();
  const { openPglite, setDatabase } = await import('@/server/db/client');
  const { prepareDatabase } = await import('@/server/db/prepare');
  const { importCatalogueRows } = await import('@/server/import');
  const { generateDemoCatalogue } = await import('@/server/demo');
  const { explainSearch } = await import('@/server/search/engine');
  const { invalidateVocabulary } = await import('@/server/search/vocabulary');

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-search-'));
  console.log(`Pasta: ${dir}, ${os.cpus().length} núcleos, Node ${process.version}`);
  try {
    const database = await openPglite(path.join(dir, 'pglite'));
    try {
      await prepareDatabase(database, { seedDemo: true });
      setDatabase(database);
      console.log(`Catálogo de demonstração carregado (${((performance.now() - started) / 1000).toFixed(0)} s).\n`);
      await inProcess('demo (12 320 modelos)');

      const base = generateDemoCatalogue(1967).rows;
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
    await overHttp(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    console.log(`\nTotal: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
