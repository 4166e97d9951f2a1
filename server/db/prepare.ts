import 'server-only';
import { env } from '@/lib/env';
import { isCatalogueUninitialised, seedDemoCatalogue } from '@/server/catalogue/demo-seed';
import type { ImportSummary, ProgressFn } from '@/server/import/apply';
import { migrateDatabase, type Database } from './client';
import { ensureReferenceData } from './reference';

export interface PrepareResult {
  seeded: ImportSummary | null;
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
  if (options.seedDemo && !env().SKIP_DEMO_SEED && (await isCatalogueUninitialised(database.db))) {
    return { seeded: await seedDemoCatalogue(database.db, env().DEMO_SEED, options.onProgress) };
  }
  return { seeded: null };
}
