import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { dataDir } from '@/lib/env';
import { onCacheInvalidation } from '@/server/cache/invalidate';
import { getDb } from '@/server/db/client';
import { logger } from '@/server/log';

const log = logger('media');

/**
 * The cache of generated media (raster catalogue images, catalogue PDFs): what costs CPU to make
 * (sharp, the PDF writer) is made once per content version and kept
 *   1. in memory, least recently used out (`MEMORY_BYTES`, shared by every route bundle), and
 *   2. on disk under DATA_DIR/cache/media (`DISK_BYTES`, oldest files out), so a restart or a
 *      page of images larger than the memory does not render everything again.
 *
 * Every entry is keyed by the content version: the last value of the shared invalidation log
 * (server/cache/invalidate.ts, written by every write that changes what the shop shows: imports,
 * the demo seed, admin writes) and the database's own id. Any invalidation, in this process or
 * another one (the poller), starts a new version: the next request renders again and the old
 * entries age out. The version also names the answer's ETag, so a client's `If-None-Match` is
 * answered 304 without reading or rendering anything.
 *
 * It stays on each instance's own disk, not in server/storage: everything in it is derived (made
 * again from the database and the stored uploads on a miss), so an instance with an empty or lost
 * folder only renders more for a while, and N instances each warm their own copy. Nothing kept
 * for good may be written here.
 */

export interface CachedMedia {
  body: Buffer;
  contentType: string;
  etag: string;
  /** Where the body came from: rendered now, or one of the caches. */
  source: 'render' | 'memory' | 'disk';
}

const MEMORY_BYTES = 64 * 1024 * 1024;
const DISK_BYTES = 512 * 1024 * 1024;
/** The disk folder is trimmed every this many writes. */
const TRIM_EVERY = 64;

const STATE = Symbol.for('cag.media.cache');

interface State {
  version: { value: string; stale: boolean } | null;
  pendingVersion: Promise<string> | null;
  memory: Map<string, { body: Buffer; contentType: string }>;
  memoryBytes: number;
  writes: number;
  /** Renders in progress, so that simultaneous requests for one entry render it once. */
  rendering: Map<string, Promise<{ body: Buffer; contentType: string } | null>>;
}

function state(): State {
  const g = globalThis as { [STATE]?: State };
  if (!g[STATE]) {
    const created: State = { version: null, pendingVersion: null, memory: new Map(), memoryBytes: 0, writes: 0, rendering: new Map() };
    g[STATE] = created;
    // Any invalidation (this process or, through the poller, another one): a new version.
    onCacheInvalidation(() => {
      if (created.version) created.version.stale = true;
    });
  }
  return g[STATE];
}

/** The content version: the database's id and the last number of its invalidation log. */
export async function mediaVersion(): Promise<string> {
  const s = state();
  if (s.version && !s.version.stale) return s.version.value;
  s.pendingVersion ??= (async () => {
    const marker = { value: '', stale: false };
    s.version = marker; // an invalidation during the read below marks this one stale again
    try {
      const db = await getDb();
      const result = await db.execute<{ db: string; last: string | null }>(sql`
        SELECT (SELECT oid::text FROM pg_database WHERE datname = current_database()) AS db,
               pg_sequence_last_value(pg_get_serial_sequence('cache_invalidations', 'id'))::text AS last`);
      const row = result.rows[0];
      marker.value = `${row?.db ?? ''}-${row?.last ?? '0'}`;
      return marker.value;
    } catch (err) {
      s.version = null;
      throw err;
    } finally {
      s.pendingVersion = null;
    }
  })();
  return s.pendingVersion;
}

function memoryGet(key: string): { body: Buffer; contentType: string } | undefined {
  const s = state();
  const hit = s.memory.get(key);
  if (hit) {
    s.memory.delete(key);
    s.memory.set(key, hit);
  }
  return hit;
}

function memoryPut(key: string, entry: { body: Buffer; contentType: string }): void {
  const s = state();
  const old = s.memory.get(key);
  if (old) {
    s.memory.delete(key);
    s.memoryBytes -= old.body.byteLength;
  }
  if (entry.body.byteLength > MEMORY_BYTES / 4) return;
  s.memory.set(key, entry);
  s.memoryBytes += entry.body.byteLength;
  while (s.memoryBytes > MEMORY_BYTES && s.memory.size > 1) {
    const [oldest, value] = s.memory.entries().next().value as [string, { body: Buffer }];
    s.memory.delete(oldest);
    s.memoryBytes -= value.body.byteLength;
    mediaCounters()[mediaClassOf(oldest)].evictions += 1;
  }
}

/** Images or PDFs, by the content type at the end of a memory key (`hash|type`). */
function mediaClassOf(keyOrType: string): MediaClass {
  return keyOrType.endsWith('application/pdf') ? 'pdfs' : 'images';
}

export type MediaClass = 'images' | 'pdfs';

