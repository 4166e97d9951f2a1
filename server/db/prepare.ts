import 'server-only';
import { env } from '@/lib/env';
import type { ImportSummary, ProgressFn } from '@/server/import/apply';
import { ensureAdminFromEnv } from '@/server/auth/accounts';
import { applyDemoAccountRemoval, countDemoAccounts, demoAccountsRule, planDemoAccountRemoval, removeDemoAccounts } from '@/server/auth/demo-accounts';
import { purgeExpiredRows } from '@/server/maintenance/purge';
import { eq, sql } from 'drizzle-orm';
import { migrateDatabase, type Database, type Db } from './client';
import { ensureReferenceData } from './reference';
import { appState, products } from './schema';

/**
 * The demo data a start may write, handed in by the caller (scripts/db-prepare.ts passes the
 * seed of scripts/seed/): the server holds no demo data of its own.
 */
export interface DemoSeed {
  /** Fills a catalogue that was never filled with the demo catalogue; absent, it stays empty. */
  catalogue?: (db: Db, onProgress?: ProgressFn) => Promise<ImportSummary>;
  /** Creates the demo accounts that do not exist yet (and their company, addresses); returns how many it created. */
  accounts?: (db: Db) => Promise<number>;
}

export interface PrepareResult {
  seeded: ImportSummary | null;
  /** Accounts created now: the ADMIN_EMAIL administrator and the demo accounts. */
  accountsCreated: number;
  /** Demo accounts (known passwords, README) the database holds after preparing. */
  demoAccounts: number;
  /** Demo accounts deleted now (the configuration does not allow them, or the catalogue is real). */
  demoAccountsRemoved: number;
}

/** True when the catalogue was never filled (neither by the demo seed nor by an import). */
export async function isCatalogueUninitialised(db: Db): Promise<boolean> {
  const [marker] = await db.select({ key: appState.key }).from(appState).where(eq(appState.key, 'catalogue'));
  if (marker) return false;
  const [anyProduct] = await db.select({ id: products.id }).from(products).limit(1);
  return !anyProduct;
}

/**
 * Brings a database to a usable state: pending migrations, reference data (chapters, shop
 * settings), the ADMIN_EMAIL administrator and, from `seed`: the demo catalogue when the
 * catalogue was never filled, and the demo accounts where this configuration has them.
 */
export async function prepareDatabase(
  database: Database,
  options: { seed?: DemoSeed; onProgress?: ProgressFn } = {},
): Promise<PrepareResult> {
  await migrateDatabase(database);
  await ensureReferenceData(database.db);
  let seeded: ImportSummary | null = null;
  const seed = options.seed ?? {};
  if (seed.catalogue && !env().SKIP_DEMO_SEED && (await isCatalogueUninitialised(database.db))) {
    seeded = await seed.catalogue(database.db, options.onProgress);
  }
  if (database.driver === 'pglite' && !seeded) await mergeSearchIndexPendingLists(database);
  let accountsCreated = (await ensureAdminFromEnv(database.db)) ? 1 : 0;
  // The demo accounts (public passwords) exist only in a local demo: with the demo catalogue
  // (also in a demo database made before them) and a configuration that allows them, or where
  // DEMO_ACCOUNTS=1 asks for them on http (server/auth/demo-accounts.ts demoAccountsRule). Anywhere
  // else they are deleted, so a database that had them (an older start, a demo database moved
  // to a real host) loses them at the next start.
  const marker = await database.db.execute<{ source: string | null }>(sql`SELECT value->>'source' AS source FROM app_state WHERE key = 'catalogue'`);
  const rule = demoAccountsRule();
  let demoAccountsRemoved = 0;
  if (rule === 'always' || (rule === 'demo-catalogue' && marker.rows[0]?.source === 'demo')) {
    if (seed.accounts) accountsCreated += await seed.accounts(database.db);
  } else if (rule === 'demo-catalogue') {
    // A local demo whose catalogue is now real: the accounts the import kept (the editor who
    // confirmed it, the last administrator) stay, so a restart locks nobody out.
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
