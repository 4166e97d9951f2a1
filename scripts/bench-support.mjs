/**
 * Shared pieces of the page benchmarks (bench-pages, bench-bundle, bench-lighthouse): start the
 * app as `npm start` does on a port and data folder of its own, raw HTTP requests with exactly
 * the headers given, the three measured pages found in the catalogue's own HTML, percentiles, a
 * blank Next page to compare with.
 * Plain Node on purpose, like scripts/start.mjs.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stopGroup } from './process-group.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');

/** A path relative to the project when inside it, else absolute. */
const shown = (p) => {
  const rel = path.relative(root, p);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : p;
};

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * GET with exactly `headers` (no Accept-Encoding unless given: Node's fetch would add one) and a
 * fresh connection; resolves with the status, the headers and the exact body bytes.
 */
export function getRaw(url, headers = {}, timeoutMs = 60_000) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false, timeout: timeoutMs }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`sem resposta em ${timeoutMs} ms: ${url}`)));
    req.on('error', reject);
  });
}

export async function waitForHealth(base, timeoutMs, isAlive = () => true) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until && isAlive()) {
    try {
      const r = await getRaw(`${base}/api/health`, {}, 5_000);
      if (r.status === 200) return true;
    } catch {
      /* not up yet */
    }
    await sleep(500);
  }
  return false;
}

