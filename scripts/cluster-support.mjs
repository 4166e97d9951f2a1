/**
 * The pieces of a shop on several machines, started on this one for the tests, the benches and
 * `npm run cluster`: a throwaway PostgreSQL, Redis, an S3 server, an SMTP capture, N instances of
 * the shop (each one `npm start`: a primary and its workers) and HAProxy in front. Everything
 * listens on 127.0.0.1 only and lives under one temporary folder; `stop()` ends it all.
 *
 * Each piece can be stopped and started again on its own (the outage scripts do): PostgreSQL,
 * Redis, S3 and each instance keep their port and their data.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { stopGroup } from './process-group.mjs';

/** The repository: the working folder (npm run sets it; scripts/cluster.mjs makes sure). No import.meta: Playwright loads this file too. */
export const root = process.cwd();
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A free TCP port on the loopback address. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

export function portInUse(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function untilPort(port, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await portInUse(port)) return;
    await sleep(50);
  }
  throw new Error(`${what} não abriu a porta ${port} em ${timeoutMs / 1000} s`);
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL: a throwaway cluster

const isRoot = process.getuid?.() === 0;
/** Started here and not stopped: stopped when this process exits. */
const runningPostgres = new Set();
process.once('exit', () => {
  for (const pg of runningPostgres) pg.stop('immediate');
});

export function pgBin() {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, 'bin', 'pg_ctl'))) : [];
  versions.sort((a, b) => Number(a) - Number(b));
  if (!versions.length) throw new Error('PostgreSQL não encontrado em /usr/lib/postgresql. Instale-o: apt-get install -y postgresql');
  return path.join(base, versions[versions.length - 1], 'bin');
}

