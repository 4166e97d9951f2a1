import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Viewer } from '@/lib/auth/viewer';
import { dataDir } from '@/lib/env';
import { AppError } from '@/server/api/errors';
import type { ErpSyncKind } from '@/server/db/schema';
import { getStorage } from '@/server/storage';
import { skippedCsv, skippedRunKey } from './skipped';
import { applyErpFile, previewErpFile, recordRefusedFile, type ApplyOutcome, type ReadOutcome, type SyncPreview } from './sync';

/**
 * Files uploaded on /admin/phc-sync (issue 14): kept under `DATA_DIR/phc-uploads/<sha256>`
 * between the preview and "Aplicar" (a day at most), so what is applied is byte for byte what was
 * previewed; the token the page holds is the checksum.
 */

export const MAX_ERP_UPLOAD_BYTES = 30 * 1024 * 1024;
const KEEP_MS = 24 * 3600_000;
const TOKEN = /^[a-f0-9]{64}$/;

function folder(): string {
  return path.join(dataDir(), 'phc-uploads');
}

async function sweep(dir: string): Promise<void> {
  for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => null);
    if (stat && Date.now() - stat.mtimeMs > KEEP_MS) await fs.rm(file, { force: true });
  }
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
  const dir = folder();
  await fs.mkdir(dir, { recursive: true });
  await sweep(dir);
  const tmp = path.join(dir, `.${outcome.sha256}.${process.pid}.tmp`);
  await fs.writeFile(tmp, bytes);
  await fs.rename(tmp, path.join(dir, outcome.sha256));
  await fs.writeFile(path.join(dir, `${outcome.sha256}.json`), JSON.stringify({ fileName, kind: outcome.kind }));
  if (outcome.preview.skipped.length) await fs.writeFile(path.join(dir, `${outcome.sha256}.skipped.csv`), skippedCsv(outcome.preview.skipped));
  return { ...outcome, preview: trimPreview(outcome.preview), token: outcome.sha256 };
}

export async function applyUpload(token: string, actor: Actor): Promise<ApplyOutcome> {
  if (!TOKEN.test(token)) throw new AppError({ code: 'not_found', key: 'Admin.Erp.errors.uploadGone' });
  const dir = folder();
  const bytes = await fs.readFile(path.join(dir, token)).catch(() => null);
  const meta = (await fs
    .readFile(path.join(dir, `${token}.json`), 'utf8')
    .then((s) => JSON.parse(s) as { fileName?: string; kind?: ErpSyncKind })
    .catch(() => null)) ?? { fileName: undefined, kind: undefined };
  if (!bytes) throw new AppError({ code: 'not_found', key: 'Admin.Erp.errors.uploadGone' });
  const outcome = await applyErpFile({ bytes, fileName: meta.fileName ?? `${token.slice(0, 12)}.csv`, source: 'upload', actor, kind: meta.kind ?? null });
  if (outcome.ok) {
    await fs.rm(path.join(dir, token), { force: true });
    await fs.rm(path.join(dir, `${token}.json`), { force: true });
    await fs.rm(path.join(dir, `${token}.skipped.csv`), { force: true });
  }
  return outcome.ok ? { ...outcome, preview: trimPreview(outcome.preview) } : outcome;
}

/**
 * The CSV of the lines a sync skipped (issue 23): an applied run's (`run`, from the shop's
 * storage) or a previewed upload's (`token`). Null when there is none.
 */
export async function readSkippedCsv(ref: { run: number } | { token: string }): Promise<Buffer | null> {
  if ('run' in ref) return getStorage().get(skippedRunKey(ref.run));
  if (!TOKEN.test(ref.token)) return null;
  return fs.readFile(path.join(folder(), `${ref.token}.skipped.csv`)).catch(() => null);
}
