#!/usr/bin/env node
/**
 * npm run chaos:outages: the shop behind HAProxy (two instances on PostgreSQL, Redis and
 * S3, scripts/cluster-support.mjs) while each shared piece goes away and comes back:
 *
 * 1. PostgreSQL stopped for OUTAGE_SECONDS (default 30): catalogue pages a guest already opened
 *    must stay 200 (the page cache); APIs and uncached pages must answer 503 with Retry-After,
 *    APIs with the JSON error; never a 500, never a stack trace. After PostgreSQL's return,
 *    everything must answer again within 10 s, without a restart.
 * 2. Redis stopped for OUTAGE_SECONDS: customers (search, product pages, cart, sign-in) must see
 *    no error at all.
 * 3. S3 stopped: document downloads (an order's PDF) answer 503 with the JSON error, pages 200;
 *    after its return the PDF downloads again.
 *
 * Prints what each probe saw and exits 1 when a goal is missed. OUTAGE_KEEP=1 keeps the folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

process.chdir(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
const { startCluster, sleep } = await import('./cluster-support.mjs');

const OUTAGE_MS = Number(process.env.OUTAGE_SECONDS ?? 30) * 1000;
const started = Date.now();
const log = (line) => console.log(`[falhas ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${line}`);
const goals = [];
const goal = (ok, text) => {
  goals.push({ ok, text });
  log(`${ok ? 'OK   ' : 'FALHA'} ${text}`);
};

const cluster = await startCluster({ instances: 2, log });
const BASE = cluster.url;
let exitCode = 0;

/** One request; the status, headers and text, or status 0 for no answer. */
async function probe(url, { method = 'GET', cookie, body, headers = {} } = {}) {
  try {
    const answer = await fetch(url, {
      method,
      redirect: 'manual',
      headers: { origin: BASE, ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
    return { status: answer.status, headers: answer.headers, text: await answer.text() };
  } catch (err) {
    return { status: 0, headers: new Headers(), text: String(err) };
  }
}

const STACK = /\n\s+at [\w$.<>]+ \(|node_modules\/|webpack-internal|\.ts:\d+:\d+/;

try {
  // ---- What the probes need: pages a guest opened on every instance, a signed-in customer, an order.
  const listing = JSON.parse((await probe(`${BASE}/api/products/by-chapter?chapter=40&limit=5`)).text);
  const product = listing.data[0];
  const guestPages = ['/', product.url.split('/').slice(0, 4).join('/'), product.url];
  for (const instance of cluster.instances) for (const page of guestPages) for (let i = 0; i < 2; i++) await probe(`${instance.url}${page}`);

  const signIn = await probe(`${BASE}/api/auth/sign-in/email`, { method: 'POST', body: { email: 'pro@demo.casadasaguas.pt', password: 'Demo-Pro-1967!' } });
  if (signIn.status !== 200) throw new Error(`login: ${signIn.status} ${signIn.text.slice(0, 200)}`);
  const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const cart = JSON.parse((await probe(`${BASE}/api/cart`, { method: 'POST', cookie, body: {} })).text).data.cart_id;
  const models = JSON.parse((await probe(`${BASE}/api/products/${encodeURIComponent(product.product_code)}/models`)).text).data;
  const model = models.find((m) => (m.sales_increment ?? 1) <= 1) ?? models[0];
  const added = await probe(`${BASE}/api/cart/${cart}/items`, { method: 'POST', cookie, body: { product_id: model.id, quantity_of_packages: model.sales_minimum ?? 1 } });
  if (added.status !== 201) throw new Error(`carrinho: ${added.status} ${added.text.slice(0, 200)}`);
  const placed = await probe(`${BASE}/api/checkout`, { method: 'POST', cookie, body: { delivery: { pickup: 'showroom' }, payment_method: 'bank_transfer' }, headers: { 'Idempotency-Key': `falhas-${Date.now()}` } });
  if (placed.status !== 201) throw new Error(`encomenda: ${placed.status} ${placed.text.slice(0, 300)}`);
  const orderId = JSON.parse(placed.text).data.order_id;
  const pdfUrl = `${BASE}/api/orders/${orderId}/pdf`;
  const deadline = Date.now() + 60_000;
  while ((await probe(pdfUrl, { cookie })).status !== 200) {
    if (Date.now() > deadline) throw new Error('o PDF da encomenda não ficou pronto em 60 s');
    await sleep(1000);
  }
  log(`preparado: ${guestPages.length} páginas em cache em cada instância, encomenda ${orderId} com PDF`);

  // ---- 1. PostgreSQL
  const seen = { cached: new Map(), api: new Map(), page: new Map(), write: new Map() };
  const count = (map, status) => map.set(status, (map.get(status) ?? 0) + 1);
  const bad = [];
  cluster.pg.stop('fast');
  log(`PostgreSQL parado por ${OUTAGE_MS / 1000} s`);
  const pgStopped = Date.now();
  while (Date.now() - pgStopped < OUTAGE_MS) {
    // Each instance directly, and through the balancer (which then has no ready instance).
    for (const base of [...cluster.instances.map((i) => i.url), BASE]) {
      for (const page of guestPages) count(seen.cached, (await probe(`${base}${page}`)).status);
    }
    const api = await probe(`${BASE}/api/user/product-pricing?product_ids=${encodeURIComponent(model.code)}`, { cookie });
    const page = await probe(`${BASE}/dashboard`, { cookie });
    const write = await probe(`${BASE}/api/cart/${cart}/items`, { method: 'POST', cookie, body: { product_id: model.id, quantity_of_packages: 1 } });
    count(seen.api, api.status);
    count(seen.page, page.status);
    count(seen.write, write.status);
    for (const [what, r] of [['API', api], ['página', page], ['escrita', write]]) {
      if (r.status === 503 && !r.headers.get('retry-after')) bad.push(`${what}: 503 sem Retry-After`);
      if (r.status === 503 && what !== 'página' && !/"code":"unavailable"/.test(r.text)) bad.push(`${what}: 503 sem o erro JSON`);
      if (r.status >= 500 && r.status !== 503) bad.push(`${what}: ${r.status}`);
      if (STACK.test(r.text)) bad.push(`${what}: rasto da pilha na resposta`);
    }
    await sleep(500);
  }
  const fmt = (map) => [...map].map(([s, n]) => `${s}×${n}`).join(' ');
  log(`sem PostgreSQL: páginas em cache ${fmt(seen.cached)}; API ${fmt(seen.api)}; página sem cache ${fmt(seen.page)}; escrita ${fmt(seen.write)}`);
  goal([...seen.cached.keys()].every((s) => s === 200), 'sem PostgreSQL, as páginas do catálogo já visitadas respondem 200');
  goal([...seen.api.keys(), ...seen.page.keys(), ...seen.write.keys()].every((s) => s === 503 || s === 200), 'sem PostgreSQL, APIs e páginas sem cache respondem 503 (ou 200), nunca 500');
  goal(bad.length === 0, `503 com Retry-After e o erro JSON, sem rastos de pilha${bad.length ? ` (${[...new Set(bad)].join('; ')})` : ''}`);

  cluster.pg.start();
  const back = Date.now();
  let recovered = null;
  while (Date.now() - back < 30_000) {
    const results = await Promise.all(
      cluster.instances.flatMap((i) => [probe(`${i.url}/dashboard`, { cookie }), probe(`${i.url}/api/user/product-pricing?product_ids=${encodeURIComponent(model.code)}`, { cookie })]),
    );
    if (results.every((r) => r.status === 200)) {
      recovered = Date.now() - back;
      break;
    }
    await sleep(200);
  }
  goal(recovered !== null && recovered <= 10_000, `tudo de volta ${recovered === null ? 'NUNCA (30 s)' : `em ${(recovered / 1000).toFixed(1)} s`} depois do regresso do PostgreSQL, sem reiniciar (objetivo ≤ 10 s)`);

  // ---- 2. Redis
  if (cluster.redis) {
    await cluster.redis.stop('SIGKILL');
    log(`Redis parado por ${OUTAGE_MS / 1000} s`);
    const redisStopped = Date.now();
    const errors = [];
    let requests = 0;
    const terms = ['torneira', 'válvula', 'tubo', 'radiador'];
    while (Date.now() - redisStopped < OUTAGE_MS) {
      const batch = [
        probe(`${BASE}/produtos?search=${encodeURIComponent(terms[requests % terms.length])}`),
        probe(`${BASE}${product.url}`),
        probe(`${BASE}/api/products/search?q=${encodeURIComponent(terms[requests % terms.length])}&limit=8`),
        probe(`${BASE}/api/cart/${cart}/items`, { method: 'POST', cookie, body: { product_id: model.id, quantity_of_packages: 1 } }),
        probe(`${BASE}/dashboard`, { cookie }),
      ];
      if (requests % 10 === 0) batch.push(probe(`${BASE}/api/auth/sign-in/email`, { method: 'POST', body: { email: 'cliente@demo.casadasaguas.pt', password: 'Demo-Cliente-1967!' } }));
      for (const r of await Promise.all(batch)) {
        requests++;
        if (r.status === 0 || r.status >= 500) errors.push(r.status);
      }
      await sleep(300);
    }
    await cluster.redis.start();
    goal(errors.length === 0, `sem Redis: ${errors.length} erros em ${requests} pedidos de clientes (objetivo 0)`);
  }

  // ---- 3. S3
  if (cluster.s3) {
    await cluster.s3.stop('SIGKILL');
    log('S3 parado');
    const pdf = await probe(pdfUrl, { cookie });
    const pages = await Promise.all(guestPages.map((p) => probe(`${BASE}${p}`)));
    goal(pdf.status === 503 && /"code":"unavailable"/.test(pdf.text) && !!pdf.headers.get('retry-after'), `sem S3, o PDF da encomenda responde ${pdf.status} (objetivo 503 com Retry-After e o erro JSON)`);
    goal(
      pages.every((p) => p.status === 200),
      `sem S3, as páginas respondem ${pages.map((p) => p.status).join(', ')} (objetivo 200)`,
    );
    await cluster.s3.start();
    let again = 0;
    for (let i = 0; i < 20 && again !== 200; i++) {
      again = (await probe(pdfUrl, { cookie })).status;
      if (again !== 200) await sleep(500);
    }
    goal(again === 200, `S3 de volta: o PDF descarrega outra vez (${again})`);
  }
} catch (err) {
  console.error(`[falhas] erro: ${err instanceof Error ? err.stack : err}`);
  exitCode = 1;
} finally {
  await cluster.stop();
  if (!process.env.OUTAGE_KEEP) fs.rmSync(cluster.dir, { recursive: true, force: true });
  else log(`pasta mantida: ${cluster.dir}`);
}
const failed = goals.filter((g) => !g.ok);
console.log(`\n${goals.length - failed.length}/${goals.length} objetivos cumpridos.`);
process.exit(exitCode || (failed.length ? 1 : 0));
