/**
 * npm run bench:search-quality [-- --db <folder>] [-- --show <n>]
 *
 * Seeds a fresh embedded database with the demo catalogue (in a temporary folder), runs every
 * labelled query of tests/search-quality/queries.json through `searchProducts` and prints
 * nDCG@10, recall@10, MRR and the zero-result rate, overall and per kind, plus the worst queries.
 *
 * --db <folder>         use (and keep) an embedded database folder, seeding it only if it is empty
 * --catalogue <file>    load this catalogue file (the import format of docs/operations.md) instead of the
 *                       demo catalogue; only the `vocabulary` kind runs then (the labelled queries
 *                       of queries.json are written for the demo catalogue);
 *                       tests/search-quality/catalogue-trade.csv is a small one written by hand
 *                       with another wholesaler's product names
 * --kind <kind>         run only the queries of this kind
 * --show <n>            print the top results of the n worst queries (default 10)
 *
 * The `vocabulary` kind (tests/search-quality/vocabulary-queries.ts) is written at run time from
 * the trade vocabulary (lib/search/trade-vocabulary.ts) against the catalogue loaded, so it holds
 * on any catalogue. Its searches run with the synonyms of the database (seeded from that
 * vocabulary at start, then edited by staff in /admin/search).
 *
 * Metrics (graded: relevant = 2, partial = 1):
 *   nDCG@10   = DCG@10 / ideal DCG@10 with gains 2^g − 1
 *   recall@10 = relevant products in the top 10 / min(10, number of relevant products)
 *   MRR       = 1 / rank of the first relevant product (0 when none in the top 50)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closeBenchDatabase, loadServerForBench } from './bench-server';

interface LabelledQuery {
  query: string;
  kind: string;
  relevant: string[];
  partial?: string[];
}

interface Scored {
  q: LabelledQuery;
  ndcg: number;
  recall: number;
  rr: number;
  total: number;
  top: { code: string; name: string; grade: number }[];
  ms: number;
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
}

function dcg(gains: number[]): number {
  return gains.reduce((s, g, i) => s + (2 ** g - 1) / Math.log2(i + 2), 0);
}

function mean(xs: number[]): number {
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0;
}

async function main() {
  // The demo seed must run: a developer's SKIP_DEMO_SEED would leave the catalogue empty.
  const { openPglite, setDatabase, prepareDatabase, demoSeed } = await loadServerForBench({ DATABASE_URL: undefined });
  const { searchProducts } = await import('@/server/search/engine');
  const { sql } = await import('drizzle-orm');
  const { TRADE_VOCABULARY } = await import('@/lib/search/trade-vocabulary');
  const { vocabularyQueries } = await import('../tests/search-quality/vocabulary-queries');

  const keep = arg('--db');
  const catalogue = arg('--catalogue');
  const onlyKind = arg('--kind');
  const show = Number(arg('--show') ?? 10);
  const dir = keep ? path.resolve(keep) : fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-quality-'));
  let queries = catalogue
    ? []
    : (JSON.parse(fs.readFileSync(path.join(process.cwd(), 'tests', 'search-quality', 'queries.json'), 'utf8')) as LabelledQuery[]);

  const started = performance.now();
  const database = await openPglite(keep ? dir : path.join(dir, 'pglite'));
  try {
    const { seeded } = await prepareDatabase(database, { seed: catalogue ? undefined : demoSeed });
    if (catalogue) {
      const { importCatalogueFile } = await import('@/server/import');
      const result = await importCatalogueFile(database.db, path.resolve(catalogue));
      if (!result.ok) throw new Error(`Catálogo recusado: ${JSON.stringify(result.issues.slice(0, 5))}`);
    }
    console.log(
      `Base de dados: ${database.location} (${catalogue ? `catálogo ${catalogue} importado` : seeded ? `catálogo de demonstração carregado em ${((performance.now() - started) / 1000).toFixed(1)} s` : 'já preenchida'})`,
    );
    setDatabase(database);
    const products = await database.db.execute<{ code: string; name: string }>(sql`SELECT product_code AS code, name FROM products WHERE active`);
    queries = [...queries, ...vocabularyQueries(products.rows, TRADE_VOCABULARY)];
    if (onlyKind) queries = queries.filter((q) => q.kind === onlyKind);
    // Warm up (vocabulary, plans).
    await searchProducts({ q: 'torneira', limit: 10, offset: 0, sort: 'relevance', order: 'desc' });

    const results: Scored[] = [];
    for (const q of queries) {
      const grades = new Map<string, number>([...(q.partial ?? []).map((c) => [c, 1] as const), ...q.relevant.map((c) => [c, 2] as const)]);
      const t = performance.now();
      const page = await searchProducts({ q: q.query, limit: 50, offset: 0, sort: 'relevance', order: 'desc' });
      const ms = performance.now() - t;
      const ranked = page.items.map((p) => ({ code: p.productCode, name: p.name, grade: grades.get(p.productCode) ?? 0 }));
      const gains = ranked.slice(0, 10).map((r) => r.grade);
      const ideal = [...grades.values()].sort((a, b) => b - a).slice(0, 10);
      const ndcg = dcg(ideal) > 0 ? dcg(gains) / dcg(ideal) : 0;
      const hits = ranked.slice(0, 10).filter((r) => r.grade === 2).length;
      const recall = hits / Math.min(10, q.relevant.length);
      const first = ranked.findIndex((r) => r.grade === 2);
      results.push({ q, ndcg, recall, rr: first >= 0 ? 1 / (first + 1) : 0, total: page.total, top: ranked.slice(0, 10), ms });
    }

    const line = (label: string, rs: Scored[]) =>
      `${label.padEnd(16)} ${String(rs.length).padStart(4)}   ${mean(rs.map((r) => r.ndcg)).toFixed(3)}    ${mean(rs.map((r) => r.recall)).toFixed(3)}    ${mean(rs.map((r) => r.rr)).toFixed(3)}   ${((100 * rs.filter((r) => r.total === 0).length) / Math.max(1, rs.length)).toFixed(1).padStart(5)}%   ${mean(rs.map((r) => r.ms)).toFixed(0).padStart(4)} ms`;
    console.log('');
    console.log('tipo             n     nDCG@10  recall@10  MRR     zero    média');
    for (const kind of [...new Set(queries.map((q) => q.kind))]) {
      console.log(line(kind, results.filter((r) => r.q.kind === kind)));
    }
    console.log(line('TOTAL', results));

    const worst = [...results].sort((a, b) => a.ndcg - b.ndcg || a.rr - b.rr).slice(0, Math.max(show, 0));
    console.log('\nPiores consultas:');
    for (const r of worst) {
      console.log(
        `  [${r.q.kind}] "${r.q.query}"  nDCG@10 ${r.ndcg.toFixed(3)}  recall@10 ${r.recall.toFixed(2)}  RR ${r.rr.toFixed(2)}  total ${r.total}`,
      );
      for (const t of r.top) console.log(`      ${t.grade === 2 ? '✓' : t.grade === 1 ? '~' : '✗'} ${t.code} ${t.name}`);
    }
  } finally {
    await closeBenchDatabase(database, keep ? null : dir);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
