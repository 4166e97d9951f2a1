import 'server-only';
import { createHash } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { applyDemoAccountRemoval, demoAccountsRule, planDemoAccountRemoval, type DemoRemovalPlan } from '@/server/auth/demo-accounts';
import { invalidateCatalogueCaches } from '@/server/catalogue/caches';
import { auditLog, chapters, families } from '@/server/db/schema';
import type { Db, DbOrTx, Tx } from '@/server/db/client';
import { recordAudit, type AuditActor } from '@/server/admin/audit';
import { markCatalogueSource, planCatalogue, writeCataloguePlan, type ChangeCounts, type ImportSummary, type ProgressFn } from './apply';
import type { ImportIssue, SourceRow } from './read';
import { isZip } from '@/server/files';
import { readCatalogueFile, readTableBytes } from './read';
import { validateRows } from './validate';

export type ImportResult =
  | {
      ok: true;
      rows: number;
      summary: ImportSummary;
      recorded: ChangeCounts;
      /** The demo accounts the import removed and the ones it kept. */
      accounts: DemoRemovalPlan;
      /** The audit entry of a staff import (its result page), when one was written. */
      auditId: number | null;
    }
  | { ok: false; rows: number; issues: ImportIssue[] };

export interface ImportOptions {
  onProgress?: ProgressFn;
  /** Recorded in app_state the first time the catalogue is filled. */
  source?: 'demo' | 'import';
  /** Who imports (staff over HTTP): named in the change log. */
  actor?: AuditActor;
  /** The file imported, for the audit entry (staff imports only). */
  file?: { name: string; sha256: string };
  /** Runs first inside the import's transaction (e.g. to claim a previewed upload); throwing rolls back. */
  beforeWrite?: (tx: Tx) => Promise<void>;
}

/**
 * The demo accounts a real import would remove and keep (`keepUserId`: who confirms it), or none
 * when this configuration keeps them (DEMO_ACCOUNTS=1) or the fill is the demo one. The preview
 * shows it; the import does exactly it, in its transaction.
 */
export async function planImportAccounts(db: DbOrTx, source: 'demo' | 'import', keepUserId: string | null | undefined): Promise<DemoRemovalPlan> {
  if (source !== 'import' || demoAccountsRule() === 'always') return { remove: [], keep: [] };
  return planDemoAccountRemoval(db, { keepUserId });
}

const accountText = (plan: DemoRemovalPlan) => (plan.remove.length ? `; contas de demonstração removidas: ${plan.remove.map((a) => a.email).join(', ')}` : '');

/** Validates every row, then writes all of them in one transaction, or nothing at all. */
export async function importCatalogueRows(db: Db, rows: readonly SourceRow[], options: ImportOptions = {}): Promise<ImportResult> {
  const { input, issues } = validateRows(rows, await validationContext(db));
  if (issues.length) return { ok: false, rows: rows.length, issues };
  const source = options.source ?? 'import';
  const summary = await db.transaction(async (tx) => {
    await options.beforeWrite?.(tx);
    const plan = await planCatalogue(tx, input);
    // Imports are recorded in the catalogue change log (not the demo seed, nor the first fill).
    const recorded = await writeCataloguePlan(tx, plan, {
      onProgress: options.onProgress,
      record: source === 'import' ? { source: 'import', actor: options.actor ?? null } : undefined,
    });
    const result = plan.summary;
    // A real catalogue means a real shop: the demo accounts (public passwords) and their sessions
    // go, unless DEMO_ACCOUNTS=1 keeps them on an http site (the end-to-end server imports too);
    // never the account that confirms the import, nor the last administrator.
    const accounts = await planImportAccounts(tx, source, options.actor?.id);
    let auditId: number | null = null;
    if (source === 'import' && options.file) {
      const entityId = options.file.sha256.slice(0, 16);
      const who = (a: DemoRemovalPlan['remove'][number]) => ({ email: a.email, name: a.name, role: a.role, isAdmin: a.isAdmin, userType: a.userType });
      await recordAudit(tx, {
        actor: options.actor ?? null,
        entity: 'catalogue_import',
        entityId,
        action: 'import',
        summary: `Importação do catálogo ${options.file.name}: ${rows.length} linhas; ${describeSummary(result)}${accountText(accounts)}`,
        after: {
          file: options.file.name,
          sha256: options.file.sha256,
          rows: rows.length,
          ...result,
          recorded,
          accountsRemoved: accounts.remove.map(who),
          accountsKept: accounts.keep.map((a) => ({ ...who(a), reason: a.reason })),
        },
      });
      const [entry] = await tx
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'catalogue_import'), eq(auditLog.entityId, entityId)))
        .orderBy(desc(auditLog.id))
        .limit(1);
      auditId = entry?.id ?? null;
    }
    await markCatalogueSource(tx, source);
    if (source === 'import' && demoAccountsRule() !== 'always') await applyDemoAccountRemoval(tx, accounts, { record: true });
    return { summary: result, recorded, accounts, auditId };
  });
  await analyzeCatalogue(db);
  await invalidateCatalogueCaches(db, 'import');
  return { ok: true, rows: rows.length, summary: summary.summary, recorded: summary.recorded, accounts: summary.accounts, auditId: summary.auditId };
}

