#!/usr/bin/env node
/**
 * npm run bench:pages — requests/s of `/`, a family listing and a product page served by the app
 * (`npm start`: scripts/start.mjs, demo catalogue) side by side with nginx serving the very same
 * bytes, in one run. Prints the figures and the ratios Next/nginx; no pass/fail.
 *
 * - The app runs on BENCH_PORT (3301) with BENCH_DATA_DIR (./.data-bench, kept between runs);
 *   nginx (Debian's, installed with apt-get when missing and root) on BENCH_NGINX_PORT (3302),
 *   in the foreground with a temporary configuration: `daemon off`, one worker, access log off,
 *   sendfile, keep-alive without a request limit, the Content-Type the app sent.
 * - The listing and the product are the first ones linked from the home page / the listing.
 * - Load: autocannon in this process, BENCH_CONNECTIONS (20) keep-alive connections for
 *   BENCH_DURATION seconds (10) per run, after a warm-up; runs alternate Next, nginx, Next,
 *   nginx per page. Both get the same request headers. Without BENCH_GZIP no Accept-Encoding is
 *   sent (both answer the identity bytes); with BENCH_GZIP=1 both get `Accept-Encoding: gzip`
 *   and nginx compresses text/html at level 6 like Next's compression (zlib default).
 * - The load generator shares the machine's cores with the server it measures: figures are
 *   for comparing the two servers in one run, not absolute capacities.
 */
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { discoverPages, getRaw, percentile, root, runBench, sleep, startApp } from './bench-support.mjs';

const port = Number(process.env.BENCH_PORT ?? 3301);
const nginxPort = Number(process.env.BENCH_NGINX_PORT ?? 3302);
const dataDir = path.resolve(root, process.env.BENCH_DATA_DIR ?? '.data-bench');
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const warmup = Number(process.env.BENCH_WARMUP ?? 3);
const gzip = process.env.BENCH_GZIP === '1';

const plainHeaders = { 'user-agent': 'bench-pages', accept: 'text/html,application/xhtml+xml' };
/** What the load sends to both servers. */
const headers = gzip ? { ...plainHeaders, 'accept-encoding': 'gzip' } : plainHeaders;

function findNginx() {
  for (const candidate of ['nginx', '/usr/sbin/nginx']) {
    const r = spawnSync(candidate, ['-v'], { encoding: 'utf8' });
    if (r.status === 0) return { bin: candidate, version: (r.stderr || r.stdout).trim() };
  }
  return null;
}

function ensureNginx() {
  let found = findNginx();
  if (found) return found;
  if (process.getuid?.() !== 0) {
    console.error('nginx não está instalado: apt-get install -y nginx');
    process.exit(1);
  }
  console.log('nginx não está instalado: apt-get install -y nginx…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', 'nginx']]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (r.status !== 0) {
      console.error(`apt-get ${args.join(' ')} falhou.`);
      process.exit(1);
    }
  }
  found = findNginx();
  if (!found) {
    console.error('nginx continua sem arrancar depois da instalação.');
    process.exit(1);
  }
  return found;
}

function nginxConfig(dir, pages) {
  const locations = pages
    .map(
      (p) => `    location = ${p.path} {
      types { }
      default_type "${p.contentType.replace(/"/g, '')}";
      try_files /${p.name}.html =404;
    }`,
    )
    .join('\n');
  const gzipConf = gzip
    ? `  gzip on;\n  gzip_comp_level 6;\n  gzip_types text/html;\n  gzip_min_length 1024;\n  gzip_vary on;\n`
    : '  gzip off;\n';
  return `daemon off;
master_process on;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_timeout 65;
  keepalive_requests 1000000;
  server_tokens off;
  client_body_temp_path ${dir}/tmp-body;
  proxy_temp_path ${dir}/tmp-proxy;
  fastcgi_temp_path ${dir}/tmp-fastcgi;
  uwsgi_temp_path ${dir}/tmp-uwsgi;
  scgi_temp_path ${dir}/tmp-scgi;
${gzipConf}  server {
    listen 127.0.0.1:${nginxPort};
    root ${dir}/www;
${locations}
  }
}
`;
}

/** One autocannon run; latencies and status codes from every response. */
function load(url) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    let non200 = 0;
    const instance = autocannon(
      { url, connections, duration, pipelining: 1, headers, timeout: 30 },
      (err, result) => {
        if (err) return reject(err);
        latencies.sort((a, b) => a - b);
        resolve({
          requests: latencies.length,
          rps: latencies.length / result.duration,
          p50: percentile(latencies, 50),
          p95: percentile(latencies, 95),
          latencies,
          non200,
          errors: result.errors,
          timeouts: result.timeouts,
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (statusCode !== 200) non200++;
    });
  });
}

function warm(url, seconds) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, pipelining: 1, headers, timeout: 30 }, (err) => (err ? reject(err) : resolve()));
  });
}

function combine(runs) {
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  return {
    rps: runs.reduce((s, r) => s + r.rps, 0) / runs.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    non200: runs.reduce((s, r) => s + r.non200, 0),
    errors: runs.reduce((s, r) => s + r.errors + r.timeouts, 0),
    requests: latencies.length,
  };
}

const fmt = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '—');

