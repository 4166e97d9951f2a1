import 'server-only';
import { invalidateCatalogueCaches } from '@/server/catalogue/caches';
import { sql } from 'drizzle-orm';
import { chapters, families } from '@/server/db/schema';
import type { Db } from '@/server/db/client';
import { applyCatalogue, markCatalogueSource, type ImportSummary, type ProgressFn } from './apply';
import type { ImportIssue, SourceRow } from './read';
import { readCatalogueFile } from './read';
import { validateRows } from './validate';

export type ImportResult =
  | { ok: true; rows: number; summary: ImportSummary }
  | { ok: false; rows: number; issues: ImportIssue[] };

export interface ImportOptions {
  onProgress?: ProgressFn;
  /** Recorded in app_state the first time the catalogue is filled. */
  source?: 'demo' | 'import';
}

/** Validates every row, then writes all of them in one transaction, or nothing at all. */
export async function importCatalogueRows(db: Db, rows: readonly SourceRow[], options: ImportOptions = {}): Promise<ImportResult> {
  const [chapterRows, familyRows] = await Promise.all([
    db.select({ code: chapters.code }).from(chapters),
    db.select({ code: families.code, title: families.title }).from(families),
  ]);
  const { input, issues } = validateRows(rows, {
    chapterCodes: new Set(chapterRows.map((c) => c.code)),
    existingFamilies: new Map(familyRows.map((f) => [f.code, f.title])),
  });
  if (issues.length) return { ok: false, rows: rows.length, issues };
  const summary = await db.transaction(async (tx) => {
    const result = await applyCatalogue(tx, input, options.onProgress);
    await markCatalogueSource(tx, options.source ?? 'import');
    return result;
  });
  await analyzeCatalogue(db);
  await invalidateCatalogueCaches(db, 'import');
  return { ok: true, rows: rows.length, summary };
}

/** Fresh planner statistics after a bulk write (PGlite has no autovacuum to do it). */
export async function analyzeCatalogue(db: Db): Promise<void> {
  await db.execute(sql`ANALYZE families, brands, products, inventory_products, model_attributes`);
}

export async function importCatalogueFile(db: Db, file: string, options: ImportOptions = {}): Promise<ImportResult> {
  const read = await readCatalogueFile(file);
  if (read.issues.length) return { ok: false, rows: read.rows.length, issues: read.issues };
  return importCatalogueRows(db, read.rows, options);
}

export { formatIssue } from './read';
export type { ImportIssue } from './read';
export type { ImportSummary, EntityCounts } from './apply';
