#!/usr/bin/env node
/**
 * npm run chaos:orders: places orders against `npm start` on a real PostgreSQL while
 * the server is killed with SIGKILL at random and restarted, and PostgreSQL is restarted in
 * immediate mode (a crash: no checkpoint, every connection cut), then counts what survived.
 *
 * Self-contained on this machine: a throwaway PostgreSQL cluster (initdb in a temporary folder, a
 * free port; run as the `postgres` user when root), a real SMTP server in this process that keeps
 * every message the app sends (tests/helpers/smtp.ts), and the app started exactly as
 * `npm start` starts it (scripts/start.mjs: builds when the sources changed, migrates, seeds the
 * demo catalogue on the first start, serves) with DATABASE_URL, SMTP_URL and its own DATA_DIR.
 *
 * CHAOS_CLIENTS customers (own accounts, each with a default address) place CHAOS_ORDERS orders
 * between them, one after the other per customer: fill the cart over /api/cart, then POST
 * /api/checkout with a new Idempotency-Key, repeated with the same key and body until an answer
 * comes (2xx or 4xx; a 5xx, a refused or cut connection or a timeout is no answer). Meanwhile the
 * server's process group gets SIGKILL at CHAOS_KILLS random moments (each followed by a restart)
 * and PostgreSQL is restarted CHAOS_PG_RESTARTS times. Then it waits for the job worker to drain
 * (order mails and PDFs) and prints: orders acknowledged, orders in the database, duplicates, lost,
 * confirmation mails per order (and shop notices, PDFs), the 5xx answers and the timings. Exit code
 * 1 unless 0 lost, 0 duplicated and exactly one confirmation mail per order.
 *
 * Variables: CHAOS_ORDERS (1000), CHAOS_CLIENTS (10), CHAOS_KILLS (22), CHAOS_PG_RESTARTS (3),
 * CHAOS_PORT (3400), CHAOS_SEED (random), CHAOS_DRAIN_SECONDS (420), CHAOS_KEEP=1 keeps the
 * temporary folder (database, logs, PDFs).
 *
 * CHAOS_DB=pglite: the same against the embedded default (no DATABASE_URL: PGlite in the run's
 * DATA_DIR), without PostgreSQL and its restarts. The folder belongs to one process at a time, so
 * what the script asks the database (the customers' accounts, the models, the final figures) it
 * asks with the server stopped (scripts/chaos-db.ts); the drain is watched through the mails and
 * PDFs instead, and at the end the folder is opened again and every B-tree index checked against
 * its table (amcheck).
 *
 * CHAOS_CLUSTER=N (instance loss): the same against N instances of the shop behind
 * HAProxy (scripts/cluster-support.mjs: one PostgreSQL, Redis, S3), the submissions through the
 * balancer (CHAOS_PORT is its port). Each "kill" is a `kill -9` of one whole instance (a machine
 * lost), restarted 20 s later; the time until HAProxy takes it out of the rotation is printed.
 * Defaults there: 500 orders, 1 kill, no PostgreSQL restart.
 *
 * CHAOS_KILL=worker: each kill is a SIGKILL of the serving worker only
 * (its PID from DATA_DIR/worker.pid), which scripts/primary.mjs replaces, instead of the whole
 * process group followed by a new `npm start` (CHAOS_KILL=group, the default).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, portInUse, Postgres } from './cluster-support.mjs';
import { stopGroup } from './process-group.mjs';
import { startSmtpCapture } from '../tests/helpers/smtp.ts';
import { seededRandom } from '../lib/random.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const num = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
const CLUSTER = num('CHAOS_CLUSTER', 0);
const ORDERS = num('CHAOS_ORDERS', CLUSTER ? 500 : 1000);
const CLIENTS = num('CHAOS_CLIENTS', 10);
const KILLS = num('CHAOS_KILLS', CLUSTER ? 1 : 22);
const PGLITE = process.env.CHAOS_DB === 'pglite';
if (process.env.CHAOS_DB && !['pglite', 'postgres'].includes(process.env.CHAOS_DB)) throw new Error('CHAOS_DB: pglite ou postgres');
const KILL_WORKER = process.env.CHAOS_KILL === 'worker';
const PG_RESTARTS = PGLITE ? 0 : num('CHAOS_PG_RESTARTS', CLUSTER ? 0 : 3);
if (CLUSTER && PGLITE) throw new Error('CHAOS_CLUSTER: só com PostgreSQL');
const PORT = num('CHAOS_PORT', 3400);
const SEED = num('CHAOS_SEED', Math.floor(Math.random() * 2 ** 31));
const DRAIN_MS = num('CHAOS_DRAIN_SECONDS', 420) * 1000;
const KEEP = process.env.CHAOS_KEEP === '1';
const PASSWORD = 'Caos-Encomendas-2026!';
const BASE = `http://127.0.0.1:${PORT}`;
const SHOP_MAIL = 'encomendas@loja.example.pt';

// ---------------------------------------------------------------------------------------------
// Small tools

const random = seededRandom(SEED);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const started = Date.now();
const clock = () => `${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s`;
const log = (...args) => console.log(`[caos ${clock()}]`, ...args);

// The throwaway PostgreSQL and the port helpers: scripts/cluster-support.mjs.
const isRoot = process.getuid?.() === 0;

// ---------------------------------------------------------------------------------------------
// The app, as npm start runs it

class App {
  constructor(env, logFile) {
    this.env = env;
    this.logFile = logFile;
    this.child = null;
    this.starts = 0;
    this.kills = 0;
    this.restartMs = [];
  }
  start() {
    const out = fs.openSync(this.logFile, 'a');
    fs.writeSync(out, `\n===== start ${++this.starts} at ${clock()} =====\n`);
    // Its own process group: SIGKILL reaches start.mjs and the server it spawned at once.
    this.child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], { cwd: root, env: this.env, detached: true, stdio: ['ignore', out, out] });
    fs.closeSync(out);
    const child = this.child;
    this.exited = new Promise((resolve) => child.once('exit', resolve));
  }
  async kill() {
    const child = this.child;
    if (!child) return;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
    await this.exited;
    await this.groupGone();
    this.kills++;
  }
  /**
   * Until no process of the group is left: start.mjs (the primary) exits first, its workers can take
   * a moment longer to die (hundreds of MB to unmap), and until then the embedded database's lock
   * names a live process, so a new `npm start` would refuse the folder.
   */
  async groupGone(timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        process.kill(-this.child.pid, 0);
      } catch {
        return;
      }
      if (Date.now() > deadline) throw new Error(`o grupo de processos ${this.child.pid} não terminou em ${timeoutMs / 1000} s`);
      await sleep(20);
    }
  }
  /** A clean stop (SIGTERM to the group; SIGKILL after 30 s): the embedded database is free after it. */
  async stop() {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await stopGroup(child.pid, this.exited, 30_000);
    await this.groupGone();
  }
  /** The serving worker's PID (scripts/primary.mjs writes it), or null. */
  workerPid() {
    try {
      return Number(fs.readFileSync(path.join(this.env.DATA_DIR, 'worker.pid'), 'utf8').trim().split('\n')[0]) || null;
    } catch {
      return null;
    }
  }
  /** SIGKILL to the serving worker only; the primary puts another in its place. */
  async killWorker() {
    const t0 = Date.now();
    const pid = this.workerPid();
    if (!pid) throw new Error(`sem PID do trabalhador em ${this.env.DATA_DIR}/worker.pid`);
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* gone */
    }
    this.kills++;
    await this.ready(120_000, pid);
    this.restartMs.push(Date.now() - t0);
  }
  /** Until /api/health answers 200 (the server is up and reaches the database), from a worker other than `deadPid`. */
  async ready(timeoutMs, deadPid = null) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (deadPid !== null && (this.workerPid() ?? deadPid) === deadPid) {
        await sleep(50);
        continue;
      }
      try {
        const answer = await fetch(`${BASE}/api/health`, { signal: AbortSignal.timeout(2000) });
        await answer.arrayBuffer();
        if (answer.status === 200) return;
      } catch {
        /* not yet */
      }
      if (this.child?.exitCode !== null && this.child?.exitCode !== undefined) throw new Error(`o servidor terminou (código ${this.child.exitCode}); ver ${this.logFile}`);
      await sleep(150);
    }
    throw new Error(`o servidor não respondeu em ${timeoutMs / 1000} s; ver ${this.logFile}`);
  }
  async restart() {
    const t0 = Date.now();
    await this.kill();
    this.start();
    await this.ready(120_000);
    this.restartMs.push(Date.now() - t0);
  }
}

