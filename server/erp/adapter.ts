import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';
import { dataDir, env } from '@/lib/env';

/**
 * Where ERP files come from (issue 14). Today the ERP (PHC) exports files into a folder the server
 * watches (`PHC_INBOX_DIR`, default `DATA_DIR/phc-inbox`) or staff upload them on /admin/phc-sync;
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
