import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { importResultPath, type ImportAccountsView, type ImportPreview, type ImportReport } from '@/lib/admin/catalogue-import';
import type { Viewer } from '@/lib/auth/viewer';
import { getDb, type DbOrTx } from '@/server/db/client';
import { catalogueUploads, type CatalogueChangeKind } from '@/server/db/schema';
import { getStorage } from '@/server/storage';
import { planCatalogue, type CataloguePlan, type ChangeCounts, type ImportSummary, type PlannedChange } from './apply';
import type { DemoRemovalPlan } from '@/server/auth/demo-accounts';
import { importCatalogueRows, isZipBytes, planImportAccounts, readUploadBytes, validationContext } from './index';
import type { ImportIssue } from './read';
import { validateRows } from './validate';

/**
 * The two steps of an import from /admin/catalogue-management:
 *
 * 1. `previewCatalogueUpload`: the whole file is read and validated, and what it would change is
 *    computed from the database without writing anything (`planCatalogue`, the import's own
 *    plan). An invalid file answers its report (line, column, reason); a valid one is kept in
 *    server/storage under a random id (with its SHA-256 and the catalogue's fingerprint) for
 *    `UPLOAD_TTL_MS`, and its preview is answered.
 * 2. `confirmCatalogueUpload`: the same bytes (checksum checked) are validated again and
 *    imported, all or nothing, in one transaction that first claims the upload (a second
 *    confirmation finds nothing) and checks that the catalogue has not changed since the preview
 *    (otherwise nothing is written and a fresh preview of the same file is answered).
 */

export const UPLOAD_TTL_MS = 60 * 60 * 1000;
/** Problems listed in the report (the total is always given). */
export const MAX_REPORTED_ISSUES = 500;
const STORAGE_PREFIX = 'catalogue-imports';

export type { ChangeCounts };

export type { ImportPreview, ImportReport };

export type PreviewResult = { ok: true; preview: ImportPreview } | { ok: false; report: ImportReport };

export type ConfirmResult =
  | { ok: true; rows: number; summary: ImportSummary; fileName: string; recorded: ChangeCounts; accounts: ImportAccountsView; resultPath: string | null }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'invalid'; report: ImportReport }
  | { ok: false; reason: 'stale'; preview: ImportPreview };

function report(rows: number, issues: ImportIssue[]): ImportReport {
  return { rows, total: issues.length, issues: issues.slice(0, MAX_REPORTED_ISSUES) };
}

/** A safe display name for an uploaded file (no path, bounded length). */
export function cleanFileName(name: string | null | undefined, bytes: Uint8Array): string {
  const base = (name ?? '').split(/[\\/]/).pop()?.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200);
  return base || (isZipBytes(bytes) ? 'catalogo.xlsx' : 'catalogo.csv');
}

/**
 * The catalogue's state as one text: counts and latest changes of the catalogue tables and the
 * change log. Any write to the catalogue (an import, a staff edit) changes it.
 */
export async function catalogueFingerprint(db: DbOrTx): Promise<string> {
  const result = await db.execute<{ f: string }>(sql`
    SELECT md5(concat_ws('|',
      (SELECT count(*) || '/' || coalesce(max(updated_at)::text, '') FROM families),
      (SELECT count(*) || '/' || coalesce(max(id), 0) FROM brands),
      (SELECT count(*) || '/' || coalesce(max(updated_at)::text, '') FROM products),
      (SELECT count(*) || '/' || coalesce(max(updated_at)::text, '') FROM inventory_products),
      (SELECT count(*) FROM model_attributes),
      (SELECT coalesce(max(id), 0) FROM catalogue_changes))) AS f`);
  return result.rows[0]?.f ?? '';
}

/** The accounts part of a plan as the screens show it (no ids). */
export function accountsView(plan: DemoRemovalPlan): ImportAccountsView {
  const view = (a: DemoRemovalPlan['remove'][number]) => ({ email: a.email, name: a.name, role: a.role, isAdmin: a.isAdmin, userType: a.userType });
  return { remove: plan.remove.map(view), keep: plan.keep.map((a) => ({ ...view(a), reason: a.reason })) };
}

/**
 * What a confirmation checks has not moved since the preview: the catalogue, and which accounts
 * it would remove and keep (a new administrator, a removed one: the preview would say otherwise).
 */
async function importFingerprint(db: DbOrTx, actorId: string): Promise<{ fingerprint: string; accounts: DemoRemovalPlan }> {
  const [catalogue, accounts] = await Promise.all([catalogueFingerprint(db), planImportAccounts(db, 'import', actorId)]);
  const ids = (list: { id: string }[]) => list.map((a) => a.id).join(',');
  return { fingerprint: `${catalogue}|${ids(accounts.remove)}|${ids(accounts.keep)}`, accounts };
}

function countChanges(changes: readonly PlannedChange[], firstFill: boolean): ChangeCounts {
  const counts: ChangeCounts = { price: 0, new: 0, removed: 0, text: 0 };
  if (firstFill) return counts;
  for (const c of changes) counts[c.kind as CatalogueChangeKind]++;
  return counts;
}