/** The same interface as App, for N instances behind HAProxy (CHAOS_CLUSTER). */
class ClusterApp {
  constructor(options) {
    this.options = options;
    this.cluster = null;
    this.restartMs = [];
    this.downMs = [];
    this.kills = 0;
  }
  start() {
    this.starting = import('./cluster-support.mjs').then(({ startCluster }) => startCluster(this.options)).then((c) => (this.cluster = c));
    this.starting.catch(() => undefined);
  }
  async ready() {
    await this.starting;
  }
  /** `kill -9` of one instance (in turn); the time until the balancer marks it DOWN; a new start 20 s later. */
  async restart() {
    const instance = this.cluster.instances[this.kills % this.cluster.instances.length];
    const t0 = Date.now();
    const down = this.cluster.downAfter(instance.id, t0, 30_000);
    await instance.kill();
    this.kills++;
    const ms = await down;
    this.downMs.push(ms);
    log(`instância ${instance.id} morta (kill -9); o balanceador tirou-a ${ms === null ? 'NUNCA (30 s)' : `em ${(ms / 1000).toFixed(1)} s`}`);
    this.restartMs.push(0);
    setTimeout(() => {
      instance.start().then(
        () => log(`instância ${instance.id} de volta`),
        (err) => log(`instância ${instance.id} não voltou: ${err.message}`),
      );
    }, 20_000);
  }
  async killWorker() {
    await this.restart();
  }
  async kill() {
    await this.cluster?.stop();
  }
  async stop() {
    await this.cluster?.stop();
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP client that retries until it has an answer

const stats = { requests: 0, answers5xx: 0, networkErrors: 0, timeouts: 0, lateErrors: [] };
const chaos = { lastEventAt: 0 };

/** One request; null when no answer (network error, timeout, 5xx). */
async function request(method, pathname, { token, body, headers = {} } = {}) {
  stats.requests++;
  try {
    const answer = await fetch(`${BASE}${pathname}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        origin: BASE,
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await answer.text();
    if (answer.status >= 500) {
      stats.answers5xx++;
      // A 5xx well after the last kill or database restart is a bug of recovery, not of the chaos.
      const since = Date.now() - chaos.lastEventAt;
      if (since > 15_000) stats.lateErrors.push(`${clock()} ${method} ${pathname} → ${answer.status} (${(since / 1000).toFixed(0)} s depois do último evento) ${text.slice(0, 200)}`);
      return null;
    }
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: answer.status, headers: answer.headers, json, text };
  } catch (err) {
    if (err?.name === 'TimeoutError') stats.timeouts++;
    else stats.networkErrors++;
    return null;
  }
}

/** Repeats the same request until it is answered (2xx/4xx), with a growing pause. */
async function untilAnswered(method, pathname, options, deadline) {
  let pause = 200;
  for (;;) {
    const answer = await request(method, pathname, options);
    if (answer) return answer;
    if (Date.now() > deadline) throw new Error(`${method} ${pathname}: sem resposta até ao fim do prazo`);
    await sleep(pause + random() * pause);
    pause = Math.min(pause * 2, 2000);
  }
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'chaos-orders-'));
  if (isRoot) fs.chmodSync(tmp, 0o755); // the postgres user must reach its folder inside
  const logFile = path.join(tmp, 'server.log');
  log(`pasta temporária ${tmp}; semente ${SEED}; ${ORDERS} encomendas, ${CLIENTS} clientes, ${KILLS} SIGKILL, ${PG_RESTARTS} reinícios do PostgreSQL`);
  if (await portInUse(PORT)) throw new Error(`a porta ${PORT} já está ocupada (CHAOS_PORT para outra)`);

  let postgres = PGLITE || CLUSTER ? null : new Postgres(path.join(tmp, 'pg'), await freePort());
  postgres?.init();
  if (postgres) log(`PostgreSQL em ${postgres.url} (${postgres.bin})`);
  else if (CLUSTER) log(`${CLUSTER} instâncias atrás do HAProxy em ${BASE}; cada «SIGKILL» é um kill -9 de uma instância inteira`);
  else log(`PGlite (base embutida) em ${path.join(tmp, 'data')}; cada SIGKILL ${KILL_WORKER ? 'só ao trabalhador (o primário substitui-o)' : 'ao grupo inteiro, seguido de um novo npm start'}`);
  const smtp = await startSmtpCapture();
  // When each message arrived (to set a repeated one against the kills and restarts in the log).
  const push = smtp.messages.push.bind(smtp.messages);
  smtp.messages.push = (...messages) => {
    for (const m of messages) m.receivedAt = clock().trim();
    return push(...messages);
  };
  log(`SMTP de captura em ${smtp.url}`);

  const env = {
    ...process.env,
    PORT: String(PORT),
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    SMTP_URL: smtp.url,
    SHOP_NOTIFY_EMAIL: SHOP_MAIL,
    DATA_DIR: path.join(tmp, 'data'),
    SITE_URL: BASE,
    DEMO_ACCOUNTS: '0',
  };
  delete env.NODE_OPTIONS;
  if (PGLITE) delete env.DATABASE_URL;
  const app = CLUSTER
    ? new ClusterApp({ instances: CLUSTER, port: PORT, dir: path.join(tmp, 'cluster'), smtpUrl: smtp.url, env: { SHOP_NOTIFY_EMAIL: SHOP_MAIL, DEMO_ACCOUNTS: '0' }, log: (line) => log(line) })
    : new App(env, logFile);
  let db;
  const cleanup = async () => {
    await app.kill().catch(() => undefined);
    await db?.end().catch(() => undefined);
    postgres?.stop();
    await smtp.close().catch(() => undefined);
    if (!KEEP) fs.rmSync(tmp, { recursive: true, force: true });
  };
  process.on('SIGINT', () => {
    cleanup().finally(() => process.exit(130));
  });
  // Whatever fails, the server and the cluster of this run do not outlive it.
  process.on('uncaughtException', (err) => {
    console.error('[caos] erro inesperado:', err);
    cleanup().finally(() => process.exit(1));
  });

  try {
    // First start: builds when needed, migrates, seeds the demo catalogue.
    log('primeiro arranque (npm start: compila se preciso, migra, cria o catálogo de demonstração)…');
    app.start();
    await app.ready(15 * 60_000);
    log('servidor pronto');
    if (CLUSTER) {
      postgres = app.cluster.pg;
      env.DATABASE_URL = postgres.url;
    }

    // Customers, their addresses and sessions; models sold by the unit. (PGlite: with the server
    // stopped, the folder has one owner at a time.)
    if (PGLITE) await app.stop();
    const made = spawnSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', path.join(root, 'scripts', 'chaos-support.ts'), 'accounts', String(CLIENTS), PASSWORD], {
      cwd: root,
      env,
      encoding: 'utf8',
    });
    if (made.status !== 0) throw new Error(`contas: ${made.stderr}`);
    const emails = JSON.parse(made.stdout.trim().split('\n').pop());
    if (postgres) {
      db = new pg.Pool({ connectionString: postgres.url, max: 2 });
      db.on('error', () => undefined);
    }
    const modelsSql = `
        select ip.id from inventory_products ip join products p on p.id = ip.product_id
        where p.active and coalesce(ip.sales_increment, 1) <= 1 and coalesce(ip.sales_minimum, 1) <= 1 and ip.price > 0
        order by ip.id limit 60`;
    const modelIds = (db ? (await db.query(modelsSql)).rows : embeddedQuery(env, [modelsSql])[0]).map((r) => r.id);
    if (PGLITE) {
      app.start();
      await app.ready(5 * 60_000);
    }
    if (modelIds.length < 10) throw new Error('o catálogo de demonstração não tem modelos suficientes');
    const setupDeadline = Date.now() + 120_000;
    const customers = [];
    for (const email of emails) {
      const signIn = await untilAnswered('POST', '/api/auth/sign-in/email', { body: { email, password: PASSWORD } }, setupDeadline);
      const token = signIn.headers.get('set-auth-token');
      if (signIn.status !== 200 || !token) throw new Error(`login de ${email}: ${signIn.status} ${signIn.text.slice(0, 200)}`);
      const address = await untilAnswered(
        'POST',
        '/api/addresses',
        {
          token,
          body: { label: 'Obra', name: `Cliente ${email.slice(5, 7)}`, nif: '123456789', line1: 'Rua da Estação, 12', postal_code: '4400-100', locality: 'Vila Nova de Gaia', is_default_delivery: true, is_default_billing: true },
        },
        setupDeadline,
      );
      if (address.status !== 201) throw new Error(`morada de ${email}: ${address.status} ${address.text.slice(0, 200)}`);
      customers.push({ email, token, addressId: address.json.data.id });
    }
    log(`${customers.length} clientes com sessão e morada; ${modelIds.length} modelos`);

    // The chaos schedule: moments given as fractions of the submissions started.
    const events = [
      ...Array.from({ length: KILLS }, () => ({ kind: 'kill', at: 0.03 + random() * 0.89 })),
      ...Array.from({ length: PG_RESTARTS }, (_, i) => ({ kind: 'pg', at: 0.1 + ((i + random()) / PG_RESTARTS) * 0.75 })),
    ].sort((a, b) => a.at - b.at);

    // Submissions: each client places its share one after the other.
    let next = 0;
    const submissions = [];
    const deadline = Date.now() + 20 * 60_000;
    const client = async (customer, c) => {
      for (;;) {
        const index = next++;
        if (index >= ORDERS) return;
        const key = `caos-${SEED}-${String(index).padStart(5, '0')}`;
        const record = { index, key, customer: c, attempts: 0, answers: [] };
        submissions.push(record);
        // The cart: the customer's active cart, one to three lines.
        const cart = await untilAnswered('POST', '/api/cart', { token: customer.token, body: {} }, deadline);
        if (cart.status !== 200) throw new Error(`carrinho: ${cart.status} ${cart.text.slice(0, 200)}`);
        const cartId = cart.json.data.cart_id;
        const lines = 1 + Math.floor(random() * 3);
        for (let l = 0; l < lines; l++) {
          const model = modelIds[Math.floor(random() * modelIds.length)];
          const added = await untilAnswered('POST', `/api/cart/${cartId}/items`, { token: customer.token, body: { product_id: model, quantity_of_packages: 1 + Math.floor(random() * 4) } }, deadline);
          if (added.status !== 201) throw new Error(`linha: ${added.status} ${added.text.slice(0, 200)}`);
        }
        // The submission: the same key and body until an answer.
        const body = { delivery: { address_id: customer.addressId }, payment_method: 'bank_transfer', notes: `submissão ${index}` };
        let pause = 200;
        for (;;) {
          record.attempts++;
          const answer = await request('POST', '/api/checkout', { token: customer.token, body, headers: { 'Idempotency-Key': key } });
          if (answer) {
            record.answers.push({ status: answer.status, orderId: answer.json?.data?.order_id ?? null, number: answer.json?.data?.number ?? null });
            record.status = answer.status;
            record.orderId = answer.json?.data?.order_id ?? null;
            record.number = answer.json?.data?.number ?? null;
            if (answer.status >= 400) record.error = answer.text.slice(0, 300);
            // A replay also checks idempotency: ask once more, the same order must come back.
            if (answer.status === 201 && random() < 0.05) {
              const again = await untilAnswered('POST', '/api/checkout', { token: customer.token, body, headers: { 'Idempotency-Key': key } }, deadline);
              record.answers.push({ status: again.status, orderId: again.json?.data?.order_id ?? null, number: again.json?.data?.number ?? null });
            }
            break;
          }
          if (Date.now() > deadline) throw new Error(`${key}: sem resposta`);
          await sleep(pause + random() * pause);
          pause = Math.min(pause * 2, 2000);
        }
      }
    };

    const chaosLoop = async () => {
      let kills = 0;
      let pgRestarts = 0;
      for (const event of events) {
        while (next < event.at * ORDERS) await sleep(25);
        await sleep(random() * 1200); // land anywhere inside the requests in flight
        chaos.lastEventAt = Date.now();
        if (event.kind === 'kill') {
          if (KILL_WORKER) await app.killWorker();
          else await app.restart();
          kills++;
          log(`SIGKILL ${kills}/${KILLS} ao ${KILL_WORKER ? 'trabalhador' : 'servidor'} (submissão ${next}); de pé outra vez em ${(app.restartMs.at(-1) / 1000).toFixed(1)} s`);
        } else {
          const t0 = Date.now();
          postgres?.restart();
          pgRestarts++;
          log(`PostgreSQL reiniciado (immediate) ${pgRestarts}/${PG_RESTARTS} (submissão ${next}) em ${((Date.now() - t0) / 1000).toFixed(1)} s`);
        }
        chaos.lastEventAt = Date.now();
      }
      return { kills, pgRestarts };
    };

    log('carga e caos a começar');
    const loadStarted = Date.now();
    const [, chaosDone] = await Promise.all([Promise.all(customers.map((customer, c) => client(customer, c))), chaosLoop()]);
    const loadSeconds = (Date.now() - loadStarted) / 1000;
    log(`todas as ${ORDERS} submissões respondidas em ${loadSeconds.toFixed(0)} s; à espera que o trabalhador de tarefas esvazie…`);

    // Drain: every order's mails sent and no order job left to run.
    const drainStarted = Date.now();
    // The kept PDFs: DATA_DIR/storage, or the cluster's bucket (s3rver keeps `<key>._S3rver_object`).
    const pdfDir = CLUSTER ? path.join(tmp, 'cluster', 's3', 'loja', 'orders') : path.join(env.DATA_DIR, 'storage', 'orders');
    const pdfSuffix = CLUSTER ? '.pdf._S3rver_object' : '.pdf';
    const countPdfs = () => (fs.existsSync(pdfDir) ? fs.readdirSync(pdfDir, { recursive: true }).filter((f) => String(f).endsWith(pdfSuffix)).length : 0);
    let pending = null;
    for (;;) {
      if (db) {
        const { rows } = await db.query(`
          select
            (select count(*)::int from order_mails where sent_at is null) as unsent,
            (select count(*)::int from pgboss.job where name in ('order-mail', 'order-pdf') and state in ('created', 'retry', 'active')) as jobs,
            (select count(*)::int from pgboss.job where name in ('order-mail', 'order-pdf') and state = 'failed') as failed`);
        pending = rows[0];
      } else {
        // PGlite: the database is the server's alone while it runs; watch what the jobs produce
        // (a confirmation and a shop notice per acknowledged order, its PDF). The database says
        // what is left once the server is stopped.
        const numbers = new Set(submissions.flatMap((x) => x.answers.filter((a) => a.status < 300 && a.number).map((a) => a.number)));
        const seen = { confirmation: new Set(), notice: new Set() };
        for (const m of smtp.messages) {
          const number = /EN-\d{4}-\d{6,}/.exec(m.subject)?.[0];
          if (number) seen[m.envelopeTo.includes(SHOP_MAIL) ? 'notice' : 'confirmation'].add(number);
        }
        const missing = [...numbers].filter((n) => !seen.confirmation.has(n) || !seen.notice.has(n)).length;
        const pdfsLeft = Math.max(0, numbers.size - countPdfs());
        pending = { unsent: missing, jobs: pdfsLeft, failed: '?' };
      }
      if (pending.unsent === 0 && pending.jobs === 0) break;
      if (Date.now() - drainStarted > DRAIN_MS) {
        log(`o trabalhador não esvaziou em ${DRAIN_MS / 1000} s: ${JSON.stringify(pending)}`);
        break;
      }
      if (Math.floor((Date.now() - drainStarted) / 1000) % 15 === 0) log(`por enviar: ${pending.unsent} ${db ? 'emails' : 'encomendas sem os dois emails'}, ${pending.jobs} ${db ? 'tarefas por correr' : 'PDF por gerar'}`);
      await sleep(1000);
    }
    const drainSeconds = (Date.now() - drainStarted) / 1000;
    await sleep(1500); // the last SMTP conversations end

    // The PDF route of the built server, as the customer opens it (a few orders).
    let pdfOverHttp = 0;
    const sample = submissions.filter((x) => x.orderId).slice(0, 5);
    for (const x of sample) {
      const answer = await untilAnswered('GET', `/api/orders/${x.orderId}/pdf`, { token: customers[x.customer].token }, Date.now() + 60_000);
      if (answer.status === 200 && answer.headers.get('content-type') === 'application/pdf' && answer.text.startsWith('%PDF')) pdfOverHttp++;
    }

    // ---- The figures (PGlite: with the server stopped, then the folder checked)
    const FIGURES = [
      `select o.id, o.number, k.key from orders o left join order_idempotency_keys k on k.order_id = o.id`,
      `select count(*)::int as n from (select cart_id from orders group by cart_id having count(*) > 1) x`,
      `select state, count(*)::int as n from (select state from pgboss.job where name in ('order-mail','order-pdf') union all select state from pgboss.archive where name in ('order-mail','order-pdf')) j group by state order by state`,
      `select count(*)::int as n from (select retry_count from pgboss.job where name in ('order-mail','order-pdf') union all select retry_count from pgboss.archive where name in ('order-mail','order-pdf')) j where retry_count > 0`,
      `select (select count(*)::int from order_mails where sent_at is null) as unsent, (select count(*)::int from pgboss.job where name in ('order-mail', 'order-pdf') and state in ('created', 'retry', 'active')) as jobs`,
    ];
    let figureRows;
    let integrity = null;
    if (db) figureRows = await Promise.all(FIGURES.map(async (q) => (await db.query(q)).rows));
    else {
      await app.stop();
      const t0 = Date.now();
      figureRows = embeddedQuery(env, FIGURES);
      integrity = { ...embeddedCheck(env), reopenMs: Date.now() - t0 };
    }
    const [dbOrders, perCartRows, jobRows, retriedRows, leftRows] = figureRows;
    const acknowledged = new Map(); // order id → number
    const keyOrders = new Map(); // key → set of order ids answered
    let refused = 0;
    for (const s of submissions) {
      const ids = new Set(s.answers.filter((a) => a.status < 300 && a.orderId).map((a) => a.orderId));
      keyOrders.set(s.key, ids);
      for (const a of s.answers) if (a.status < 300 && a.orderId) acknowledged.set(a.orderId, a.number);
      if (s.status >= 400) refused++;
    }
    const dbById = new Map(dbOrders.map((o) => [o.id, o]));
    const lost = [...acknowledged.keys()].filter((id) => !dbById.has(id));
    const keysWithTwo = [...keyOrders.entries()].filter(([, ids]) => ids.size > 1).map(([k]) => k);
    const unacknowledged = dbOrders.filter((o) => !acknowledged.has(o.id));
    const ourKeys = new Set(submissions.map((s) => s.key));
    const foreign = dbOrders.filter((o) => !o.key || !ourKeys.has(o.key));
    const perCart = perCartRows;
    const duplicates = keysWithTwo.length + unacknowledged.length + perCart[0].n;
    const left = leftRows[0];

    // Mails captured over SMTP, by order number and kind.
    const confirmations = new Map();
    const notices = new Map();
    const messageIds = new Map();
    for (const m of smtp.messages) {
      const number = /EN-\d{4}-\d{6,}/.exec(m.subject)?.[0];
      if (!number) continue;
      const map = m.envelopeTo.includes(SHOP_MAIL) ? notices : confirmations;
      map.set(number, (map.get(number) ?? 0) + 1);
      const id = `${number} ${m.envelopeTo.join(',')}`;
      messageIds.set(id, (messageIds.get(id) ?? new Set()).add(m.headers['message-id']));
    }
    const histogram = (map) => {
      const h = { 0: 0, 1: 0, '2+': 0 };
      for (const o of dbOrders) {
        const n = map.get(o.number) ?? 0;
        h[n === 0 ? 0 : n === 1 ? 1 : '2+']++;
      }
      return h;
    };
    const conf = histogram(confirmations);
    const notice = histogram(notices);
    const arrivals = (number) =>
      smtp.messages
        .filter((m) => m.subject.includes(number))
        .map((m) => `${m.envelopeTo.includes(SHOP_MAIL) ? 'loja' : 'cliente'} ${m.receivedAt}`)
        .join(', ');
    const twice = dbOrders
      .filter((o) => (confirmations.get(o.number) ?? 0) > 1 || (notices.get(o.number) ?? 0) > 1)
      .map((o) => `${o.number}: ${confirmations.get(o.number)}× + ${notices.get(o.number)}× (chegadas: ${arrivals(o.number)})`);
    const never = dbOrders.filter((o) => !confirmations.get(o.number)).map((o) => o.number);
    const pdfs = countPdfs();
    const attempts = submissions.reduce((s, x) => s + x.attempts, 0);
    const retried = retriedRows[0].n;

    const rows = [
      ['submissões (chaves de idempotência)', submissions.length],
      ['  tentativas de POST /api/checkout', attempts],
      ['  respondidas 2xx / 4xx', `${submissions.length - refused} / ${refused}`],
      ['encomendas confirmadas ao cliente (ids distintos)', acknowledged.size],
      ['encomendas na base de dados', dbOrders.length],
      ['duplicadas', duplicates],
      ['  chave com duas encomendas / encomenda sem resposta / carrinho com duas', `${keysWithTwo.length} / ${unacknowledged.length} / ${perCart[0].n}`],
      ['perdidas (confirmadas e ausentes)', lost.length],
      ['email de confirmação por encomenda: 0 / 1 / 2+', `${conf[0]} / ${conf[1]} / ${conf['2+']}`],
      ['aviso à loja por encomenda: 0 / 1 / 2+', `${notice[0]} / ${notice[1]} / ${notice['2+']}`],
      ['emails capturados por SMTP', smtp.messages.length],
      ['PDF guardados', `${pdfs} de ${dbOrders.length}`],
      ['  GET /api/orders/{id}/pdf pelo cliente: application/pdf', `${pdfOverHttp} de ${sample.length}`],
      ['tarefas (order-mail, order-pdf) por estado', jobRows.map((r) => `${r.state} ${r.n}`).join(', ')],
      ['  tarefas que precisaram de nova tentativa', retried],
      ['  por fazer no fim: emails por enviar / tarefas por correr', `${left.unsent} / ${left.jobs}`],
      CLUSTER
        ? [`kill -9 de uma instância (de ${CLUSTER})`, `${chaosDone.kills} (fora do balanceador em ${app.downMs.map((ms) => (ms === null ? 'nunca' : `${(ms / 1000).toFixed(1)} s`)).join(', ')})`]
        : [`SIGKILL ${KILL_WORKER ? 'ao trabalhador (o primário substitui-o)' : 'ao servidor (com reinício)'}`, `${chaosDone.kills} (reinício p50 ${percentile(app.restartMs, 0.5)} s, máx. ${percentile(app.restartMs, 1)} s)`],
      ...(PGLITE
        ? [['base de dados', 'PGlite (embutida)'], ['  pasta reaberta no fim / índices B-tree verificados (amcheck)', `${(integrity.reopenMs / 1000).toFixed(1)} s / ${integrity.indexes}, ${integrity.corrupt.length} com erros`]]
        : [['reinícios do PostgreSQL (immediate)', chaosDone.pgRestarts]]),
      ['pedidos HTTP / sem resposta (rede, 5xx, timeout)', `${stats.requests} / ${stats.networkErrors}, ${stats.answers5xx}, ${stats.timeouts}`],
      ['5xx mais de 15 s depois de um evento', stats.lateErrors.length],
      ['tempo de carga / de esvaziamento', `${loadSeconds.toFixed(0)} s / ${drainSeconds.toFixed(0)} s`],
    ];
    const width = Math.max(...rows.map(([k]) => k.length));
    console.log(`\nnpm run chaos:orders${PGLITE ? ' (CHAOS_DB=pglite' + (KILL_WORKER ? ', CHAOS_KILL=worker)' : ')') : ''} — semente ${SEED}\n`);
    for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
    console.log('');
    if (foreign.length) console.log(`encomendas sem chave desta corrida: ${foreign.map((o) => o.number).join(', ')}`);
    if (lost.length) console.log(`perdidas: ${lost.join(', ')}`);
    if (keysWithTwo.length) console.log(`chaves com duas encomendas: ${keysWithTwo.join(', ')}`);
    if (twice.length) console.log(`emails repetidos:\n  ${twice.join('\n  ')}`);
    if (never.length) console.log(`sem confirmação: ${never.slice(0, 20).join(', ')}${never.length > 20 ? '…' : ''}`);
    for (const s of submissions.filter((x) => x.status >= 400).slice(0, 5)) console.log(`recusada ${s.key}: ${s.status} ${s.error}`);
    for (const line of stats.lateErrors.slice(0, 10)) console.log(`5xx tardio: ${line}`);
    for (const line of integrity?.corrupt ?? []) console.log(`índice com erros: ${line}`);

    const ok =
      lost.length === 0 &&
      duplicates === 0 &&
      refused === 0 &&
      conf[1] === dbOrders.length &&
      acknowledged.size === dbOrders.length &&
      pdfOverHttp === sample.length &&
      (integrity === null || integrity.corrupt.length === 0) &&
      chaosDone.kills >= KILLS &&
      chaosDone.pgRestarts >= PG_RESTARTS;
    console.log(ok ? 'OBJETIVO CUMPRIDO: 0 perdidas, 0 duplicadas, exatamente um email de confirmação por encomenda.' : 'OBJETIVO FALHADO (ver acima).');
    if (!ok || KEEP) console.log(`registo do servidor: ${logFile}${KEEP ? '' : ' (apagado; CHAOS_KEEP=1 para o guardar)'}`);
    process.exitCode = ok ? 0 : 1;
  } catch (err) {
    console.error(`[caos] erro: ${err instanceof Error ? err.stack : err}`);
    try {
      console.error(fs.readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n'));
    } catch {
      /* no log */
    }
    process.exitCode = 1;
  } finally {
    await cleanup();
  }
  // The customers' loops may still be retrying after a failure: the run is over.
  process.exit(process.exitCode ?? 0);
}

/** PGlite: the rows of each statement, asked with the server stopped (scripts/chaos-db.ts). */
function embeddedQuery(env, statements) {
  const run = spawnSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', path.join(root, 'scripts', 'chaos-db.ts'), 'query', ...statements], { cwd: root, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`chaos-db.ts query: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').pop());
}

/** PGlite: the folder opened again and its B-tree indexes checked against their tables. */
function embeddedCheck(env) {
  const run = spawnSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', path.join(root, 'scripts', 'chaos-db.ts'), 'check'], { cwd: root, env, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  if (run.status !== 0) return { indexes: 0, corrupt: [`a pasta não abriu: ${run.stderr.trim().split('\n').slice(-3).join(' ')}`] };
  return JSON.parse(run.stdout.trim().split('\n').pop());
}

function percentile(values, p) {
  if (!values.length) return '-';
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[Math.min(sorted.length - 1, Math.floor(p * (sorted.length - 1)))] / 1000).toFixed(1);
}

main();
