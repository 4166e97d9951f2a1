/** @jest-environment node */
/**
 * scripts/primary.mjs, the primary of `npm start`, over a stand-in worker with the same protocol
 * as scripts/serve.mjs (tests/fixtures/primary/fake-worker.mjs): a dead worker is replaced (by the
 * spare that waited prepared, which listens only once the dead one is gone), deaths that keep
 * coming quickly are spaced out, and SIGTERM stops everything. The real server under `kill -9` is
 * tests/e2e/worker-restart.spec.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { restartDelay } from '../../scripts/primary.mjs';

const HARNESS = path.resolve(__dirname, '../fixtures/primary/run-primary.mjs');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Run {
  child: ChildProcess;
  output: () => string;
  port: number;
  pidFile: string;
  exited: Promise<number | null>;
}

async function startPrimary(env: Record<string, string>): Promise<Run> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'primary-test-'));
  const pidFile = path.join(dir, 'worker.pid');
  const child = spawn(process.execPath, [HARNESS], {
    env: { ...process.env, PORT: String(port), FAKE_PID_FILE: pidFile, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, port, pidFile, exited };
}

/** The answer of the worker serving the port (its PID and role), or null. */
async function ask(port: number): Promise<string | null> {
  try {
    const answer = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2_000) });
    return await answer.text();
  } catch {
    return null;
  }
}

async function until<T>(what: () => Promise<T | null | undefined> | T | null | undefined, timeoutMs: number, label: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await what();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out: ${label}`);
    await sleep(25);
  }
}

const servingPid = (run: Run) => {
  try {
    return Number(fs.readFileSync(run.pidFile, 'utf8').trim().split('\n')[0]) || null;
  } catch {
    return null;
  }
};

describe('restartDelay (back-off)', () => {
  it('is immediate for the first death, then 1 s doubling up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(restartDelay)).toEqual([0, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });
});

describe('scripts/primary.mjs', () => {
  let run: Run | null = null;
  afterEach(async () => {
    if (run && run.child.exitCode === null) {
      run.child.kill('SIGKILL');
      await run.exited;
    }
    run = null;
  });

  it('replaces a worker killed with SIGKILL by the prepared spare, which listens only after it died', async () => {
    run = await startPrimary({ FAKE_SPARE: '1', FAKE_PREPARE_MS: '300' });
    const first = await until(() => servingPid(run!), 10_000, 'first worker');
    expect(await ask(run.port)).toBe(`${first} serve`);
    // The spare comes once the first worker is warm, prepares, and waits.
    await until(() => /de reserva \d+ preparado/.test(run!.output()), 10_000, 'spare prepared');
    const spare = Number(/reserva (\d+) preparado/.exec(run.output())![1]);
    expect(run.output()).not.toContain(`[fake ${spare} spare] listening`);

    const killedAt = Date.now();
    process.kill(first, 'SIGKILL');
    const answer = await until(async () => {
      const text = await ask(run!.port);
      return text && !text.startsWith(String(first)) ? text : null;
    }, 5_000, 'spare serving');
    const gap = Date.now() - killedAt;
    expect(answer).toBe(`${spare} spare`);
    expect(gap).toBeLessThan(2_000);
    expect(servingPid(run)).toBe(spare);
    const out = run.output();
    expect(out).toMatch(new RegExp(`trabalhador ${first} \\(a servir\\) terminou: sinal SIGKILL, viveu [\\d,]+ s .*; próximo arranque já`));
    expect(out.indexOf(`[fake ${spare} spare] told to serve`)).toBeGreaterThan(out.indexOf(`trabalhador ${first} (a servir) terminou`));

    // SIGTERM to the primary stops every worker (the new spare too) and the primary exits 0.
    await until(() => (run!.output().match(/preparado em/g) ?? []).length >= 2, 20_000, 'next spare');
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(fs.existsSync(run.pidFile)).toBe(false);
    for (const pid of (run.output().match(/\[fake (\d+) /g) ?? []).map((m) => Number(m.slice(6, -1)))) {
      expect(() => process.kill(pid, 0)).toThrow();
    }
  });

  it('spaces out the restarts of a worker that keeps dying quickly and logs why', async () => {
    run = await startPrimary({ FAKE_DIE_MS: '100', FAKE_PREPARE_MS: '50' });
    await until(() => /dentro de 2,0 s/.test(run!.output()), 15_000, 'third quick death');
    const out = run.output();
    expect(out).toMatch(/terminou: código 7, viveu [\d,]+ s \([\d,]+ s a servir\); próximo arranque já/);
    expect(out).toMatch(/terminou: código 7, .*próximo arranque dentro de 1,0 s \(às \d\d:\d\d:\d\d; 2 mortes rápidas seguidas\)/);
    expect(out).toMatch(/próximo arranque dentro de 2,0 s .*3 mortes rápidas seguidas/);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });

  it('exits with the code of a worker that dies before anything ever served', async () => {
    run = await startPrimary({ PORT: 'not-a-port' });
    expect(await run.exited).not.toBe(0);
    expect(run.output()).toContain('o arranque falhou');
  });
});
