#!/usr/bin/env node
/**
 * npm run bench:cart — the buying core over HTTP (no pass/fail): `npm start`
 * (scripts/start.mjs) with the demo catalogue and demo accounts in a fresh temporary data folder;
 * the demo professional signs in, then BENCH_ROUNDS (300) rounds each send, in turn:
 *   - add-to-cart: `POST /api/cart/{id}/items` of a random demo model (its pack multiple), the
 *     server pricing and re-pricing the cart (emptied every 20 adds, so carts stay cart-sized);
 *   - pricing of 50 codes: `GET /api/user/product-pricing` with 50 random codes of 1,000 models
 *     (first-time and cached codes mixed, as a listing's prices are);
 *   - `GET /api/health` on the same server, the yardstick;
 *   - `GET /api/session` signed in: what reading the session alone costs (for reference).
 * Prints p50/p95 of each and the ratio of the p95s to /api/health's (goal ≤ 2).
 * Options: BENCH_PORT (3330), BENCH_ROUNDS (300).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { percentile, startApp } from './bench-support.mjs';

const port = Number(process.env.BENCH_PORT ?? 3330);
const rounds = Math.max(20, Number(process.env.BENCH_ROUNDS ?? 300));
const PRO = { email: 'pro@demo.casadasaguas.pt', password: 'Demo-Pro-1967!' };

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One request on the kept-alive connection: status, headers, parsed JSON body, milliseconds. */
function request(base, method, urlPath, { body, cookie } = {}) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers = { accept: 'application/json', origin: base };
    if (data) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(data.length) });
    if (cookie) headers.cookie = cookie;
    const started = process.hrtime.bigint();
    const req = http.request(`${base}${urlPath}`, { method, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        const text = Buffer.concat(chunks).toString('utf8');
        let json = null;
        try {
          json = text ? JSON.parse(text) : null;
        } catch {
          json = null;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, json, ms, text });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    if (data) req.write(data);
    req.end();
  });
}

function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), n: sorted.length };
}

let seed = 1967;
const rand = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
const pick = (list) => list[Math.floor(rand() * list.length)];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cart-'));
const app = await startApp({ port, dataDir, label: 'bench:cart', env: { SITE_URL: `http://127.0.0.1:${port}` } });
try {
  const base = app.base;
  const login = await request(base, 'POST', '/api/auth/sign-in/email', { body: PRO });
  if (login.status !== 200) throw new Error(`login do profissional de demonstração: ${login.status} ${login.text.slice(0, 200)}`);
  const setCookie = [login.headers['set-cookie'] ?? []].flat();
  const cookie = setCookie.map((c) => c.split(';')[0]).join('; ');

  // 1,000 models of the catalogue, through the public listing and the models endpoint (batched).
  const models = [];
  for (const chapter of [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 200]) {
    if (models.length >= 1000) break;
    const page = await request(base, 'GET', `/api/products/by-chapter?chapter=${chapter}&limit=50&offset=0&sort=name&order=asc`);
    const codesOfPage = (page.json?.data ?? []).map((p) => p.product_code);
    if (codesOfPage.length === 0) continue;
    const batch = await request(base, 'GET', `/api/products/models?product_codes=${encodeURIComponent(codesOfPage.join(','))}`);
    for (const rows of Object.values(batch.json?.data ?? {})) models.push(...rows);
  }
  if (models.length < 100) throw new Error(`poucos modelos encontrados (${models.length})`);
  const codes = models.map((m) => m.code);
  console.log(`bench:cart: ${models.length} modelos, ${rounds} voltas (adicionar · preços de 50 códigos · /api/health).`);

  const cart = await request(base, 'POST', '/api/cart', { body: {}, cookie });
  const cartId = cart.json?.data?.cart_id;
  if (!cartId) throw new Error(`POST /api/cart: ${cart.status} ${cart.text.slice(0, 200)}`);

  const times = { add: [], pricing: [], session: [], health: [] };
  const statuses = new Map();
  const count = (label, status) => statuses.set(`${label} ${status}`, (statuses.get(`${label} ${status}`) ?? 0) + 1);
  // A few rounds to warm the server up (not counted).
  for (let i = 0; i < rounds + 10; i++) {
    const counted = i >= 10;
    if (i % 20 === 0) await request(base, 'DELETE', `/api/cart/${cartId}/empty`, { cookie });
    const m = pick(models);
    const add = await request(base, 'POST', `/api/cart/${cartId}/items`, { body: { product_id: m.id, quantity_of_packages: m.sales_increment ?? 1, unit_price: 0 }, cookie });
    const sample = Array.from({ length: 50 }, () => pick(codes));
    const pricing = await request(base, 'GET', `/api/user/product-pricing?product_ids=${encodeURIComponent(sample.join(','))}`, { cookie });
    const health = await request(base, 'GET', '/api/health');
    const session = await request(base, 'GET', '/api/session', { cookie });
    if (!counted) continue;
    times.session.push(session.ms);
    times.add.push(add.ms);
    times.pricing.push(pricing.ms);
    times.health.push(health.ms);
    count('add', add.status);
    count('pricing', pricing.status);
    count('health', health.status);
  }
  const h = stats(times.health);
  const fmt = (v) => `${v.toFixed(1)} ms`;
  console.log('\n| pedido | p50 | p95 | p95 ÷ p95 de /api/health |');
  console.log('|---|---|---|---|');
  for (const [label, key] of [['adicionar ao carrinho', 'add'], ['preços de 50 códigos', 'pricing'], ['/api/session (só a sessão, referência)', 'session'], ['/api/health', 'health']]) {
    const s = stats(times[key]);
    console.log(`| ${label} | ${fmt(s.p50)} | ${fmt(s.p95)} | ${(s.p95 / h.p95).toFixed(2)}× |`);
  }
  console.log(`\nrespostas: ${[...statuses].map(([k, v]) => `${k}: ${v}`).join(', ')}`);
  console.log('objetivo: p95 de adicionar e de preços ≤ 2× o p95 de /api/health.');
} finally {
  await app.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
