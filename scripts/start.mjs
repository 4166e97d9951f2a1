#!/usr/bin/env node
/**
 * npm start: builds when the sources changed since the last build, prepares the database
 * (migrations; the demo catalogue on the very first start), then serves the app on PORT: this
 * process becomes the primary of scripts/primary.mjs (node:cluster), whose worker runs
 * scripts/serve.mjs and is restarted when it dies. `--dev` runs `next dev` in one plain child
 * process instead (no build, no primary); `--build-only` only builds (when needed). Plain Node on
 * purpose: no compile step needed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runPrimary } from './primary.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const dev = process.argv.includes('--dev');
const port = process.env.PORT || '3000';
const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
const stampFile = path.join(root, '.next', 'source-stamp');

const SOURCES = ['app', 'components', 'lib', 'server', 'messages', 'public', 'proxy.ts', 'next.config.ts', 'package-lock.json', 'postcss.config.mjs', 'tsconfig.json', 'instrumentation.ts', 'scripts/body-limits.mjs'];

function walk(entry, hash) {
  if (!fs.existsSync(entry)) return;
  const stat = fs.statSync(entry);
  if (stat.isDirectory()) {
    for (const name of fs.readdirSync(entry).sort()) walk(path.join(entry, name), hash);
  } else {
    hash.update(`${entry}\0${stat.size}\0${stat.mtimeMs}\n`);
  }
}

function sourceStamp() {
  const hash = createHash('sha1');
  for (const s of SOURCES) walk(path.join(root, s), hash);
  return hash.digest('hex');
}

function run(args, label, extraEnv = {}) {
  const result = spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  if (result.status !== 0) {
    console.error(`\n${label} falhou (código ${result.status ?? result.signal}).`);
    process.exit(result.status || 1);
  }
}

if (!dev) {
  const stamp = sourceStamp();
  const built = fs.existsSync(path.join(root, '.next', 'BUILD_ID'));
  const current = built && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp;
  // NO_BUILD=1: serve the build that is there (several instances sharing one build must never
  // rebuild it under each other: npm run cluster, a deploy that ships .next).
  if (!current && built && process.env.NO_BUILD === '1') {
    console.log('NO_BUILD=1: a servir a compilação existente, embora o código tenha mudado desde ela.');
  } else if (!current) {
    console.log(built ? 'Código alterado desde a última compilação: a compilar…' : 'Primeira execução: a compilar a aplicação…');
    run([nextBin, 'build'], 'A compilação');
    fs.writeFileSync(stampFile, stamp);
  }
}
// `--build-only`: the build above and nothing else (the end-to-end tests build once, then start a
// server per Playwright worker).
if (process.argv.includes('--build-only')) process.exit(0);

// One process at a time may own the embedded database: prepare it before the server opens it.
// It runs in the server's mode, so that it refuses what production refuses (server/config/production.ts).
run(['--conditions=react-server', '--import', 'tsx', path.join(root, 'scripts', 'db-prepare.ts')], 'A preparação da base de dados', dev ? {} : { NODE_ENV: 'production' });

// The embedded database is the default: say what it is for (docs/operations.md, «Orders under chaos»).
if (!process.env.DATABASE_URL) {
  const folder = path.relative(root, path.resolve(root, process.env.DATA_DIR || '.data')) || '.';
  console.log(
    `Base de dados embutida (PGlite, em ${folder}): para demonstração e pequenas lojas. Aguenta processos mortos ` +
      '(1000 encomendas sob 22 SIGKILL: 0 perdidas, 0 duplicadas), mas é de um só processo e não força a escrita ' +
      'no disco (fsync desligado: uma falha de energia pode perder ou corromper dados). Para vender a sério, use PostgreSQL (DATABASE_URL).',
  );
}

/** WEB_CONCURRENCY (default: the cores) on PostgreSQL; 1 on the embedded database, said when asked for more. */
function serveWorkerCount() {
  const asked = process.env.WEB_CONCURRENCY?.trim();
  const cores = os.availableParallelism();
  let count = cores;
  if (asked) {
    const n = Number(asked);
    if (!Number.isInteger(n) || n < 1 || n > 64) {
      console.error(`WEB_CONCURRENCY inválido («${asked}»): um número inteiro de 1 a 64. / WEB_CONCURRENCY must be an integer from 1 to 64.`);
      process.exit(1);
    }
    count = n;
  }
  if (!process.env.DATABASE_URL) {
    if (asked && count > 1) console.log(`WEB_CONCURRENCY=${count} ignorado: a base de dados embutida (PGlite) serve-se de um só processo. Use PostgreSQL (DATABASE_URL) para vários.`);
    return 1;
  }
  return count;
}

// scripts/serve.mjs: Next's handler behind the trusted client IP, the cached-page fast path, the
// request body limits and the security headers.
const serveScript = path.join(root, 'scripts', 'serve.mjs');
if (dev) {
  // Next's development server behind the same IP and headers, in one plain child process.
  const server = spawn(process.execPath, [serveScript, '--dev'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: port, NODE_ENV: 'development' },
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => server.kill(signal));
  }
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
} else {
  // Serving workers: WEB_CONCURRENCY of them on PostgreSQL (default: one per core), one on PGlite
  // (one process per data folder); and a spare that waits prepared to take over when one dies
  // (it opens the database only once the worker it replaces is dead).
  const workers = serveWorkerCount();
  const dataDir = path.resolve(root, process.env.DATA_DIR || '.data');
  fs.mkdirSync(dataDir, { recursive: true });
  runPrimary({
    exec: serveScript,
    // CAG_DB_MIGRATED: db-prepare has just applied the migrations; the workers do not check again.
    env: { PORT: port, NODE_ENV: 'production', CAG_DB_MIGRATED: '1' },
    workers,
    spare: process.env.SPARE_WORKER !== '0',
    pidFile: path.join(dataDir, 'worker.pid'),
    spareFile: path.join(dataDir, 'spare.pid'),
  });
}
