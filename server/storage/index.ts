import 'server-only';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { dataDir, env } from '@/lib/env';
import { assertStorageKey } from './keys';
import { s3Storage } from './s3';

export { assertStorageKey } from './keys';
export { StorageUnavailableError } from './errors';

/**
 * The one place files of the shop are kept for good (PDFs, price lists, uploads, avatars, ERP
 * files: the list of key families is in docs/storage.md), by key: `orders/2026/EN-2026-000123.pdf`. The interface is that of an object store (put / get /
 * stat by key, whole objects, no directories, no partial writes), so a bucket (S3, Supabase
 * Storage…) can replace the filesystem driver without touching its callers.
 *
 * The default driver keeps each object as a file under `DATA_DIR/storage/<key>`. A put writes a
 * temporary file beside the target, flushes it and renames it over the target: a reader, or a
 * process killed halfway, sees the old object or the new one, never half a file. Only one
 * machine can use it (the folder is local): instances on several machines set S3_BUCKET and
 * share a bucket (server/storage/s3.ts).
 */

export interface StoredObject {
  size: number;
  /** When the object was last written. */
  modifiedAt: Date;
}

export interface FileStorage {
  /** Writes the whole object, replacing any previous one atomically. */
  put(key: string, data: Uint8Array): Promise<void>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** Size and time of the object, or null when there is none. */
  stat(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /** The keys that start with `prefix` (a folder-like `avatars/` or any start of a key), in no set order. */
  list(prefix: string): Promise<string[]>;
}

function isMissing(err: unknown): boolean {
  return (err as NodeJS.ErrnoException).code === 'ENOENT';
}

/** The filesystem driver: objects as files under `root` (default: `DATA_DIR/storage`, read at each call). */
export function filesystemStorage(root?: string): FileStorage {
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root ?? path.join(dataDir(), 'storage'), ...key.split('/'));
  };
  return {
    async put(key, data) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
      const handle = await fs.open(tmp, 'w');
      try {
        await handle.writeFile(data);
        await handle.sync();
      } catch (err) {
        await handle.close().catch(() => undefined);
        await fs.rm(tmp, { force: true });
        throw err;
      }
      await handle.close();
      try {
        await fs.rename(tmp, file);
      } catch (err) {
        await fs.rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async stat(key) {
      try {
        const s = await fs.stat(fileOf(key));
        return s.isFile() ? { size: s.size, modifiedAt: s.mtime } : null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async exists(key) {
      return (await this.stat(key)) !== null;
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    async list(prefix) {
      const base = root ?? path.join(dataDir(), 'storage');
      // The folder that holds the prefix's keys, then a filter on the rest of the name.
      const cut = prefix.lastIndexOf('/');
      const folder = cut >= 0 ? prefix.slice(0, cut) : '';
      if (folder) assertStorageKey(folder);
      const keys: string[] = [];
      const walk = async (dir: string, keyDir: string): Promise<void> => {
        let entries: import('node:fs').Dirent[];
        try {
          entries = await fs.readdir(dir, { withFileTypes: true });
        } catch (err) {
          if (isMissing(err)) return;
          throw err;
        }
        for (const entry of entries) {
          const key = keyDir ? `${keyDir}/${entry.name}` : entry.name;
          if (entry.isDirectory()) await walk(path.join(dir, entry.name), key);
          else if (entry.isFile() && !entry.name.endsWith('.tmp') && key.startsWith(prefix)) keys.push(key);
        }
      };
      await walk(folder ? path.join(base, ...folder.split('/')) : base, folder);
      return keys;
    },
  };
}

interface Holder {
  storage?: FileStorage;
}
const holder: Holder = ((globalThis as { __shopStorage?: Holder }).__shopStorage ??= {});

/**
 * The process's storage: the S3 bucket named by S3_BUCKET (server/storage/s3.ts), otherwise the
 * filesystem under DATA_DIR; or the driver set by setStorage.
 */
export function getStorage(): FileStorage {
  if (holder.storage) return holder.storage;
  const bucket = env().S3_BUCKET;
  if (bucket) {
    holder.storage = s3Storage({ bucket, prefix: env().S3_PREFIX });
  } else {
    holder.storage = filesystemStorage();
  }
  return holder.storage;
}

/** Which driver getStorage() uses, for the start banner and readiness ('s3:bucket/prefix' or 'filesystem:path'). */
export function storageDescription(): string {
  const bucket = env().S3_BUCKET;
  return bucket ? `s3:${bucket}${env().S3_PREFIX ? `/${env().S3_PREFIX}` : ''}` : `filesystem:${path.join(dataDir(), 'storage')}`;
}

/** Use this storage for the rest of the process (tests; another driver); undefined restores the default. */
export function setStorage(storage: FileStorage | undefined): void {
  holder.storage = storage;
}
