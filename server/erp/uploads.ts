import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Viewer } from '@/lib/auth/viewer';
import { dataDir } from '@/lib/env';
import { AppError } from '@/server/errors';
import type { ErpSyncKind } from '@/server/db/schema';
import { getStorage } from '@/server/storage';
import { ERP_UPLOAD_PREFIX, erpUploadKey } from '@/server/storage/keys';
import { skippedCsv, skippedRunKey } from './skipped';
import { applyErpFile, previewErpFile, recordRefusedFile, type ApplyOutcome, type ReadOutcome, type SyncPreview } from './sync';

/**
 * Files uploaded on /admin/phc-sync: kept in the shop's storage (server/storage: the
 * filesystem or the bucket every instance shares) under `erp/uploads/<sha256>` between the preview
 * and "Aplicar" (a day at most), so what is applied is byte for byte what was previewed, whichever
 * instance answers "Aplicar"; the token the page holds is the checksum.
 *
 * Uploads previewed before they went to the storage sit in `DATA_DIR/phc-uploads` on the machine
 * that took them: read from there as a fallback until they expire (a day).
 */

export const MAX_ERP_UPLOAD_BYTES = 30 * 1024 * 1024;
const KEEP_MS = 24 * 3600_000;
const TOKEN = /^[a-f0-9]{64}$/;

function legacyFile(token: string, suffix = ''): string {
  return path.join(/*turbopackIgnore: true*/ dataDir(), 'phc-uploads', `${token}${suffix}`);
}

/** Removes the uploads older than a day (their preview was left without "Aplicar"). */
async function sweep(): Promise<void> {
  const storage = getStorage();
  for (const key of await storage.list(ERP_UPLOAD_PREFIX)) {
    const stat = await storage.stat(key);
    if (stat && Date.now() - stat.modifiedAt.getTime() > KEEP_MS) await storage.delete(key);
  }
}

async function readPart(token: string, part: 'file' | 'meta' | 'skipped'): Promise<Buffer | null> {
  const stored = await getStorage().get(erpUploadKey(token, part));
  if (stored) return stored;
  return fs.readFile(legacyFile(token, part === 'file' ? '' : part === 'meta' ? '.json' : '.skipped.csv')).catch(() => null);
}

/** The preview lists are cut for the page (the counts stay whole). */
export function trimPreview(preview: SyncPreview, limit = 200): SyncPreview {
  if (preview.kind === 'prices') return { ...preview, changes: preview.changes.slice(0, limit), skipped: preview.skipped.slice(0, limit) };
  return { ...preview, created: preview.created.slice(0, limit), changed: preview.changed.slice(0, limit), missing: preview.missing.slice(0, limit), skipped: preview.skipped.slice(0, limit) };
}

type Actor = Pick<Viewer, 'id' | 'email' | 'displayName'>;

export async function previewUpload(bytes: Buffer, fileName: string, kind: ErpSyncKind | null, actor: Actor): Promise<ReadOutcome & { token: string | null }> {
  const outcome = await previewErpFile(bytes, kind);
  if (!outcome.ok) {
    await recordRefusedFile({ fileName, source: 'upload', actor, sha256: outcome.sha256, kind: outcome.kind, report: outcome.report });
    return { ...outcome, token: null };
  }
  await sweep();
  const storage = getStorage();
  await storage.put(erpUploadKey(outcome.sha256, 'file'), bytes);
  await storage.put(erpUploadKey(outcome.sha256, 'meta'), Buffer.from(JSON.stringify({ fileName, kind: outcome.kind })));
  if (outcome.preview.skipped.length) await storage.put(erpUploadKey(outcome.sha256, 'skipped'), Buffer.from(skippedCsv(outcome.preview.skipped)));
  return { ...outcome, preview: trimPreview(outcome.preview), token: outcome.sha256 };
}

export async function applyUpload(token: string, actor: Actor): Promise<ApplyOutcome> {
  if (!TOKEN.test(token)) throw new AppError({ code: 'not_found', key: 'Admin.Erp.errors.uploadGone' });
  const bytes = await readPart(token, 'file');
  const metaBytes = await readPart(token, 'meta');
  let meta: { fileName?: string; kind?: ErpSyncKind } = {};
  try {
    if (metaBytes) meta = JSON.parse(metaBytes.toString('utf8')) as typeof meta;
  } catch {
    // An unreadable note: the file is applied under a name made from its checksum, its kind detected.
  }
  if (!bytes) throw new AppError({ code: 'not_found', key: 'Admin.Erp.errors.uploadGone' });
  const outcome = await applyErpFile({ bytes, fileName: meta.fileName ?? `${token.slice(0, 12)}.csv`, source: 'upload', actor, kind: meta.kind ?? null });
  if (outcome.ok) {
    for (const part of ['file', 'meta', 'skipped'] as const) await getStorage().delete(erpUploadKey(token, part));
    for (const suffix of ['', '.json', '.skipped.csv']) await fs.rm(legacyFile(token, suffix), { force: true });
  }
  return outcome.ok ? { ...outcome, preview: trimPreview(outcome.preview) } : outcome;
}

/**
 * The CSV of the lines a sync skipped: an applied run's (`run`, from the shop's
 * storage) or a previewed upload's (`token`). Null when there is none.
 */
export async function readSkippedCsv(ref: { run: number } | { token: string }): Promise<Buffer | null> {
  if ('run' in ref) return getStorage().get(skippedRunKey(ref.run));
  if (!TOKEN.test(ref.token)) return null;
  return readPart(ref.token, 'skipped');
}