function asPostgres(command) {
  const result = isRoot
    ? spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', command], { encoding: 'utf8' })
    : spawnSync('/bin/sh', ['-c', command], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command}\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

export class Postgres {
  constructor(dir, port) {
    this.bin = pgBin();
    this.dir = dir;
    this.data = path.join(dir, 'pgdata');
    this.port = port;
    this.url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  }
  init() {
    fs.mkdirSync(this.dir, { recursive: true });
    if (isRoot) spawnSync('chown', ['postgres', this.dir]);
    asPostgres(`${this.bin}/initdb -D ${this.data} -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 > ${this.dir}/initdb.log 2>&1`);
    this.start();
  }
  start() {
    runningPostgres.add(this);
    asPostgres(
      `${this.bin}/pg_ctl -D ${this.data} -l ${this.dir}/postgres.log -w -t 60 ` +
        `-o "-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=on" start > /dev/null`,
    );
  }
  /** `-m immediate`: like a crash; committed transactions survive through the WAL, every connection is cut. */
  restart() {
    asPostgres(`${this.bin}/pg_ctl -D ${this.data} -l ${this.dir}/postgres.log -w -t 60 -m immediate restart > /dev/null`);
  }
  stop(mode = 'fast') {
    runningPostgres.delete(this);
    try {
      asPostgres(`${this.bin}/pg_ctl -D ${this.data} -w -t 30 -m ${mode} stop > /dev/null`);
    } catch {
      /* already down */
    }
  }
}

// ---------------------------------------------------------------------------------------------
// A child process that can be stopped and started again on the same port

/** Every process group started here and still running: killed when this process exits, however it exits. */
const running = new Set();
process.once('exit', () => {
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
});

// A SIGTERM or SIGHUP (a timeout, a closed terminal) ends the process through 'exit', so the hook
// above still runs (Node's default for those signals skips it).
for (const signal of ['SIGTERM', 'SIGHUP']) {
  if (process.listenerCount(signal) === 0) process.once(signal, () => process.exit(128 + (signal === 'SIGTERM' ? 15 : 1)));
}

class Daemon {
  constructor(name, command, args, { env = process.env, logFile, port }) {
    Object.assign(this, { name, command, args, env, logFile, port, child: null });
  }
  async start() {
    const out = fs.openSync(this.logFile, 'a');
    this.child = spawn(this.command, this.args, { cwd: root, env: this.env, detached: true, stdio: ['ignore', out, out] });
    fs.closeSync(out);
    const child = this.child;
    running.add(child);
    this.exited = new Promise((resolve) => child.once('exit', resolve)).finally(() => running.delete(child));
    await untilPort(this.port, 30_000, this.name);
  }
  /** SIGKILL (default) or SIGTERM to the process group; resolves when it is gone. */
  async stop(signal = 'SIGTERM') {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await stopGroup(child.pid, this.exited, 20_000, signal);
    // Until the port is free (the group's other processes may take a moment longer).
    const deadline = Date.now() + 20_000;
    while ((await portInUse(this.port)) && Date.now() < deadline) await sleep(50);
  }
}

export async function startRedis(dir, port) {
  const bin = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((f) => fs.existsSync(f));
  if (!bin) throw new Error('redis-server não encontrado. Instale-o: apt-get install -y redis-server');
  const redis = new Daemon('Redis', bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { logFile: path.join(dir, 'redis.log'), port });
  await redis.start();
  redis.url = `redis://127.0.0.1:${port}`;
  return redis;
}

/** s3rver (the S3 API on the local disk), its bucket created. */
export async function startS3(dir, port, bucket) {
  const script = `
    const S3rver = require('s3rver');
    new S3rver({ port: ${port}, address: '127.0.0.1', silent: true, directory: ${JSON.stringify(path.join(dir, 's3'))}, configureBuckets: [{ name: ${JSON.stringify(bucket)} }] })
      .run().catch((err) => { console.error(err); process.exit(1); });`;
  const s3 = new Daemon('S3 (s3rver)', process.execPath, ['-e', script], { logFile: path.join(dir, 's3.log'), port });
  await s3.start();
  s3.env = { S3_BUCKET: bucket, AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${port}`, AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };
  return s3;
}

/** A real SMTP server that keeps every mail as <dir>/<time>-<n>.eml with its envelope in a .json. */
export async function startSmtp(dir, port) {
  const mailDir = path.join(dir, 'mail');
  fs.mkdirSync(mailDir, { recursive: true });
  const script = `
    const fs = require('node:fs'); const path = require('node:path');
    const { SMTPServer } = require('smtp-server');
    let n = 0;
    new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], onData(stream, session, callback) {
      const chunks = []; stream.on('data', (c) => chunks.push(c));
      stream.on('end', () => { const name = Date.now() + '-' + String(++n).padStart(5, '0');
        fs.writeFileSync(path.join(${JSON.stringify(mailDir)}, name + '.json'), JSON.stringify({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address) }));
        fs.writeFileSync(path.join(${JSON.stringify(mailDir)}, name + '.eml'), Buffer.concat(chunks)); callback(); });
    } }).listen(${port}, '127.0.0.1');`;
  const smtp = new Daemon('SMTP', process.execPath, ['-e', script], { logFile: path.join(dir, 'smtp.log'), port });
  await smtp.start();
  smtp.url = `smtp://127.0.0.1:${port}`;
  smtp.mailDir = mailDir;
  return smtp;
}

// ---------------------------------------------------------------------------------------------
// The shop's instances

