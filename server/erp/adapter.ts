import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';
import { dataDir, env } from '@/lib/env';
import { getStorage, type FileStorage } from '@/server/storage';
import { ERP_INBOX_PREFIX, erpInboxKey, isKeySegment } from '@/server/storage/keys';

/**
 * Where ERP files come from. The ERP (PHC) exports files into a folder the server
 * watches (`PHC_INBOX_DIR`, default `DATA_DIR/phc-inbox`), or, when the shop keeps its files in a
 * bucket (S3_BUCKET), under the bucket's `erp/inbox/` (storageSource); or staff upload them on
 * /admin/phc-sync;
 * an HTTP adapter (PHC's web services) can later implement the same interface and hand the same
 * bytes to the same sync (server/erp/sync.ts), so validation, preview, apply and history stay one.
 */
export interface ErpFile {
  /** A name for the history (the file name, or the adapter's resource). */
  name: string;
  bytes: Buffer;
  /** Called once the file was applied (`done`) or refused (`failed`). */
  settle(outcome: 'done' | 'failed'): Promise<void>;
}

export interface ErpSource {
  readonly id: 'inbox' | 'http';
  /** The files waiting, oldest first; each is claimed by this call (another instance does not get it). */
  claim(): Promise<ErpFile[]>;
}

export function inboxDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ env().PHC_INBOX_DIR || path.join(dataDir(), 'phc-inbox'));
}

const ACCEPTED = /\.(csv|xlsx|txt)$/i;
/** A file changed less than this ago may still be being written by the ERP: left for the next check. */
const SETTLE_MS = 5_000;

function stamp(): string {
  return new Date().toISOString().replace(/[:.]/g, '-');
}

/**
 * The watched folder: `*.csv` / `*.xlsx` files in it are claimed by moving them into
 * `processing/` (a rename: only one process gets each), then moved to `done/` or `failed/` with
 * the time prefixed.
 */
export function folderSource(dir = inboxDir()): ErpSource {
  return {
    id: 'inbox',
    async claim() {
      await fs.mkdir(path.join(dir, 'processing'), { recursive: true });
      const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
      const candidates: { name: string; mtime: number }[] = [];
      for (const e of entries) {
        if (!e.isFile() || !ACCEPTED.test(e.name) || e.name.startsWith('.')) continue;
        const stat = await fs.stat(path.join(dir, e.name)).catch(() => null);
        if (stat && Date.now() - stat.mtimeMs >= SETTLE_MS) candidates.push({ name: e.name, mtime: stat.mtimeMs });
      }
      candidates.sort((a, b) => a.mtime - b.mtime || a.name.localeCompare(b.name));
      const files: ErpFile[] = [];
      for (const c of candidates) {
        const claimed = path.join(dir, 'processing', `${stamp()}-${c.name}`);
        try {
          await fs.rename(path.join(dir, c.name), claimed);
        } catch {
          continue; // Another instance took it.
        }
        const bytes = await fs.readFile(claimed);
        files.push({
          name: c.name,
          bytes,
          async settle(outcome) {
            const target = path.join(dir, outcome);
            await fs.mkdir(target, { recursive: true });
            await fs.rename(claimed, path.join(target, path.basename(claimed)));
          },
        });
      }
      return files;
    },
  };
}

/**
 * The inbox in the shop's storage (a bucket shared by every instance): the files under
 * `erp/inbox/` (`*.csv`, `*.xlsx`, `*.txt`, names of letters, digits, `.`, `_`, `-`; anything else
 * is left where it is) are copied to `erp/processing/` and removed from the inbox, then moved to
 * `erp/done/` or `erp/failed/` with the time prefixed. An object store has no atomic rename: that
 * only one instance takes a file is the inbox lock's work (runErpSource in ./inbox.ts), and a file
 * another run took in between reads as missing here and is skipped. S3 writes an object whole, so
 * no settling delay is needed as for a folder.
 */
export function storageSource(storage: FileStorage = getStorage()): ErpSource {
  return {
    id: 'inbox',
    async claim() {
      const waiting: { key: string; name: string; time: number }[] = [];
      for (const key of await storage.list(ERP_INBOX_PREFIX)) {
        const name = key.slice(ERP_INBOX_PREFIX.length);
        if (!isKeySegment(name) || !ACCEPTED.test(name)) continue;
        const stat = await storage.stat(key);
        if (stat) waiting.push({ key, name, time: stat.modifiedAt.getTime() });
      }
      waiting.sort((a, b) => a.time - b.time || a.name.localeCompare(b.name));
      const files: ErpFile[] = [];
      for (const w of waiting) {
        const bytes = await storage.get(w.key);
        if (!bytes) continue; // Taken by another run.
        const claimedName = `${stamp()}-${w.name}`.slice(0, 200);
        const claimed = erpInboxKey('processing', claimedName);
        await storage.put(claimed, bytes);
        await storage.delete(w.key);
        files.push({
          name: w.name,
          bytes,
          async settle(outcome) {
            await storage.put(erpInboxKey(outcome, claimedName), bytes);
            await storage.delete(claimed);
          },
        });
      }
      return files;
    },
  };
}

/**
 * The inbox the configuration names: the watched folder on the filesystem driver; the bucket's
 * `erp/inbox/` with S3, plus the folder when PHC_INBOX_DIR is set (a folder every instance
 * mounts) or when the default folder is still there from before the bucket (its files keep
 * working; new ones go to the bucket).
 */
export async function configuredSources(): Promise<ErpSource[]> {
  if (!env().S3_BUCKET) return [folderSource()];
  const sources = [storageSource()];
  const dir = inboxDir();
  const folderThere = await fs.stat(dir).then((s) => s.isDirectory()).catch(() => false);
  if (env().PHC_INBOX_DIR || folderThere) sources.push(folderSource(dir));
  return sources;
}
