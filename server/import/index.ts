import 'server-only';
import { demoAccountsRule, removeDemoAccounts } from '@/server/auth/accounts';
import { invalidateCatalogueCaches } from '@/server/catalogue/caches';
import { sql } from 'drizzle-orm';
import { chapters, families } from '@/server/db/schema';
import type { Db } from '@/server/db/client';
import { applyCatalogue, markCatalogueSource, type ImportSummary, type ProgressFn } from './apply';
import type { ImportIssue, SourceRow } from './read';
import { readCatalogueFile, readCsvText, readXlsxBuffer } from './read';
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
  const source = options.source ?? 'import';
  const summary = await db.transaction(async (tx) => {
    const result = await applyCatalogue(tx, input, options.onProgress);
    await markCatalogueSource(tx, source);
    // A real catalogue means a real shop: the demo accounts (public passwords) and their sessions
    // go, unless DEMO_ACCOUNTS=1 keeps them on an http site (the end-to-end server imports too).
    if (source === 'import' && demoAccountsRule() !== 'always') await removeDemoAccounts(tx);
    return result;
  });
  await analyzeCatalogue(db);
  await invalidateCatalogueCaches(db, 'import');
  return { ok: true, rows: rows.length, summary };
}

/**
 * After a bulk write (PGlite has no autovacuum to do it): fresh planner statistics, and the GIN
 * indexes' pending lists merged into the indexes. Rows written in bulk go to a GIN index's pending
 * list (`fastupdate`), which every search then reads in full until a VACUUM merges it: after the
 * demo seed nearly the whole full-text and trigram indexes sat there, and a search spent 10–20 ms
 * scanning them. VACUUM also makes the space of the rows the seed updated reusable. Not inside a
 * transaction (VACUUM cannot run in one); on a hosted PostgreSQL where the app does not own the
 * tables it only warns.
 */
export async function analyzeCatalogue(db: Db): Promise<void> {
  await db.execute(sql`VACUUM (ANALYZE) families, brands, products, inventory_products, model_attributes`);
}

export async function importCatalogueFile(db: Db, file: string, options: ImportOptions = {}): Promise<ImportResult> {
  const read = await readCatalogueFile(file);
  if (read.issues.length) return { ok: false, rows: read.rows.length, issues: read.issues };
  return importCatalogueRows(db, read.rows, options);
}

export { formatIssue } from './read';
export type { ImportIssue } from './read';
export type { ImportSummary, EntityCounts } from './apply';

/** Largest catalogue file accepted over HTTP (50,000 rows in CSV are about 10 MB). */
export const MAX_UPLOAD_BYTES = 30 * 1024 * 1024;

/**
 * A catalogue file sent by staff over HTTP (`POST /api/admin/catalogue`): CSV or XLSX (told
 * apart by the file's first bytes, not by its name), validated and applied like the command-line
 * import, all or nothing; the caches of every server instance are invalidated.
 */
export async function importCatalogueUpload(db: Db, bytes: Buffer, options: ImportOptions = {}): Promise<ImportResult> {
  const isZip = bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  const read = isZip ? await readXlsxBuffer(bytes) : readCsvText(bytes.toString('utf8'));
  if (read.issues.length) return { ok: false, rows: read.rows.length, issues: read.issues };
  return importCatalogueRows(db, read.rows, { source: 'import', ...options });
}

/** The whole catalogue of the shop's database as a CSV file in the import format. */
export async function exportCatalogueCsv(): Promise<string> {
  const { getDb } = await import('@/server/db/client');
  const { exportCatalogueRows, toCsv } = await import('./export');
  return toCsv(await exportCatalogueRows(await getDb()));
}

/** `importCatalogueUpload` on the shop's database, with the problems formatted as lines. */
export async function importUploadedCatalogue(bytes: Buffer): Promise<{ ok: true; rows: number; summary: ImportSummary } | { ok: false; problems: string[] }> {
  const { getDb } = await import('@/server/db/client');
  const { formatIssue } = await import('./read');
  const result = await importCatalogueUpload(await getDb(), bytes);
  return result.ok ? result : { ok: false, problems: result.issues.map(formatIssue) };
}
