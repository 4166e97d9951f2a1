#!/usr/bin/env node
/**
 * npm run bench:invalidation: how long an admin change on one instance takes to reach the
 * cached pages of the others. Three instances behind HAProxy (scripts/cluster-support.mjs); an
 * editor signed in on instance A changes a product's name BENCH_EDITS times (default 50) through
 * the catalogue import API (a one-product file); after each answer, guests poll the product page
 * on B and C (every 20 ms) until it shows the new name. Prints p50/p95/max of those delays.
 *
 * `--no-redis`: without Redis (the PostgreSQL log, polled every CACHE_POLL_MS). Goals: p95 ≤ 1 s
 * with Redis, ≤ CACHE_POLL_MS + 1 s without.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

process.chdir(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
const { startCluster, sleep } = await import('./cluster-support.mjs');
const { parse } = await import('csv-parse/sync');

const EDITS = Number(process.env.BENCH_EDITS ?? 50);
const redis = !process.argv.includes('--no-redis');
const pollMs = Number(process.env.CACHE_POLL_MS ?? 1000);
const log = (line) => console.log(`[invalidação] ${line}`);

const cluster = await startCluster({ instances: 3, redis, log });
const [a, b, c] = cluster.instances;
const BASE = cluster.url;
let failed = false;
try {
  const signIn = await fetch(`${a.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE },
    body: JSON.stringify({ email: 'editor@demo.casadasaguas.pt', password: 'Demo-Editor-1967!' }),
  });
  if (signIn.status !== 200) throw new Error(`login: ${signIn.status}`);
  const cookie = signIn.headers.getSetCookie().map((x) => x.split(';')[0]).join('; ');

  const listing = await (await fetch(`${a.url}/api/products/by-chapter?chapter=40&limit=5`)).json();
  const product = listing.data[0];
  const csv = await (await fetch(`${a.url}/api/admin/catalogue`, { headers: { cookie, origin: BASE } })).text();
  // The export is the import format: `;`-separated, quoted where needed.
  const delimiter = csv.split(/\r?\n/, 1)[0].includes(';') ? ';' : ',';
  const [columns, ...records] = parse(csv, { delimiter, bom: true, relax_column_count: true });
  const idAt = columns.indexOf('product_id');
  const nameAt = columns.indexOf('product_name');
  if (idAt < 0 || nameAt < 0) throw new Error(`colunas inesperadas: ${columns.join(delimiter)}`);
  const rows = records.filter((r) => r[idAt] === product.product_code);
  if (!rows.length) throw new Error(`produto ${product.product_code} fora da exportação`);
  const quote = (v) => `"${String(v ?? '').replace(/"/g, '""')}"`;
  const fileOf = (name) => [columns, ...rows.map((r) => r.map((v, i) => (i === nameAt ? name : v)))].map((r) => r.map(quote).join(delimiter)).join('\n');
  log(`produto ${product.product_code} (${rows.length} modelos), página ${product.url}`);

  const page = (instance) => fetch(`${instance.url}${product.url}`).then((r) => r.text());
  for (const i of [b, c]) for (let k = 0; k < 2; k++) await page(i);

  const delays = [];
  for (let n = 1; n <= EDITS; n++) {
    const name = `Válvula de teste ${Date.now().toString(36)} ${n}`;
    const file = fileOf(name);
    const answer = await fetch(`${a.url}/api/admin/catalogue`, { method: 'POST', headers: { cookie, origin: BASE, 'content-type': 'text/csv' }, body: file });
    const done = performance.now();
    if (!answer.ok) throw new Error(`importação ${n}: ${answer.status} ${(await answer.text()).slice(0, 300)}`);
    await Promise.all(
      [b, c].map(async (instance) => {
        for (;;) {
          if ((await page(instance)).includes(name)) {
            delays.push(performance.now() - done);
            return;
          }
          if (performance.now() - done > 30_000) throw new Error(`${instance.id} não mostrou a alteração ${n} em 30 s`);
          await sleep(20);
        }
      }),
    );
  }
  delays.sort((x, y) => x - y);
  const at = (p) => delays[Math.min(delays.length - 1, Math.floor(p * delays.length))];
  const goalMs = redis ? 1000 : pollMs + 1000;
  const p95 = at(0.95);
  console.log(
    `\n${EDITS} alterações na instância A, ${delays.length} leituras em B e C, ${redis ? 'com' : 'sem'} Redis: ` +
      `p50 ${at(0.5).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, máx. ${delays.at(-1).toFixed(0)} ms (objetivo p95 ≤ ${goalMs} ms)`,
  );
  failed = p95 > goalMs;
} catch (err) {
  console.error(`[invalidação] erro: ${err instanceof Error ? err.message : err}`);
  failed = true;
} finally {
  await cluster.stop();
  fs.rmSync(cluster.dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