export class Instance {
  constructor(id, port, env, dir) {
    this.id = id;
    this.port = port;
    this.dir = dir;
    this.logFile = path.join(dir, `${id}.log`);
    this.env = { ...env, PORT: String(port), INSTANCE_ID: id, DATA_DIR: path.join(dir, `data-${id}`) };
    this.daemon = new Daemon(`instância ${id}`, process.execPath, [path.join(root, 'scripts', 'start.mjs')], { env: this.env, logFile: this.logFile, port });
    this.url = `http://127.0.0.1:${port}`;
  }
  async start(timeoutMs = 180_000) {
    await this.daemon.start().catch(() => undefined);
    await this.ready(timeoutMs);
  }
  /** Until /api/health answers 200 (the instance serves and reaches the database). */
  async ready(timeoutMs = 180_000) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      try {
        const answer = await fetch(`${this.url}/api/health`, { signal: AbortSignal.timeout(3000) });
        await answer.arrayBuffer();
        if (answer.status === 200) return;
      } catch {
        /* not yet */
      }
      const child = this.daemon.child;
      if (child && child.exitCode !== null) throw new Error(`a instância ${this.id} terminou (código ${child.exitCode}); ver ${this.logFile}`);
      await sleep(250);
    }
    throw new Error(`a instância ${this.id} não respondeu em ${timeoutMs / 1000} s; ver ${this.logFile}`);
  }
  /** `kill -9` of the whole instance (its primary and workers), as a machine that dies. */
  kill() {
    return this.daemon.stop('SIGKILL');
  }
  stop() {
    return this.daemon.stop('SIGTERM');
  }
}

// ---------------------------------------------------------------------------------------------
// HAProxy

/**
 * HAProxy in front of the instances: round robin, a health check every `checkMs` on the readiness
 * route (two failures take an instance out, two successes put it back), and a request that could
 * not reach an instance (connection refused or reset before any answer) is tried on another one.
 * Nothing that reached an instance is replayed: an order is retried by its client with the same
 * Idempotency-Key, never by the balancer.
 */
export async function startHaproxy(dir, port, instances, { checkMs = 1000, checkPath = '/api/health/ready' } = {}) {
  const bin = ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy', '/usr/bin/haproxy'].find((f) => fs.existsSync(f));
  if (!bin) throw new Error('haproxy não encontrado. Instale-o: apt-get install -y haproxy');
  const config = [
    'global',
    '  maxconn 4096',
    // State changes of the servers (UP/DOWN) on standard output, i.e. haproxy.log.
    '  log stdout format raw local0 notice',
    'defaults',
    '  log global',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-request 30s',
    // A check answered within 3 s counts (a busy instance is not a dead one); `inter` apart.
    '  timeout check 3s',
    '  retries 2',
    '  option redispatch',
    '  retry-on conn-failure empty-response',
    '  option forwardfor',
    `frontend shop`,
    `  bind 127.0.0.1:${port}`,
    '  default_backend instances',
    'backend instances',
    '  balance roundrobin',
    `  option httpchk GET ${checkPath}`,
    '  http-check expect status 200',
    // When no instance is ready (the database is down for all of them), every instance is used as
    // it is rather than none: each still serves its cached pages and answers the rest with its own
    // 503, Retry-After and JSON error, instead of the balancer's bare 503.
    '  option allbackups',
    ...instances.map((i) => `  server ${i.id} 127.0.0.1:${i.port} check inter ${checkMs} fall 2 rise 2`),
    ...instances.map((i) => `  server ${i.id}-as-is 127.0.0.1:${i.port} backup`),
    '',
  ].join('\n');
  const file = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(file, config);
  const check = spawnSync(bin, ['-c', '-f', file], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`configuração do HAProxy recusada:\n${check.stdout}${check.stderr}`);
  const haproxy = new Daemon('HAProxy', bin, ['-db', '-f', file], { logFile: path.join(dir, 'haproxy.log'), port });
  await haproxy.start();
  haproxy.url = `http://127.0.0.1:${port}`;
  return haproxy;
}

// ---------------------------------------------------------------------------------------------
// The whole cluster

/** Milliseconds from `since` until a line matching `pattern` appears in `file` (not counting lines there before), or null. */
async function untilLogged(file, pattern, since, timeoutMs = 30_000) {
  const before = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter((l) => pattern.test(l)).length : 0;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const count = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter((l) => pattern.test(l)).length : 0;
    if (count > before) return Date.now() - since;
    await sleep(20);
  }
  return null;
}

/**
 * @param {{ instances?: number, workers?: number, redis?: boolean, s3?: boolean, dir?: string,
 *   port?: number, log?: (line: string) => void, env?: Record<string, string> }} options
 */
