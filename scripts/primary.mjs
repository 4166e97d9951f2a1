/**
 * The primary of `npm start` (node:cluster): it runs no app code itself, it forks the workers that
 * do (scripts/serve.mjs) and restarts one that dies, so that a crash costs the requests in flight,
 * not the shop.
 *
 * - `workers` workers serve (listen on PORT; node:cluster shares the port). One for now: PGlite
 *   (no DATABASE_URL) allows one process per data folder, so more than one is for PostgreSQL only.
 * - With `spare`, one more worker waits prepared (Next loaded: `app.prepare()` and its entries)
 *   but neither listens nor opens the database until it is told to serve, which is only after a
 *   serving worker is gone (its `exit` event: the process is dead, so PGlite's folder is free).
 *   A crash then costs the time to listen and open the database, not the time to load Next.
 * - Back-off: the first death is restarted at once; when workers keep dying quickly (less than
 *   QUICK_MS after they began serving, or after their start when they never served), the next
 *   start waits 1 s, 2 s, 4 s… up to MAX_DELAY_MS; a worker that stays up QUICK_MS resets it.
 *   Each death is logged with its exit code or signal, how long the worker lived and when the
 *   next start is.
 * - A worker that dies before any worker has ever served is a failed start (bad build, port in
 *   use…): the primary exits with its code, as `npm start` did before there was a primary.
 * - SIGINT/SIGTERM/SIGHUP: every worker gets SIGTERM (SIGINT for SIGINT), the primary exits when
 *   they have (SIGKILL after STOP_GRACE_MS). A second signal kills them at once.
 * - The PIDs of the serving workers are kept in `pidFile` (one per line; the tests kill one), the
 *   PID of a prepared spare in `spareFile`.
 *
 * Worker protocol (scripts/serve.mjs): the env var CAG_WORKER_ROLE is `serve` or `spare`; a
 * spare sends {cag:'prepared'} and waits for {cag:'serve'}; every worker sends
 * {cag:'listening'} once it listens and {cag:'warm', ms} once its own /api/health answered 200.
 */
import cluster from 'node:cluster';
import fs from 'node:fs';

export const QUICK_MS = 30_000;
export const MAX_DELAY_MS = 30_000;
const STOP_GRACE_MS = 10_000;
/** A spare is forked once the new serving worker is warm, or after this long at the latest. */
const SPARE_AFTER_MS = 15_000;

/** Back-off before the next start after `quickDeaths` deaths in a row that came quickly (≥ 1). */
export function restartDelay(quickDeaths) {
  return quickDeaths <= 1 ? 0 : Math.min(MAX_DELAY_MS, 1000 * 2 ** (quickDeaths - 2));
}

const seconds = (ms) => `${(ms / 1000).toFixed(1).replace('.', ',')} s`;
const clockTime = (at) => new Date(at).toTimeString().slice(0, 8);

/**
 * @param {{ exec: string, args?: string[], env?: Record<string, string>, workers?: number,
 *   spare?: boolean, pidFile?: string | null, log?: (line: string) => void }} options
 */