/** True when something already answers HTTP on the port. */
export async function portAnswers(port) {
  try {
    await getRaw(`http://127.0.0.1:${port}/`, {}, 1_000);
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts the app as `npm start` does (scripts/start.mjs: builds when the sources changed,
 * migrates, seeds the demo catalogue into an empty data folder, then `next start`) on `port`
 * with `dataDir`, in a process group of its own. Resolves when /api/health answers 200;
 * `stop()` ends that group by the child's PID.
 */
export async function startApp({ port, dataDir, env: extraEnv = {}, label = 'app' }) {
  const base = `http://127.0.0.1:${port}`;
  if (await portAnswers(port)) throw new Error(`a porta ${port} já está ocupada (BENCH_PORT para outra)`);
  const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: '1', ...extraEnv };
  delete env.DATABASE_URL;
  delete env.SKIP_DEMO_SEED;
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (d) => {
    log = (log + d.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = child.exitCode !== null;
  const exit = new Promise((resolve) => child.once('exit', resolve));
  exit.then(() => (exited = true));

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (!exited && child.pid) {
      await stopGroup(child.pid, exit, 10_000); // start.mjs, next start and next-server
    }
  };
  // A synchronous last resort when the benchmark exits early (error, Ctrl-C).
  process.on('exit', () => {
    if (!exited && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
    }
  });

  console.log(`${label}: scripts/start.mjs na porta ${port}, DATA_DIR=${shown(dataDir)} (compila se o código mudou)…`);
  const started = Date.now();
  const up = await waitForHealth(base, 30 * 60_000, () => !exited);
  if (!up) {
    await stop();
    throw new Error(`o servidor não arrancou:\n${log.slice(-3000)}`);
  }
  console.log(`${label}: pronto em ${((Date.now() - started) / 1000).toFixed(0)} s (PID ${child.pid}).`);
  return { base, stop, pid: child.pid, log: () => log };
}

/** Every href of an HTML page, decoded minimally (slugs are ASCII). */
function hrefs(html) {
  return [...html.matchAll(/href="([^"#?]+)[^"]*"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
}

const FAMILY = /^\/produtos\/(?!p\/)[^/]+\/[^/]+$/;
const CHAPTER = /^\/produtos\/(?!p$)[^/]+$/;
const PRODUCT = /^\/produtos\/(?!p\/)[^/]+\/[^/]+\/[^/]+$/;

/**
 * The three measured pages, found in the catalogue's own HTML (nothing hard-coded that another
 * catalogue may lack): `/`, the first family listing linked from the home page (through a
 * chapter page when the home links none) and the first product linked from that listing.
 */
export async function discoverPages(base, headers = {}) {
  const html = async (p) => {
    const r = await getRaw(`${base}${p}`, headers);
    if (r.status !== 200) throw new Error(`${p} respondeu ${r.status}`);
    return r.body.toString('utf8');
  };
  const home = hrefs(await html('/'));
  let listing = home.find((h) => FAMILY.test(h));
  if (!listing) {
    for (const chapter of [...new Set(home.filter((h) => CHAPTER.test(h)))].slice(0, 5)) {
      listing = hrefs(await html(chapter)).find((h) => FAMILY.test(h));
      if (listing) break;
    }
  }
  if (!listing) throw new Error('nenhuma listagem de família ligada a partir da página inicial');
  const inListing = hrefs(await html(listing)).filter((h) => PRODUCT.test(h));
  const product = inListing.find((h) => h.startsWith(`${listing}/`)) ?? inListing[0];
  if (!product) throw new Error(`nenhum produto ligado a partir de ${listing}`);
  return [
    ['home', '/'],
    ['listing', listing],
    ['product', product],
  ];
}

/** The median of the finite values (the mean of the two middle ones for an even count). */
export function median(values) {
  const s = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Debian's Chromium (or CHROME_PATH) for the browser benchmarks; exits with a hint when it is missing. */
export function chromiumPath() {
  const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chrome)) {
    console.error(`Chromium não encontrado em ${chrome}: apt-get install -y chromium (ou CHROME_PATH).`);
    process.exit(1);
  }
  return chrome;
}

/** Runs a benchmark's main(): exit 0 when it ends, 1 with its message (no stack) when it fails. */
export function runBench(main) {
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function ensureDir(dir) {
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

function commonAncestor(a, b) {
  const pa = a.split(path.sep);
  const pb = b.split(path.sep);
  let i = 0;
  while (i < pa.length && i < pb.length && pa[i] === pb[i]) i++;
  return pa.slice(0, i).join(path.sep) || path.sep;
}

/**
 * A blank Next page (app/layout.tsx + app/page.tsx) built with this repository's
 * `next`/`react`/`react-dom` in a temporary folder (its node_modules a symlink to this one), served
 * by `next start` on `port` while `fn(base)` runs, then stopped and removed: the framework's own
 * cost, to compare a page with.
 */
export async function withBlankNextPage(port, fn) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-blank-'));
  fs.mkdirSync(path.join(dir, 'app'));
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'blank-next-page', private: true }, null, 2));
  // Turbopack resolves nothing outside its root, and the symlinked node_modules points outside
  // the temporary folder: the root is the folder that holds both.
  const common = commonAncestor(fs.realpathSync(dir), fs.realpathSync(root));
  fs.writeFileSync(
    path.join(dir, 'next.config.mjs'),
    `export default { turbopack: { root: ${JSON.stringify(common)} }, outputFileTracingRoot: ${JSON.stringify(common)} };\n`,
  );
  fs.writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify(
      {
        compilerOptions: {
          target: 'ES2022',
          lib: ['dom', 'dom.iterable', 'esnext'],
          strict: true,
          noEmit: true,
          module: 'esnext',
          moduleResolution: 'bundler',
          jsx: 'react-jsx',
          isolatedModules: true,
          skipLibCheck: true,
          plugins: [{ name: 'next' }],
        },
        include: ['next-env.d.ts', '**/*.ts', '**/*.tsx', '.next/types/**/*.ts'],
        exclude: ['node_modules'],
      },
      null,
      2,
    ),
  );
  fs.writeFileSync(
    path.join(dir, 'app', 'layout.tsx'),
    `export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="pt-PT">
      <body>{children}</body>
    </html>
  );
}
`,
  );
  fs.writeFileSync(path.join(dir, 'app', 'page.tsx'), `export default function Page() {\n  return <main>Olá</main>;\n}\n`);
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' };
  console.log(`Página em branco: next build em ${dir}…`);
  const build = spawnSync(process.execPath, [nextBin, 'build'], { cwd: dir, env, encoding: 'utf8' });
  if (build.status !== 0) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`next build da página em branco falhou:\n${(build.stdout + build.stderr).slice(-3000)}`);
  }
  if (await portAnswers(port)) throw new Error(`a porta ${port} já está ocupada (BENCH_BLANK_PORT para outra)`);
  const child = spawn(process.execPath, [nextBin, 'start', '-p', String(port)], { cwd: dir, env, stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  try {
    let up = false;
    for (let i = 0; i < 120 && !up && child.exitCode === null; i++) {
      await sleep(250);
      up = await getRaw(`${base}/`, {}, 2000).then(
        (r) => r.status === 200,
        () => false,
      );
    }
    if (!up) throw new Error('a página em branco não arrancou');
    return await fn(base);
  } finally {
    if (child.exitCode === null) {
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([gone, sleep(5000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
