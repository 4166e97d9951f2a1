#!/usr/bin/env node
/**
 * npm start: builds when the sources changed since the last build, prepares the database
 * (migrations; the demo catalogue on the very first start), then serves the app on PORT.
 * `--dev` runs `next dev` instead of building. Plain Node on purpose: no compile step needed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const dev = process.argv.includes('--dev');
const port = process.env.PORT || '3000';
const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
const stampFile = path.join(root, '.next', 'source-stamp');

const SOURCES = ['app', 'components', 'lib', 'server', 'messages', 'public', 'proxy.ts', 'next.config.ts', 'package-lock.json', 'postcss.config.mjs', 'tsconfig.json'];

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
  if (!current) {
    console.log(built ? 'Código alterado desde a última compilação: a compilar…' : 'Primeira execução: a compilar a aplicação…');
    run([nextBin, 'build'], 'A compilação');
    fs.writeFileSync(stampFile, stamp);
  }
}

// One process at a time may own the embedded database: prepare it before the server opens it.
// It runs in the server's mode, so that it refuses what production refuses (server/config/production.ts).
run(['--conditions=react-server', '--import', 'tsx', path.join(root, 'scripts', 'db-prepare.ts')], 'A preparação da base de dados', dev ? {} : { NODE_ENV: 'production' });

// scripts/serve.mjs: Next's handler behind the trusted client IP, the cached-page fast path and
// the security headers (with --dev, Next's development server behind the same IP and headers).
const server = spawn(process.execPath, [path.join(root, 'scripts', 'serve.mjs'), ...(dev ? ['--dev'] : [])], {
  stdio: 'inherit',
  env: { ...process.env, PORT: port, NODE_ENV: dev ? 'development' : 'production' },
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
