#!/usr/bin/env node
/**
 * npm run bench:load: LOAD_MINUTES (default 5) at LOAD_FACTOR (default 1.5) × the busy
 * day's peak assumed below, against the cluster (three instances behind HAProxy on PostgreSQL,
 * Redis and S3: scripts/cluster-support.mjs). Arrivals are open (a fixed rate, whatever the answer
 * times), spread at random within each second. Prints, per kind of request, the count, errors
 * (no answer, 5xx, or an unexpected 4xx), p50 and p95; exit 1 when errors reach 0.1 %.
 *
 * The busy day's peak (per minute), for a regional distributor with a showroom, installers ordering
 * from their vans and the public browsing:
 *   pages (home, listings, product pages, as guests)  240
 *   searches (result pages and suggestions)           60
 *   signed-in pages (prices, account)                   40
 *   cart changes                                        20
 *   orders                                               2
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

process.chdir(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
const { startCluster, sleep } = await import('./cluster-support.mjs');

const MINUTES = Number(process.env.LOAD_MINUTES ?? 5);
const FACTOR = Number(process.env.LOAD_FACTOR ?? 1.5);
const PEAK = { pages: 240, searches: 60, signedIn: 40, cart: 20, orders: 2 };
const log = (line) => console.log(`[carga] ${line}`);

const cluster = await startCluster({ instances: Number(process.env.LOAD_INSTANCES ?? 3), log });
const BASE = cluster.url;
const stats = new Map();
function record(kind, ms, ok, status) {
  const s = stats.get(kind) ?? { times: [], errors: 0, statuses: new Map() };
  s.times.push(ms);
  if (!ok) {
    s.errors++;
    s.statuses.set(status, (s.statuses.get(status) ?? 0) + 1);
  }
  stats.set(kind, s);
}
async function timed(kind, url, { method = 'GET', cookie, body, headers = {}, expect = (s) => s < 400 } = {}) {
  const t0 = performance.now();
  try {
    const answer = await fetch(url, {
      method,
      headers: { origin: BASE, 'accept-encoding': 'gzip', ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    });
    const text = await answer.text();
    record(kind, performance.now() - t0, expect(answer.status), answer.status);
    return { status: answer.status, text };
  } catch {
    record(kind, performance.now() - t0, false, 0);
    return { status: 0, text: '' };
  }
}

let exitCode = 0;
try {
  // What the traffic picks from: the catalogue's pages, search terms, two signed-in customers.
  const pages = ['/'];
  const models = [];
  for (const chapter of [10, 20, 30, 40, 50]) {
    const listing = await (await fetch(`${BASE}/api/products/by-chapter?chapter=${chapter}&limit=30`)).json().catch(() => ({ data: [] }));
    for (const p of listing.data ?? []) {
      pages.push(p.url, p.url.split('/').slice(0, 4).join('/'));
      if (chapter === 40 && models.length < 20) {
        const m = await (await fetch(`${BASE}/api/products/${encodeURIComponent(p.product_code)}/models`)).json();
        for (const x of m.data ?? []) if ((x.sales_increment ?? 1) <= 1 && (x.sales_minimum ?? 1) <= 1) models.push(x);
      }
    }
  }
  const unique = [...new Set(pages)];
  const terms = ['torneira', 'válvula esfera', 'tubo multicamada', 'esquentador', 'radiador', 'bomba', 'filtro', 'joelho 1/2', 'manómetro', 'sifão', 'autoclismo', 'chuveiro', 'termoacumulador', 'caldeira', 'extintor', 'cloro'];
  const customers = [];
  for (const who of [
    { email: 'pro@demo.casadasaguas.pt', password: 'Demo-Pro-1967!' },
    { email: 'cliente@demo.casadasaguas.pt', password: 'Demo-Cliente-1967!' },
  ]) {
    const answer = await fetch(`${BASE}/api/auth/sign-in/email`, { method: 'POST', headers: { 'content-type': 'application/json', origin: BASE }, body: JSON.stringify(who) });
    if (answer.status !== 200) throw new Error(`login ${who.email}: ${answer.status}`);
    const cookie = answer.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const cart = (await (await fetch(`${BASE}/api/cart`, { method: 'POST', headers: { cookie, origin: BASE, 'content-type': 'application/json' }, body: '{}' })).json()).data.cart_id;
    customers.push({ cookie, cart });
  }
  log(`${unique.length} páginas, ${terms.length} termos, ${models.length} modelos; ${MINUTES} min a ${FACTOR}× o pico (${Object.entries(PEAK).map(([k, v]) => `${k} ${Math.round(v * FACTOR)}/min`).join(', ')})`);

  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  let orderN = 0;
  const actions = {
    pages: () => timed('páginas', `${BASE}${pick(unique)}`),
    searches: () =>
      Math.random() < 0.5
        ? timed('pesquisa (página)', `${BASE}/produtos?search=${encodeURIComponent(pick(terms))}`)
        : timed('pesquisa (sugestões)', `${BASE}/api/products/search?q=${encodeURIComponent(pick(terms))}&limit=8`),
    signedIn: () => {
      const c = pick(customers);
      return Math.random() < 0.5
        ? timed('páginas com sessão', `${BASE}${pick(unique)}`, { cookie: c.cookie })
        : timed('preços (API)', `${BASE}/api/user/product-pricing?product_ids=${encodeURIComponent(pick(models).code)}`, { cookie: c.cookie });
    },
    cart: () => {
      const c = pick(customers);
      return timed('carrinho (API)', `${BASE}/api/cart/${c.cart}/items`, { method: 'POST', cookie: c.cookie, body: { product_id: pick(models).id, quantity_of_packages: 1 } });
    },
    orders: async () => {
      const c = customers[orderN % customers.length];
      const key = `carga-${Date.now()}-${orderN++}`;
      await timed('carrinho (API)', `${BASE}/api/cart/${c.cart}/items`, { method: 'POST', cookie: c.cookie, body: { product_id: pick(models).id, quantity_of_packages: 1 } });
      const placed = await timed('encomendas (API)', `${BASE}/api/checkout`, { method: 'POST', cookie: c.cookie, body: { delivery: { pickup: 'showroom' }, payment_method: 'bank_transfer' }, headers: { 'Idempotency-Key': key } });
      // The cart became the order: the customer's next cart.
      if (placed.status === 201) {
        const next = await fetch(`${BASE}/api/cart`, { method: 'POST', headers: { cookie: c.cookie, origin: BASE, 'content-type': 'application/json' }, body: '{}' }).then((r) => r.json()).catch(() => null);
        if (next?.data?.cart_id) c.cart = next.data.cart_id;
      }
    },
  };

  const until = Date.now() + MINUTES * 60_000;
  const inFlight = new Set();
  let second = 0;
  while (Date.now() < until) {
    const tick = Date.now();
    for (const [kind, perMinute] of Object.entries(PEAK)) {
      const rate = (perMinute * FACTOR) / 60;
      // This second's arrivals: the whole part, plus one more with the fractional part's chance.
      const count = Math.floor(rate) + (Math.random() < rate - Math.floor(rate) ? 1 : 0);
      for (let i = 0; i < count; i++) {
        const p = sleep(Math.random() * 1000).then(actions[kind]);
        inFlight.add(p);
        p.finally(() => inFlight.delete(p));
      }
    }
    if (++second % 30 === 0) log(`${second} s, ${inFlight.size} pedidos em curso`);
    await sleep(Math.max(0, 1000 - (Date.now() - tick)));
  }
  await Promise.allSettled([...inFlight]);

  let total = 0;
  let errors = 0;
  console.log('\n| pedido | n | erros | p50 | p95 |\n|---|---|---|---|---|');
  for (const [kind, s] of stats) {
    s.times.sort((x, y) => x - y);
    const at = (p) => s.times[Math.min(s.times.length - 1, Math.floor(p * s.times.length))];
    const why = [...s.statuses].map(([status, n]) => `${status || 'sem resposta'}×${n}`).join(', ');
    console.log(`| ${kind} | ${s.times.length} | ${s.errors}${why ? ` (${why})` : ''} | ${at(0.5).toFixed(0)} ms | ${at(0.95).toFixed(0)} ms |`);
    total += s.times.length;
    errors += s.errors;
  }
  const rate = (errors / Math.max(1, total)) * 100;
  console.log(`\n${total} pedidos em ${MINUTES} min, ${errors} erros (${rate.toFixed(3).replace('.', ',')} %; objetivo < 0,1 %)`);
  if (rate >= 0.1) exitCode = 1;
} catch (err) {
  console.error(`[carga] erro: ${err instanceof Error ? err.message : err}`);
  exitCode = 1;
} finally {
  await cluster.stop();
  fs.rmSync(cluster.dir, { recursive: true, force: true });
}
process.exit(exitCode);