function previewOf(plan: CataloguePlan, accounts: DemoRemovalPlan, upload: { id: string; fileName: string; sha256: string; size: number; rows: number; expiresAt: Date }): ImportPreview {
  return {
    uploadId: upload.id,
    fileName: upload.fileName,
    sha256: upload.sha256,
    size: upload.size,
    rows: upload.rows,
    expiresAt: upload.expiresAt.toISOString(),
    summary: plan.summary,
    samples: plan.samples,
    changeCounts: countChanges(plan.changes, plan.firstFill),
    priceSamples: plan.changes
      .filter((c) => c.kind === 'price')
      .slice(0, 10)
      .map(({ productCode, modelCode, productName, before, after }) => ({ productCode, modelCode, productName, before, after })),
    firstFill: plan.firstFill,
    accounts: accountsView(accounts),
  };
}

/** Uploads past their time: rows and files removed. */
export async function purgeExpiredUploads(now = new Date()): Promise<number> {
  const db = await getDb();
  const gone = await db.delete(catalogueUploads).where(lte(catalogueUploads.expiresAt, now)).returning({ fileKey: catalogueUploads.fileKey });
  for (const { fileKey } of gone) await getStorage().delete(fileKey).catch(() => undefined);
  return gone.length;
}

/** Step 1: validates the whole file and computes what it would change, writing nothing to the catalogue. */
export async function previewCatalogueUpload(actor: Pick<Viewer, 'id'>, fileName: string, bytes: Buffer): Promise<PreviewResult> {
  const db = await getDb();
  await purgeExpiredUploads();
  const read = await readUploadBytes(bytes);
  if (read.issues.length) return { ok: false, report: report(read.rows.length, read.issues) };
  const { input, issues } = validateRows(read.rows, await validationContext(db));
  if (issues.length) return { ok: false, report: report(read.rows.length, issues) };
  const [plan, { fingerprint, accounts }] = await Promise.all([planCatalogue(db, input), importFingerprint(db, actor.id)]);

  const id = randomBytes(16).toString('hex');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const fileKey = `${STORAGE_PREFIX}/${id}-${sha256}.${isZipBytes(bytes) ? 'xlsx' : 'csv'}`;
  await getStorage().put(fileKey, bytes);
  const expiresAt = new Date(Date.now() + UPLOAD_TTL_MS);
  const upload = { id, fileName, sha256, size: bytes.length, rows: read.rows.length, expiresAt };
  await db.insert(catalogueUploads).values({ ...upload, fileKey, actorId: actor.id, fingerprint });
  return { ok: true, preview: previewOf(plan, accounts, upload) };
}

class StaleCatalogue extends Error {}

/**
 * Step 2: imports exactly the previewed file, all or nothing, as `actor` (who previewed it).
 * The change log and the audit log are written in the import's transaction.
 */
export async function confirmCatalogueUpload(actor: Pick<Viewer, 'id' | 'email' | 'displayName'>, uploadId: string): Promise<ConfirmResult> {
  const db = await getDb();
  const [upload] = await db
    .select()
    .from(catalogueUploads)
    .where(and(eq(catalogueUploads.id, uploadId), eq(catalogueUploads.actorId, actor.id), gt(catalogueUploads.expiresAt, new Date())));
  if (!upload) return { ok: false, reason: 'not_found' };
  const bytes = await getStorage().get(upload.fileKey);
  if (!bytes || createHash('sha256').update(bytes).digest('hex') !== upload.sha256) {
    await db.delete(catalogueUploads).where(eq(catalogueUploads.id, upload.id));
    return { ok: false, reason: 'not_found' };
  }
  const read = await readUploadBytes(bytes);
  if (read.issues.length) return { ok: false, reason: 'invalid', report: report(read.rows.length, read.issues) };

  let result: Awaited<ReturnType<typeof importCatalogueRows>>;
  try {
    result = await importCatalogueRows(db, read.rows, {
      source: 'import',
      actor,
      file: { name: upload.fileName, sha256: upload.sha256 },
      beforeWrite: async (tx) => {
        // One confirmed import at a time: a second one waits here, then sees the first one's
        // changes in the fingerprint below and is answered with a fresh preview.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('catalogue-import-confirm'))`);
        // Claim the upload: a second confirmation (another tab, a double click) finds nothing.
        const claimed = await tx.delete(catalogueUploads).where(eq(catalogueUploads.id, upload.id)).returning({ id: catalogueUploads.id });
        if (claimed.length === 0) throw new StaleCatalogue('claimed');
        if ((await importFingerprint(tx, actor.id)).fingerprint !== upload.fingerprint) throw new StaleCatalogue('changed');
      },
    });
  } catch (err) {
    if (!(err instanceof StaleCatalogue)) throw err;
    if (err.message === 'claimed') return { ok: false, reason: 'not_found' };
    // The catalogue changed since the preview: nothing written; a fresh preview of the same file.
    const { input, issues } = validateRows(read.rows, await validationContext(db));
    if (issues.length) return { ok: false, reason: 'invalid', report: report(read.rows.length, issues) };
    const [plan, { fingerprint, accounts }] = await Promise.all([planCatalogue(db, input), importFingerprint(db, actor.id)]);
    await db.update(catalogueUploads).set({ fingerprint }).where(eq(catalogueUploads.id, upload.id));
    return { ok: false, reason: 'stale', preview: previewOf(plan, accounts, upload) };
  }
  if (!result.ok) return { ok: false, reason: 'invalid', report: report(result.rows, result.issues) };
  await getStorage().delete(upload.fileKey).catch(() => undefined);
  return {
    ok: true,
    rows: result.rows,
    summary: result.summary,
    fileName: upload.fileName,
    recorded: result.recorded,
    accounts: accountsView(result.accounts),
    resultPath: result.auditId === null ? null : importResultPath(result.auditId),
  };
}