interface MediaCounters {
  /** Answered from memory or disk. */
  hits: number;
  /** Rendered (sharp, the PDF writer). */
  misses: number;
  /** Memory entries pushed out (least recently used) and disk files trimmed. */
  evictions: number;
}

const COUNTERS = Symbol.for('cag.media.counters');

function mediaCounters(): Record<MediaClass, MediaCounters> {
  const g = globalThis as { [COUNTERS]?: Record<MediaClass, MediaCounters> };
  return (g[COUNTERS] ??= { images: { hits: 0, misses: 0, evictions: 0 }, pdfs: { hits: 0, misses: 0, evictions: 0 } });
}

/** Figures of the media cache per class (/admin/cache-performance): counters and what memory holds now. */
export function mediaCacheStats(): Record<MediaClass, MediaCounters & { entries: number; bytes: number }> {
  const counters = mediaCounters();
  const out = { images: { ...counters.images, entries: 0, bytes: 0 }, pdfs: { ...counters.pdfs, entries: 0, bytes: 0 } };
  for (const [key, value] of state().memory) {
    const c = out[mediaClassOf(key)];
    c.entries += 1;
    c.bytes += value.body.byteLength;
  }
  return out;
}

export function mediaCacheDir(): string {
  return path.join(dataDir(), 'cache', 'media');
}

/** Disk entries: `<hash>.<type>` where the type is the content type, encoded for a file name. */
function diskFile(hash: string, contentType: string): string {
  return path.join(mediaCacheDir(), `${hash}.${Buffer.from(contentType).toString('base64url')}`);
}

async function diskGet(hash: string, contentType: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(diskFile(hash, contentType));
  } catch {
    return null;
  }
}

async function diskPut(hash: string, contentType: string, body: Buffer): Promise<void> {
  const file = diskFile(hash, contentType);
  const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(tmp, body);
    await fs.rename(tmp, file);
  } catch (err) {
    await fs.rm(tmp, { force: true }).catch(() => undefined);
    log.error({ err }, 'cache em disco não escrita');
    return;
  }
  const s = state();
  if (++s.writes % TRIM_EVERY === 0) void trimDisk().catch((err: unknown) => log.error({ err }, 'limpeza da cache'));
}

/** Keeps the disk cache under `DISK_BYTES`: the files written longest ago go first. */
async function trimDisk(): Promise<void> {
  const dir = mediaCacheDir();
  const names = await fs.readdir(dir);
  const files = (
    await Promise.all(
      names.map(async (name) => {
        const stat = await fs.stat(path.join(dir, name)).catch(() => null);
        return stat?.isFile() ? { name, size: stat.size, at: stat.mtimeMs } : null;
      }),
    )
  ).filter((f): f is { name: string; size: number; at: number } => f !== null);
  let total = files.reduce((sum, f) => sum + f.size, 0);
  if (total <= DISK_BYTES) return;
  files.sort((a, b) => a.at - b.at);
  for (const f of files) {
    if (total <= DISK_BYTES * 0.8) break;
    await fs.rm(path.join(dir, f.name), { force: true });
    total -= f.size;
    mediaCounters()[mediaClassOf(Buffer.from(f.name.split('.')[1] ?? '', 'base64url').toString())].evictions += 1;
  }
}

/**
 * The media `id` (its kind, name, format and rendering options) of the current content version:
 * from memory, from disk, or rendered by `render` (null: it does not exist; not cached). With
 * `ifNoneMatch` equal to its ETag, answers `'not-modified'` before reading anything.
 */
export async function getCachedMedia(
  id: string,
  contentType: string,
  render: () => Promise<Buffer | null>,
  ifNoneMatch?: string | null,
): Promise<CachedMedia | 'not-modified' | null> {
  const version = await mediaVersion();
  const hash = createHash('sha256').update(`${version}\n${id}\n${contentType}`).digest('base64url').slice(0, 32);
  const etag = `"${hash}"`;
  const key = `${hash}|${contentType}`;
  const counters = mediaCounters()[mediaClassOf(contentType)];
  const inMemory = memoryGet(key);
  if (inMemory) {
    counters.hits += 1;
    if (ifNoneMatch === etag) return 'not-modified';
    return { ...inMemory, etag, source: 'memory' };
  }
  const onDisk = await diskGet(hash, contentType);
  if (onDisk) {
    counters.hits += 1;
    memoryPut(key, { body: onDisk, contentType });
    if (ifNoneMatch === etag) return 'not-modified';
    return { body: onDisk, contentType, etag, source: 'disk' };
  }
  const s = state();
  let pending = s.rendering.get(key);
  if (!pending) {
    counters.misses += 1;
    pending = (async () => {
      const body = await render();
      if (!body) return null;
      memoryPut(key, { body, contentType });
      await diskPut(hash, contentType, body);
      return { body, contentType };
    })();
    s.rendering.set(key, pending);
    void pending.finally(() => s.rendering.delete(key)).catch(() => undefined);
  }
  const rendered = await pending;
  if (!rendered) return null;
  return { ...rendered, etag, source: 'render' };
}
