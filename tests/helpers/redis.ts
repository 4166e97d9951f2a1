/**
 * A throwaway Redis for tests: Debian's `redis-server` on a free loopback port, without
 * persistence (`--save '' --appendonly no`), stopped (or killed, and started again on the same
 * port) by the test. `.ci/run` installs redis-server; on a machine without it the suites that need
 * it are skipped with a message saying so.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';

export const redisServerInstalled: boolean = (() => {
  const probe = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  return probe.status === 0;
})();

/** `describe`, or a skipped one (with a message) when redis-server is not installed. */
export function describeWithRedis(name: string, body: () => void): void {
  if (redisServerInstalled) {
    describe(name, body);
    return;
  }
  // In CI (which installs it) a missing redis-server is a failure, not a skip.
  if (process.env.CI) throw new Error(`"${name}": redis-server is not installed (.ci/run installs it)`);
  describe(name, () => {
    it.skip('redis-server is not installed here (apt-get install redis-server; .ci/run installs it)', () => undefined);
  });
  console.warn(`[tests] "${name}" skipped: redis-server is not installed (apt-get install -y redis-server).`);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface TestRedis {
  url: string;
  port: number;
  /** Kills the server at once (SIGKILL): an outage. */
  kill(): Promise<void>;
  /** Freezes the server (SIGSTOP): it keeps its connections but answers nothing. */
  freeze(): void;
  thaw(): void;
  /** Starts it again on the same port (empty: no persistence). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

async function launch(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'no', '--loglevel', 'warning'], {
    stdio: 'ignore',
  });
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`redis-server exited (${child.exitCode})`);
    if (await accepts(port)) return child;
    await new Promise((r) => setTimeout(r, 25));
  }
  child.kill('SIGKILL');
  throw new Error('redis-server did not start within 10 s');
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function startRedis(): Promise<TestRedis> {
  const port = await freePort();
  let child: ChildProcess | null = await launch(port);
  const end = async (signal: NodeJS.Signals) => {
    const current = child;
    child = null;
    if (!current) return;
    if (current.signalCode === 'SIGSTOP') current.kill('SIGCONT');
    const done = exited(current);
    current.kill(signal);
    await done;
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill: () => end('SIGKILL'),
    freeze: () => child?.kill('SIGSTOP'),
    thaw: () => child?.kill('SIGCONT'),
    restart: async () => {
      await end('SIGKILL');
      child = await launch(port);
    },
    stop: () => end('SIGTERM'),
  };
}