async function main() {
  const nginx = ensureNginx();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-pages-'));
  fs.chmodSync(dir, 0o755); // nginx workers may run as another user
  fs.mkdirSync(path.join(dir, 'www'));
  let app;
  let nginxChild;
  const cleanup = async () => {
    if (nginxChild && nginxChild.exitCode === null) {
      const gone = new Promise((r) => nginxChild.once('exit', r));
      nginxChild.kill('SIGQUIT');
      await Promise.race([gone, sleep(5000)]);
      if (nginxChild.exitCode === null) nginxChild.kill('SIGKILL');
    }
    await app?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.on('SIGINT', () => {
    cleanup().finally(() => process.exit(130));
  });

  try {
    app = await startApp({ port, dataDir, label: 'Next' });
    const found = await discoverPages(app.base, plainHeaders);
    const pages = [];
    for (const [name, p] of found) {
      // The identity bytes (with BENCH_GZIP nginx compresses them itself, as Next does).
      const r = await getRaw(`${app.base}${p}`, plainHeaders);
      if (r.status !== 200) throw new Error(`${p} respondeu ${r.status}`);
      fs.writeFileSync(path.join(dir, 'www', `${name}.html`), r.body);
      fs.chmodSync(path.join(dir, 'www', `${name}.html`), 0o644);
      pages.push({
        name,
        path: p,
        contentType: String(r.headers['content-type'] ?? 'text/html; charset=utf-8'),
        encoding: String(r.headers['content-encoding'] ?? 'identity'),
        bytes: r.body.length,
        body: r.body,
      });
    }

    const conf = path.join(dir, 'nginx.conf');
    fs.writeFileSync(conf, nginxConfig(dir, pages));
    nginxChild = spawn(nginx.bin, ['-p', dir, '-c', conf, '-e', 'stderr'], { stdio: ['ignore', 'inherit', 'inherit'] });
    const nginxBase = `http://127.0.0.1:${nginxPort}`;
    let nginxUp = false;
    for (let i = 0; i < 50 && !nginxUp && nginxChild.exitCode === null; i++) {
      await sleep(100);
      nginxUp = await getRaw(`${nginxBase}/`, plainHeaders, 2000).then(
        () => true,
        () => false,
      );
    }
    if (!nginxUp) throw new Error(`o nginx não arrancou na porta ${nginxPort}`);
    for (const p of pages) {
      const r = await getRaw(`${nginxBase}${p.path}`, plainHeaders);
      const same = r.status === 200 && r.body.equals(p.body) && r.headers['content-type'] === p.contentType;
      if (!same) throw new Error(`o nginx não serve os mesmos bytes/Content-Type de ${p.path} (${r.status}, ${r.headers['content-type']})`);
    }

    console.log('');
    console.log(`Páginas (${os.cpus().length} núcleos, Node ${process.version}, ${nginx.version}, autocannon neste processo)`);
    console.log(
      `Carga: ${connections} ligações keep-alive, ${duration} s por corrida, aquecimento ${warmup} s, ordem Next, nginx, Next, nginx por página.`,
    );
    console.log(
      gzip
        ? 'Pedido: Accept-Encoding: gzip enviado a ambos (Next comprime; nginx gzip nível 6 em text/html).'
        : 'Pedido: sem Accept-Encoding para ambos (respostas sem compressão, os mesmos bytes).',
    );
    console.log(`Cabeçalhos enviados: ${Object.entries(headers).map(([k, v]) => `${k}: ${v}`).join(' | ')}`);
    console.log('nginx: 1 worker, daemon off, access_log off, sendfile, keepalive_requests sem limite prático.');
    for (const p of pages) console.log(`  ${p.name.padEnd(8)} ${p.path}  ${(p.bytes / 1024).toFixed(0)} KB (${p.encoding}), ${p.contentType}`);
    console.log('');

    const results = [];
    for (const p of pages) {
      const nextUrl = `${app.base}${p.path}`;
      const nginxUrl = `${nginxBase}${p.path}`;
      await warm(nextUrl, warmup);
      await warm(nginxUrl, 1);
      const runs = { next: [], nginx: [] };
      for (let round = 0; round < 2; round++) {
        for (const [server, url] of [
          ['next', nextUrl],
          ['nginx', nginxUrl],
        ]) {
          const r = await load(url);
          runs[server].push(r);
          console.log(
            `  ${p.name.padEnd(8)} ${server.padEnd(6)} corrida ${round + 1}: ${fmt(r.rps, 1).padStart(8)} pedidos/s  p50 ${fmt(r.p50, 1).padStart(7)} ms  p95 ${fmt(r.p95, 1).padStart(7)} ms  não-200 ${r.non200}  erros ${r.errors + r.timeouts}`,
          );
        }
      }
      results.push({ page: p, next: combine(runs.next), nginx: combine(runs.nginx) });
    }

    console.log('');
    console.log(
      `${'página'.padEnd(9)}${'servidor'.padEnd(9)}${'pedidos/s'.padStart(10)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'não-200'.padStart(9)}${'erros'.padStart(7)}${'pedidos'.padStart(9)}   Next/nginx`,
    );
    for (const { page, next, nginx: ng } of results) {
      for (const [server, r] of [
        ['Next', next],
        ['nginx', ng],
      ]) {
        const ratio = server === 'Next' ? `   ${fmt(next.rps / ng.rps, 3)}×` : '';
        console.log(
          `${page.name.padEnd(9)}${server.padEnd(9)}${fmt(r.rps, 1).padStart(10)}${fmt(r.p50, 1).padStart(9)}${fmt(r.p95, 1).padStart(9)}${String(r.non200).padStart(9)}${String(r.errors).padStart(7)}${String(r.requests).padStart(9)}${ratio}`,
        );
      }
    }
    console.log('\n(pedidos/s: média das duas corridas; p50/p95 sobre todas as respostas das duas; o alvo é Next/nginx ≥ 0,5 com todas as respostas 200.)');
  } finally {
    await cleanup();
  }
}

runBench(main);
