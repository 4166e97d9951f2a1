import 'server-only';
import { env } from '@/lib/env';
import type { DemoSeed } from '@/server/db/prepare';
import { ensureDemoAccounts } from './accounts';
import { seedDemoCatalogue } from './fill-catalogue';

/**
 * The demo seed that `npm start` hands to prepareDatabase (scripts/db-prepare.ts): the
 * deterministic demo catalogue (DEMO_SEED) on the first start of an empty database, and the demo
 * accounts of a local demo. Nothing under server/, app/, components/ or lib/ may import this
 * folder (eslint.config.mjs): the running shop holds no demo data.
 */
export const demoSeed: DemoSeed = {
  catalogue: (db, onProgress) => seedDemoCatalogue(db, env().DEMO_SEED, onProgress),
  accounts: ensureDemoAccounts,
};

/** The seed without the catalogue (`npm run db:migrate`): the demo accounts only. */
export const demoAccountsSeed: DemoSeed = { accounts: ensureDemoAccounts };