export async function startCluster({ instances = 3, workers = 1, redis = true, s3 = true, smtpUrl, dir, port, log = (l) => console.log(l), env = {} } = {}) {
  dir ??= fs.mkdtempSync('/tmp/loja-cluster-');
  fs.mkdirSync(dir, { recursive: true });
  // PostgreSQL runs as its own user (when this runs as root) and must reach its folder inside.
  fs.chmodSync(dir, 0o755);
  const parts = { dir, pg: null, redis: null, s3: null, smtp: null, instances: [], haproxy: null };
  const stop = async () => {
    await parts.haproxy?.stop();
    await Promise.all(parts.instances.map((i) => i.stop()));
    await parts.smtp?.stop();
    await parts.s3?.stop();
    await parts.redis?.stop();
    parts.pg?.stop('immediate');
  };
  try {
    // The build, once, before the instances (each `npm start` would otherwise check it).
    const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'start.mjs'), '--build-only'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('a compilação falhou');

    parts.pg = new Postgres(path.join(dir, 'pg'), await freePort());
    parts.pg.init();
    log(`PostgreSQL em ${parts.pg.url}`);
    if (redis) {
      parts.redis = await startRedis(dir, await freePort());
      log(`Redis em ${parts.redis.url}`);
    }
    if (s3) {
      parts.s3 = await startS3(dir, await freePort(), 'loja');
      log(`S3 (s3rver) em ${parts.s3.env.AWS_ENDPOINT_URL_S3}, bucket loja`);
    }
    if (!smtpUrl) {
      parts.smtp = await startSmtp(dir, await freePort());
      log(`SMTP (captura) em ${parts.smtp.url}, mensagens em ${parts.smtp.mailDir}`);
    }

    const balancerPort = port ?? (await freePort());
    // The same configuration and secrets on every instance (docs/deploy.md).
    const shared = {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: parts.pg.url,
      SMTP_URL: smtpUrl ?? parts.smtp.url,
      SITE_URL: `http://127.0.0.1:${balancerPort}`,
      DEMO_ACCOUNTS: '1',
      BETTER_AUTH_SECRET: 'cluster-only-secret-0123456789-abcdefghijklmnop',
      IP_HASH_SALT: 'cluster-only-ip-salt',
      TRUSTED_PROXY_COUNT: '1',
      WEB_CONCURRENCY: String(workers),
      SPARE_WORKER: '0',
      // The build made above, shared by every instance: none rebuilds it.
      NO_BUILD: '1',
      ...(parts.redis ? { REDIS_URL: parts.redis.url } : {}),
      ...(parts.s3 ? parts.s3.env : {}),
      ...env,
    };
    for (let n = 1; n <= instances; n++) parts.instances.push(new Instance(`i${n}`, await freePort(), shared, dir));
    // The first one alone: it applies the migrations and seeds the demo catalogue.
    await parts.instances[0].start();
    await Promise.all(parts.instances.slice(1).map((i) => i.start()));
    for (const i of parts.instances) log(`instância ${i.id} em ${i.url} (registo: ${i.logFile})`);
    parts.haproxy = await startHaproxy(dir, balancerPort, parts.instances, process.env.CLUSTER_CHECK_PATH ? { checkPath: process.env.CLUSTER_CHECK_PATH } : {});
    // Until the balancer has seen every instance healthy.
    const deadline = Date.now() + 30_000;
    const seen = new Set();
    while (seen.size < instances && Date.now() < deadline) {
      const answer = await fetch(`${parts.haproxy.url}/api/health`).catch(() => null);
      const by = answer?.headers.get('x-served-by');
      if (answer?.ok && by) seen.add(by);
      await answer?.arrayBuffer();
    }
    return { ...parts, url: parts.haproxy.url, stop, downAfter: (id, since, timeoutMs) => untilLogged(path.join(dir, 'haproxy.log'), new RegExp(`Server instances/${id} is DOWN`), since, timeoutMs) };
  } catch (err) {
    await stop();
    throw err;
  }
}
