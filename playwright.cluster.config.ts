import { defineConfig, devices } from '@playwright/test';

/**
 * The cluster smoke test (npm run test:cluster): the buying journey through HAProxy in front of
 * CLUSTER_INSTANCES instances (default 2) on PostgreSQL, Redis and S3, all started by
 * tests/cluster/setup.ts (scripts/cluster-support.mjs) and stopped after.
 */
export default defineConfig({
  testDir: './tests/cluster',
  globalSetup: './tests/cluster/setup.ts',
  workers: 1,
  retries: 0,
  timeout: 180_000,
  reporter: [['list']],
  use: {
    locale: 'pt-PT',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-gpu'],
    },
    ...devices['Desktop Chrome'],
    channel: undefined,
  },
});
