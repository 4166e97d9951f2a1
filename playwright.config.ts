import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** End-to-end tests in Debian's Chromium against `next start` on a fresh data folder. */
export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'pt-PT',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-gpu'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: /fuzz\.spec\.ts$/ },
    // The generated bad requests run after every other spec (one worker runs the projects in
    // this order): their traffic must not use up the per-IP limits the other specs count on.
    { name: 'fuzz', testMatch: /fuzz\.spec\.ts$/ },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://localhost:${PORT}/api/health`,
    timeout: 600_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
    stderr: 'pipe',
    // 127.0.0.1 plays the production host (flags off); localhost is any other host (flags on).
    env: { PORT: String(PORT), DATA_DIR: '.data-e2e', E2E_PORT: String(PORT), PRODUCTION_HOSTS: '127.0.0.1', ENABLE_DEV_OUTBOX: '1', AUTH_RATE_LIMIT_IP_SCALE: '50', AUTH_RESET_LINK_TTL_SECONDS: '20', SITE_URL: `http://localhost:${PORT}` },
  },
});