export function runPrimary({ exec, args = [], env = {}, workers = 1, spare = false, pidFile = null, spareFile = null, log = (line) => console.log(`[primário] ${line}`) }) {
  // Each worker accepts its own connections from the shared socket (not the default round robin,
  // where the primary accepts and hands each connection over: one handed to a worker that is
  // being killed hangs until the client gives up). A dead worker's connections are reset at once;
  // while no worker listens the port refuses, until the next one listens.
  if (!process.env.NODE_CLUSTER_SCHED_POLICY) cluster.schedulingPolicy = cluster.SCHED_NONE;
  cluster.setupPrimary({ exec, args });
  /** @type {Map<import('node:cluster').Worker, { role: 'serve' | 'spare', forkedAt: number, servingAt: number | null, prepared: boolean, promotedAt: number | null }>} */
  const meta = new Map();
  const serving = new Set();
  /** Serving slots being filled: forked as `serve`, or a promoted spare, not listening yet. */
  const starting = new Set();
  let standby = null;
  let quickDeaths = 0;
  let everServed = false;
  let stopping = false;
  let restartTimer = null;
  let spareTimer = null;
  let resetTimer = null;

  function writePids() {
    if (!pidFile) return;
    try {
      if (serving.size) fs.writeFileSync(pidFile, [...serving].map((w) => w.process.pid).join('\n') + '\n');
      else fs.rmSync(pidFile, { force: true });
    } catch (err) {
      log(`não foi possível escrever ${pidFile}: ${err instanceof Error ? err.message : err}`);
    }
  }

  function writeSpare() {
    if (!spareFile) return;
    try {
      if (standby && meta.get(standby)?.prepared) fs.writeFileSync(spareFile, `${standby.process.pid}\n`);
      else fs.rmSync(spareFile, { force: true });
    } catch (err) {
      log(`não foi possível escrever ${spareFile}: ${err instanceof Error ? err.message : err}`);
    }
  }

  function fork(role) {
    const worker = cluster.fork({ ...env, CAG_WORKER_ROLE: role });
    meta.set(worker, { role, forkedAt: Date.now(), servingAt: null, prepared: false, promotedAt: null });
    if (role === 'serve') starting.add(worker);
    else standby = worker;
    worker.on('message', (message) => onMessage(worker, message));
    return worker;
  }

  function promote(worker) {
    const m = meta.get(worker);
    standby = null;
    writeSpare();
    m.role = 'serve';
    m.promotedAt = Date.now();
    starting.add(worker);
    worker.send({ cag: 'serve' });
    log(`trabalhador ${worker.process.pid} (de reserva${m.prepared ? ', preparado' : ', ainda a preparar'}) passa a servir`);
  }

  /** Fills the missing serving slots: the spare first, else a fresh worker. */
  function fill() {
    restartTimer = null;
    if (stopping) return;
    while (serving.size + starting.size < workers) {
      if (standby) promote(standby);
      else fork('serve');
    }
  }

  function wantSpare() {
    if (!spare || stopping || standby || spareTimer || restartTimer) return;
    // Not beside a worker that is still starting: on a small machine they would slow each other.
    if (starting.size || serving.size < workers) return;
    fork('spare');
  }

  function onMessage(worker, message) {
    if (!message || typeof message !== 'object' || typeof message.cag !== 'string') return;
    const m = meta.get(worker);
    if (!m) return;
    if (message.cag === 'prepared') {
      m.prepared = true;
      writeSpare();
      if (m.role === 'spare') log(`trabalhador de reserva ${worker.process.pid} preparado em ${seconds(Date.now() - m.forkedAt)} (espera, sem abrir a base de dados)`);
    } else if (message.cag === 'listening') {
      starting.delete(worker);
      serving.add(worker);
      m.servingAt = Date.now();
      everServed = true;
      writePids();
      const since = m.promotedAt ? `${seconds(m.servingAt - m.promotedAt)} depois de chamado (reserva)` : `${seconds(m.servingAt - m.forkedAt)} depois do arranque`;
      log(`trabalhador ${worker.process.pid} a escutar ${since}`);
      // A worker that stays up QUICK_MS clears the back-off.
      clearTimeout(resetTimer);
      resetTimer = setTimeout(() => {
        if (serving.has(worker)) quickDeaths = 0;
      }, QUICK_MS);
      resetTimer.unref();
      clearTimeout(spareTimer);
      spareTimer = null;
      if (spare && !standby) {
        spareTimer = setTimeout(() => {
          spareTimer = null;
          wantSpare();
        }, SPARE_AFTER_MS);
        spareTimer.unref();
      }
    } else if (message.cag === 'warm') {
      const from = m.promotedAt ?? m.forkedAt;
      log(`trabalhador ${worker.process.pid}: /api/health ${message.status ?? 200} ${seconds(Date.now() - from)} depois ${m.promotedAt ? 'de chamado' : 'do arranque'}`);
      if (spareTimer && (message.status ?? 200) === 200) {
        clearTimeout(spareTimer);
        spareTimer = null;
        wantSpare();
      }
    }
  }

  cluster.on('exit', (worker, code, signal) => {
    const m = meta.get(worker);
    meta.delete(worker);
    const wasServing = serving.delete(worker);
    starting.delete(worker);
    if (standby === worker) {
      standby = null;
      writeSpare();
    }
    if (wasServing) writePids();
    if (stopping) {
      if (!Object.keys(cluster.workers ?? {}).length) finish();
      return;
    }
    const now = Date.now();
    const lived = now - (m?.forkedAt ?? now);
    const how = signal ? `sinal ${signal}` : `código ${code}`;
    const role = wasServing ? 'a servir' : m?.role === 'spare' ? 'de reserva' : 'a arrancar';
    if (!everServed) {
      log(`trabalhador ${worker.process.pid} (${role}) terminou antes de o servidor ter servido (${how}, ${seconds(lived)}): o arranque falhou`);
      stopAll('SIGTERM', typeof code === 'number' && code !== 0 ? code : 1);
      return;
    }
    const since = now - (m?.servingAt ?? m?.forkedAt ?? now);
    quickDeaths = since >= QUICK_MS ? 1 : quickDeaths + 1;
    const delay = restartDelay(quickDeaths);
    const next = delay ? `próximo arranque dentro de ${seconds(delay)} (às ${clockTime(now + delay)}; ${quickDeaths} mortes rápidas seguidas)` : 'próximo arranque já';
    log(`trabalhador ${worker.process.pid} (${role}) terminou: ${how}, viveu ${seconds(lived)}${m?.servingAt ? ` (${seconds(since)} a servir)` : ''}; ${next}`);
    if (restartTimer) return; // a start is already due; it fills every missing slot
    if (delay === 0) fill();
    else {
      restartTimer = setTimeout(fill, delay);
    }
    if (!wasServing && m?.role === 'spare' && serving.size >= workers) {
      // Only the spare died: replace it after the same back-off.
      clearTimeout(spareTimer);
      spareTimer = setTimeout(() => {
        spareTimer = null;
        wantSpare();
      }, delay);
      spareTimer.unref();
    }
  });

  let exitCode = 0;
  let forceTimer = null;
  function finish() {
    clearTimeout(forceTimer);
    for (const file of [pidFile, spareFile]) if (file) fs.rmSync(file, { force: true });
    process.exit(exitCode);
  }

  function stopAll(signal, code = 0) {
    const alive = Object.values(cluster.workers ?? {}).filter(Boolean);
    if (stopping) {
      // A second signal: no more waiting.
      for (const w of alive) w.process.kill('SIGKILL');
      return;
    }
    stopping = true;
    exitCode = code;
    clearTimeout(restartTimer);
    clearTimeout(spareTimer);
    clearTimeout(resetTimer);
    if (!alive.length) return finish();
    log(`${signal}: a parar ${alive.length} trabalhador(es)…`);
    for (const w of alive) w.process.kill(signal === 'SIGINT' ? 'SIGINT' : 'SIGTERM');
    forceTimer = setTimeout(() => {
      for (const w of Object.values(cluster.workers ?? {})) {
        if (w) {
          log(`trabalhador ${w.process.pid} não parou em ${seconds(STOP_GRACE_MS)}: SIGKILL`);
          w.process.kill('SIGKILL');
        }
      }
    }, STOP_GRACE_MS);
  }

  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopAll(signal));
  // Left by a primary that was killed: no worker of this one serves or waits yet.
  for (const file of [pidFile, spareFile]) if (file) fs.rmSync(file, { force: true });

  for (let i = 0; i < workers; i++) fork('serve');
  return { stop: stopAll };
}
