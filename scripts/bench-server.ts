/**
 * The server code in this process, for the benchmarks that call it directly (search, price list,
 * ERP sync): the environment is set before any server module reads it, the demo seed runs whatever
 * the developer's SKIP_DEMO_SEED says, and the modules come back loaded.
 */
import fs from 'node:fs';
import type { Database } from '@/server/db/client';

/** `env`: variables to set, or to remove (undefined), before the server modules load. */
export async function loadServerForBench(env: Record<string, string | undefined> = {}) {
  delete process.env.SKIP_DEMO_SEED;
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  const { resetEnvCache } = await import('@/lib/env');
  resetEnvCache();
  const client = await import('@/server/db/client');
  const { prepareDatabase } = await import('@/server/db/prepare');
  const { demoSeed } = await import('./seed');
  return { ...client, prepareDatabase, demoSeed };
}

/** Ends a benchmark's database: no longer the process's database, closed, its folder removed (unless kept). */
export async function closeBenchDatabase(database: Database, dir: string | null): Promise<void> {
  const { setDatabase } = await import('@/server/db/client');
  setDatabase(undefined);
  await database.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}
