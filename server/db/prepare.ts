import 'server-only';
import { env } from '@/lib/env';
import { isCatalogueUninitialised, seedDemoCatalogue } from '@/server/demo/seed';
import type { ImportSummary, ProgressFn } from '@/server/import/apply';
import { countDemoAccounts, demoAccountsRule, ensureAdminFromEnv, ensureDemoAccounts, removeDemoAccounts } from '@/server/auth/accounts';
import { applyDemoAccountRemoval, planDemoAccountRemoval } from '@/server/auth/demo-removal';
import { purgeExpiredRows } from '@/server/maintenance/purge';
import { sql } from 'drizzle-orm';
import { migrateDatabase, type Database } from './client';
import { ensureReferenceData } from './reference';

export interface PrepareResult {
  seeded: ImportSummary | null;
  /** Accounts created now: the ADMIN_EMAIL administrator and the demo accounts. */
  accountsCreated: number;
  /** Demo accounts (known passwords, README) the database holds after preparing. */
  demoAccounts: number;
  /** Demo accounts deleted now (the configuration does not allow them, or the catalogue is real). */
  demoAccountsRemoved: number;
}

/**
 * Brings a database to a usable state: pending migrations, reference data (chapters, shop
 * settings) and, when `seedDemo` is set and the catalogue was never filled, the demo catalogue.
 */
export async function prepareDatabase(
  database: Database,
  options: { seedDemo?: boolean; onProgress?: ProgressFn } = {},
): Promise<PrepareResult> {
  await migrateDatabase(database);
  await ensureReferenceData(database.db);
  let seeded: ImportSummary | null = null;
  if (options.seedDemo && !env().SKIP_DEMO_SEED && (await isCatalogueUninitialised(database.db))) {
    seeded = await seedDemoCatalogue(database.db, env().DEMO_SEED, options.onProgress);
  }
  if (database.driver === 'pglite' && !seeded) await mergeSearchIndexPendingLists(database);
  let accountsCreated = (await ensureAdminFromEnv(database.db)) ? 1 : 0;
  // The demo accounts (public passwords) exist only in a local demo: with the demo catalogue
  // (also in a demo database made before them) and a configuration that allows them, or where
  // DEMO_ACCOUNTS=1 asks for them on http (server/auth/accounts.ts demoAccountsRule). Anywhere
  // else they are deleted, so a database that had them (an older start, a demo database moved
  // to a real host) loses them at the next start.
  const marker = await database.db.execute<{ source: string | null }>(sql`SELECT value->>'source' AS source FROM app_state WHERE key = 'catalogue'`);
  const rule = demoAccountsRule();
  let demoAccountsRemoved = 0;
  if (rule === 'always' || (rule === 'demo-catalogue' && marker.rows[0]?.source === 'demo')) accountsCreated += await ensureDemoAccounts(database.db);
  else if (rule === 'demo-catalogue') {
    // A local demo whose catalogue is now real: the accounts the import kept (the editor who
    // confirmed it, the last administrator) stay, so a restart locks nobody out (issue 23).
    demoAccountsRemoved = await applyDemoAccountRemoval(database.db, await planDemoAccountRemoval(database.db, { keepRecorded: true }));
  } else demoAccountsRemoved = await removeDemoAccounts(database.db);
  await purgeExpiredRows(database.db);
  return { seeded, accountsCreated, demoAccounts: await countDemoAccounts(database.db), demoAccountsRemoved };
}

/**
 * PGlite has no autovacuum: rows written since the last VACUUM (a database seeded or imported
 * before imports vacuumed, admin edits) wait in the GIN indexes' pending lists, which every
 * search reads in full. Merge them before the server starts (a no-op when they are empty).
 * On PostgreSQL autovacuum does this.
 */
async function mergeSearchIndexPendingLists(database: Database): Promise<void> {
  await database.db.execute(sql`
    SELECT gin_clean_pending_list(i.indexrelid)
    FROM pg_index i
    JOIN pg_class c ON c.oid = i.indexrelid
    JOIN pg_am a ON a.oid = c.relam
    WHERE a.amname = 'gin' AND i.indrelid IN ('products'::regclass, 'inventory_products'::regclass)`);
}
