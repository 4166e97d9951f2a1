import { defineConfig, devices } from '@playwright/test';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Test servers, one per Playwright worker (E2E_WORKERS, default 2): each worker drives its own
 * `next start` on its own port, data folder and SMTP capture, so the spec files it runs share
 * nothing with the other worker's (accounts, carts, rate limits, mails). A spec file runs whole on
 * one worker, its tests in order.
 */
const WORKERS = Math.max(1, Math.min(4, Number(process.env.E2E_WORKERS ?? 2)));
const BASE_PORT = Number(process.env.E2E_BASE_PORT ?? 3100);
const BASE_SMTP_PORT = Number(process.env.E2E_BASE_SMTP_PORT ?? 3125);

interface Shard {
  port: number;
  smtpPort: number;
  dataDir: string;
  mailDir: string;
}
function shard(i: number): Shard {
  return {
    port: BASE_PORT + i,
    smtpPort: BASE_SMTP_PORT + i,
    dataDir: i === 0 ? '.data-e2e' : `.data-e2e-${i}`,
    mailDir: i === 0 ? '.mail-e2e' : `.mail-e2e-${i}`,
  };
}

// In a worker process (Playwright sets TEST_PARALLEL_INDEX before it loads this file): the specs
// read their server from these variables (tests/e2e/support, E2E_PORT in the specs).
const parallelIndex = process.env.TEST_PARALLEL_INDEX;
const mine = shard(parallelIndex !== undefined ? Number(parallelIndex) % WORKERS : 0);
if (parallelIndex !== undefined) {
  process.env.E2E_PORT = String(mine.port);
  process.env.E2E_SMTP_PORT = String(mine.smtpPort);
  process.env.E2E_DATA_DIR = mine.dataDir;
  process.env.DATA_DIR = mine.dataDir;
  process.env.E2E_MAIL_DIR = mine.mailDir;
}

/** Specs that run alone, after the others (projects below). */
const ALONE = /(fuzz|worker-restart|hostile-uploads)\.spec\.ts$/;

/** End-to-end tests in Debian's Chromium against `next start` on fresh data folders. */
export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: false,
  workers: WORKERS,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${mine.port}`,
    locale: 'pt-PT',
    trace: 'retain-on-failure',
    // The service worker (issue 25) is tested in offline.spec.ts, which allows it; elsewhere the
    // pages talk to the server directly, as the specs' request routes and timings assume.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-gpu'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: ALONE },
    // Then, one at a time while the other server idles, the specs that time the server itself
    // (a worker's restart within 5 s; memory and health after each hostile upload), and last the
    // generated bad requests, whose traffic must not use up the per-IP limits the others count on.
    { name: 'restart', use: { ...devices['Desktop Chrome'], channel: undefined }, testMatch: /worker-restart\.spec\.ts$/, dependencies: ['desktop'] },
    { name: 'hostile', use: { ...devices['Desktop Chrome'], channel: undefined }, testMatch: /hostile-uploads\.spec\.ts$/, dependencies: ['restart'] },
    { name: 'fuzz', testMatch: /fuzz\.spec\.ts$/, dependencies: ['hostile'] },
  ],
  // scripts/e2e-build.mjs builds the app once before (package.json test:e2e): the servers only start.
  webServer: Array.from({ length: WORKERS }, (_, i) => {
    const s = shard(i);
    return {
      command: 'node scripts/e2e-server.mjs',
      url: `http://localhost:${s.port}/api/health`,
      timeout: 600_000,
      reuseExistingServer: !process.env.CI,
      stdout: 'pipe' as const,
      stderr: 'pipe' as const,
      // 127.0.0.1 plays the production host (flags off); localhost is any other host (flags on).
      env: {
        PORT: String(s.port),
        DATA_DIR: s.dataDir,
        E2E_PORT: String(s.port),
        E2E_SMTP_PORT: String(s.smtpPort),
        E2E_MAIL_DIR: s.mailDir,
        PRODUCTION_HOSTS: '127.0.0.1',
        ENABLE_DEV_OUTBOX: '1',
        AUTH_RATE_LIMIT_IP_SCALE: '50',
        AUTH_RESET_LINK_TTL_SECONDS: '20',
        SITE_URL: `http://localhost:${s.port}`,
      },
    };
  }),
});
