import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * Issue 25, a deploy under an open shop: build A serves a visitor (its worker installs, caches
 * fill, the session keeps product lists), then build B replaces it on the same address. At the
 * visitor's next navigation the page comes with B's id and scripts, B's worker has taken over,
 * `SERVICE_WORKER_UPDATED` reached the page, the session's product keys are gone and no cache of A
 * is left.
 *
 * Build B is the same compiled application under another build id (a copy of `.next` made of hard
 * links, with its own BUILD_ID, in a folder that links to the rest of the repository): what tells
 * two deploys apart for the worker and for Next is that id.
 */

test.use({ serviceWorkers: 'allow' });

const root = path.resolve(__dirname, '../..');
const PORT = Number(process.env.E2E_BASE_PORT ?? 3100) + 60 + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const ORIGIN = `http://localhost:${PORT}`;

/** A second deploy of this build: `.next` as hard links with another BUILD_ID, the rest linked. */
function deployCopy(buildId: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cag-deploy-'));
  for (const entry of fs.readdirSync(root)) {
    if (entry === '.next' || entry === 'scripts' || entry.startsWith('.data') || entry.startsWith('.mail') || entry === 'test-results') continue;
    fs.symlinkSync(path.join(root, entry), path.join(dir, entry));
  }
  // scripts/ is copied: they find the application folder from their own path.
  fs.cpSync(path.join(root, 'scripts'), path.join(dir, 'scripts'), { recursive: true });
  execFileSync('cp', ['-al', path.join(root, '.next'), path.join(dir, '.next')]);
  fs.rmSync(path.join(dir, '.next', 'BUILD_ID'));
  fs.writeFileSync(path.join(dir, '.next', 'BUILD_ID'), buildId);
  return dir;
}

async function start(dir: string, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(dir, 'scripts', 'start.mjs')], {
    cwd: dir,
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      NO_BUILD: '1',
      DATABASE_URL: '',
      REDIS_URL: '',
      // An empty catalogue is enough to see which build answers, and starts in seconds.
      SKIP_DEMO_SEED: '1',
      BETTER_AUTH_SECRET: 'e2e-only-secret-0123456789-abcdefghijklmnop',
      IP_HASH_SALT: 'e2e-only-ip-salt',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
    detached: true,
  });
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${ORIGIN}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the deploy did not start');
}

async function stop(child: ChildProcess) {
  if (child.pid === undefined || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid, 'SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // gone
  }
}

test('after a deploy the next page comes with the new build; the old caches and session keys are gone', async ({ page }) => {
  test.setTimeout(600_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cag-deploy-data-'));
  const buildA = fs.readFileSync(path.join(root, '.next', 'BUILD_ID'), 'utf8').trim();
  const buildB = `deploy-b-${Date.now()}`;
  const copy = deployCopy(buildB);
  let server = await start(root, dataDir);
  try {
    await page.goto(`${ORIGIN}/produtos`);
    await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), null, { timeout: 30_000 });
    const namesA = await page.evaluate(() => caches.keys());
    expect(namesA).toContain(`cag-static-${buildA}`);
    // The session's product lists (components/cart/models-store.ts) and another key of the page.
    await page.evaluate(() => {
      sessionStorage.setItem('product-models:TESTE', JSON.stringify({ at: Date.now(), data: [] }));
      sessionStorage.setItem('cache-images', '{}');
      sessionStorage.setItem('floating-cart-dismissed', '1');
      (window as unknown as { __updates: unknown[] }).__updates = [];
      navigator.serviceWorker.addEventListener('message', (event) => (window as unknown as { __updates: unknown[] }).__updates.push(event.data));
    });

    // The deploy: B replaces A on the same address.
    await stop(server);
    server = await start(copy, dataDir);

    // The open page checks for a new worker (every 30 minutes; here at once): B installs and takes over.
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await expect.poll(() => page.evaluate(() => (window as unknown as { __updates: { type: string; version: string }[] }).__updates), { timeout: 30_000 }).toContainEqual({ type: 'SERVICE_WORKER_UPDATED', version: buildB });
    // The session's cached product keys are gone, the rest stays.
    expect(await page.evaluate(() => Object.keys(sessionStorage).sort())).toEqual(['floating-cart-dismissed']);
    // No cache of build A is left.
    const namesB = await page.evaluate(() => caches.keys());
    expect(namesB.filter((n) => n.includes(buildA))).toEqual([]);

    // The next navigation: B's page and B's scripts (the build id Next writes in the page; a
    // search is rendered on request, not prerendered at build time).
    const response = await page.goto(`${ORIGIN}/produtos?search=torneira`);
    expect(response?.status()).toBe(200);
    const html = await response!.text();
    expect(html).toContain(buildB);
    expect(html).not.toContain(buildA);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  } finally {
    await stop(server);
    fs.rmSync(copy, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