/** "produtos 2 criados, 1 alterado; modelos …" for the audit entry. */
export function describeSummary(summary: ImportSummary): string {
  const part = (label: string, c: { created: number; updated: number; unchanged: number }) =>
    `${label} ${c.created} criados, ${c.updated} alterados, ${c.unchanged} sem alterações`;
  return [part('famílias', summary.families), part('marcas', summary.brands), part('produtos', summary.products), part('modelos', summary.models)].join('; ');
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
export type { ImportSummary, EntityCounts, ChangeCounts } from './apply';

/** Largest catalogue file accepted over HTTP (50,000 rows in CSV are about 10 MB). */
export const MAX_UPLOAD_BYTES = 30 * 1024 * 1024;

/**
 * A catalogue file sent by staff over HTTP (`POST /api/admin/catalogue`): CSV or XLSX (told
 * apart by the file's first bytes, not by its name), validated and applied like the command-line
 * import, all or nothing; the caches of every server instance are invalidated.
 */
export async function importCatalogueUpload(db: Db, bytes: Buffer, options: ImportOptions = {}): Promise<ImportResult> {
  const read = await readUploadBytes(bytes);
  if (read.issues.length) return { ok: false, rows: read.rows.length, issues: read.issues };
  return importCatalogueRows(db, read.rows, { source: 'import', ...options });
}

/** True for a ZIP container (an XLSX file), told by its first bytes, not by its name. */
export function isZipBytes(bytes: Uint8Array): boolean {
  return isZip(bytes);
}

/** The rows of an uploaded file: XLSX or CSV told apart by content, within the catalogue's file limits (a refused file throws its 4xx AppError). */
export async function readUploadBytes(bytes: Buffer) {
  return readTableBytes(bytes);
}

/** The validation context of the shop's database: its chapters and families. */
export async function validationContext(db: DbOrTx) {
  const [chapterRows, familyRows] = await Promise.all([
    db.select({ code: chapters.code }).from(chapters),
    db.select({ code: families.code, title: families.title }).from(families),
  ]);
  return {
    chapterCodes: new Set(chapterRows.map((c) => c.code)),
    existingFamilies: new Map(familyRows.map((f) => [f.code, f.title])),
  };
}

/** The whole catalogue of the shop's database as a CSV file in the import format. */
export async function exportCatalogueCsv(): Promise<string> {
  const { getDb } = await import('@/server/db/client');
  const { exportCatalogueRows, toCsv } = await import('./export');
  return toCsv(await exportCatalogueRows(await getDb()));
}

/** The whole catalogue as an XLSX workbook in the import format. */
export async function exportCatalogueXlsx(): Promise<Buffer> {
  const { getDb } = await import('@/server/db/client');
  const { exportCatalogueRows, toXlsx } = await import('./export');
  return toXlsx(await exportCatalogueRows(await getDb()));
}

/** `importCatalogueUpload` on the shop's database, with the problems formatted as lines. */
export async function importUploadedCatalogue(bytes: Buffer, actor?: AuditActor): Promise<Extract<ImportResult, { ok: true }> | { ok: false; problems: string[] }> {
  const { getDb } = await import('@/server/db/client');
  const { formatIssue } = await import('./read');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const result = await importCatalogueUpload(await getDb(), bytes, { actor, file: actor ? { name: 'API', sha256 } : undefined });
  return result.ok ? result : { ok: false, problems: result.issues.map(formatIssue) };
}
