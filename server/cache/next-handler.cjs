// @ts-check
/*
 * The shop's cache handler for Next.js (next.config.ts `cacheHandler`): where rendered catalogue
 * pages (ISR), cached route responses and `unstable_cache` data entries live.
 *
 * Next loads this file itself with require(), outside the app bundle, so it is plain CommonJS and
 * it does not import the server-only marker (allowlisted in tests/unit/boundaries).
 *
 * - Entries are kept in memory, bounded by CACHE_MAX_MEMORY_MB (default 256) with least-recently-
 *   used eviction. With REDIS_URL set, Redis is a shared layer under that memory
 *   (server/cache/shared.ts, reached through globalThis): every entry written here is written
 *   there too, and a miss here looks there before Next renders, so a page rendered by one instance
 *   is served by the others (from their memory after their first read, which also feeds the
 *   cached-page fast path of scripts/serve.mjs). Keys carry the build id. Redis away, this is the
 *   memory cache alone.
 * - Tags: an entry is stale when one of its tags (explicit tags, and Next's path "soft tags") was
 *   invalidated after the entry was written. Invalidations reach this process two ways:
 *   `revalidateTag()` in this process (Next calls `revalidateTag` below), and the shared
 *   invalidation log in PostgreSQL (`cache_invalidations`), polled by server/cache/poller.ts,
 *   which writes into the same `tagExpirations` map. So an import run by another process, or an
 *   admin write on another instance, reaches this instance within the poll interval.
 */

// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS: Next require()s this file outside the bundle
const zlib = require('node:zlib');

const EXPIRATIONS = Symbol.for('cag.cache.tagExpirations');
const STATS = Symbol.for('cag.cache.stats');
const TAGS_HEADER = 'x-next-cache-tags';

/** @type {Map<string, number>} tag → time (ms) of its last invalidation. Shared with the app bundle. */
const tagExpirations = (globalThis[EXPIRATIONS] ??= new Map());
/** @type {{ hits: number, misses: number, stale: number, sets: number, evictions: number, bytes: number, entries: number }} */
const stats = (globalThis[STATS] ??= { hits: 0, misses: 0, stale: 0, sets: 0, evictions: 0, bytes: 0, entries: 0 });
/** Hits among `stats.hits` that came from Redis (another instance's render or read). */
stats.sharedHits ??= 0;

/** The Redis layer (server/cache/shared.ts registers it when the app loads); absent without it. */
const SHARED = Symbol.for('cag.cache.shared');
/** @type {string | null} The build id: entries of two builds are never shared (null in development: no shared layer). */
let sharedNamespace = null;

/**
 * The same counters split by what an entry holds (/admin/cache-performance): rendered
 * pages and route answers (`pages`), search results (entries tagged `search`) and other cached
 * data (`data`). Entries and bytes are counted from the store when asked (`breakdown`).
 * @type {Record<'pages' | 'search' | 'data', { hits: number, misses: number, stale: number, sets: number, evictions: number }>}
 */
const kindStats = (globalThis[Symbol.for('cag.cache.kindStats')] ??= {
  pages: { hits: 0, misses: 0, stale: 0, sets: 0, evictions: 0 },
  search: { hits: 0, misses: 0, stale: 0, sets: 0, evictions: 0 },
  data: { hits: 0, misses: 0, stale: 0, sets: 0, evictions: 0 },
});

/** @returns {'pages' | 'search' | 'data'} */
function kindOf(key, tags) {
  if (key.startsWith('/route-cache/') || key.includes('APP_PAGE') || key.includes('APP_ROUTE')) return 'pages';
  if (tags && tags.includes('search')) return 'search';
  return 'data';
}

/** Entries and bytes per kind, counted now (for the cache-performance screen). */
function breakdown() {
  const out = { pages: { entries: 0, bytes: 0 }, search: { entries: 0, bytes: 0 }, data: { entries: 0, bytes: 0 } };
  for (const [key, entry] of store) {
    const k = kindOf(key, entry.tags);
    out[k].entries += 1;
    out[k].bytes += entry.size;
  }
  return { ...out, maxBytes };
}
globalThis[Symbol.for('cag.cache.breakdown')] = breakdown;

/** Memory bound: next.config.ts's `cacheMaxMemorySize` (CACHE_MAX_MEMORY_MB), handed to the constructor. */
let maxBytes = 256 * 1024 * 1024;

/** @typedef {{ value: any, lastModified: number, tags: string[], size: number, cacheControl?: any, parts?: Buffer[], markerLength?: number, gzipParts?: Buffer[] }} Entry */
// Next may load this file more than once in one process (the router and the page renderers):
// the store lives on globalThis so that every copy sees the same entries.
/** @type {Map<string, Entry>} insertion order = least recently used first */
const store = (globalThis[Symbol.for('cag.cache.store')] ??= new Map());
/** Internal page path (`/loja/produtos/…`) → key of its rendered page (APP_PAGE entries). */
const pageKeys = (globalThis[Symbol.for('cag.cache.pageKeys')] ??= new Map());

function pagePathOf(key) {
  const at = key.lastIndexOf('/$');
  return key.startsWith('/route-cache/APP_PAGE/') && at >= 0 ? key.slice(at + 2) || '/' : null;
}

/** Counts the encoded copies of a page in the memory bound. */
function grow(entry, bytes) {
  entry.size += bytes;
  stats.bytes += bytes;
}

function forget(key, entry) {
  store.delete(key);
  stats.bytes -= entry.size;
  const path = pagePathOf(key);
  if (path && pageKeys.get(path) === key) pageKeys.delete(path);
}

/** A rough byte size of a cache value (HTML, RSC payload, segment data, JSON data). */
function sizeOf(value) {
  if (!value) return 64;
  let size = 256;
  const add = (v) => {
    if (v == null) return;
    if (typeof v === 'string') size += v.length;
    else if (Buffer.isBuffer(v) || v instanceof Uint8Array) size += v.byteLength;
    else if (v instanceof Map) for (const x of v.values()) add(x);
    else if (typeof v === 'object') size += JSON.stringify(v)?.length ?? 0;
  };
  add(value.html);
  add(value.rscData);
  add(value.segmentData);
  add(value.body);
  add(value.data);
  add(value.buffer);
  return size;
}

function entryTags(value, ctxTags) {
  const tags = new Set(ctxTags ?? []);
  const header = value?.headers?.[TAGS_HEADER];
  if (typeof header === 'string') for (const t of header.split(',')) if (t) tags.add(t);
  return [...tags];
}

function isExpired(tags, lastModified) {
  for (const tag of tags) {
    const at = tagExpirations.get(tag);
    if (at !== undefined && at >= lastModified) return true;
  }
  return false;
}

function evict() {
  while (stats.bytes > maxBytes && store.size > 0) {
    const [key, entry] = store.entries().next().value;
    forget(key, entry);
    stats.evictions += 1;
    kindStats[kindOf(key, entry.tags)].evictions += 1;
  }
  stats.entries = store.size;
}

/**
 * The fresh rendered HTML of an internal page path, or null (unknown, expired by a tag, past its
 * revalidate time, not a plain 200 HTML page). proxy.ts answers cached catalogue pages with it
 * directly: a cache hit then costs a map lookup instead of Next's whole page pipeline (the same
 * entry Next would send; a stale or missing entry goes to Next, which renders or revalidates).
 */
function freshPage(pathname) {
  const key = pageKeys.get(pathname);
  const entry = key && store.get(key);
  if (!entry) return null;
  const value = entry.value;
  if (value?.kind !== 'APP_PAGE' || typeof value.html !== 'string' || (value.status && value.status !== 200) || value.postponed) return null;
  if (isExpired(entry.tags, entry.lastModified)) return null;
  const revalidate = entry.cacheControl?.revalidate;
  if (typeof revalidate !== 'number' || revalidate <= 0 || Date.now() - entry.lastModified >= revalidate * 1000) return null;
  store.delete(key);
  store.set(key, entry);
  stats.hits += 1;
  kindStats.pages.hits += 1;
  // Split once per entry at the placeholder nonce (proxy.ts): answering then writes the parts with
  // a fresh nonce between them, with no string scan or encoding per request.
  if (!entry.parts) {
    const placeholder = globalThis[Symbol.for('cag.security')]?.placeholder;
    entry.parts = splitAt(Buffer.from(value.html, 'utf8'), placeholder ? Buffer.from(placeholder) : null);
    entry.markerLength = placeholder ? Buffer.byteLength(placeholder) : 0;
    grow(entry, entry.parts.reduce((n, part) => n + part.byteLength, 0));
  }
  const parts = entry.parts;
  return {
    html: value.html,
    parts,
    /** The page with `nonce` in place of the placeholder, as chunks; gzipped when asked. */
    chunks(nonce, gzip) {
      const nonceBytes = Buffer.from(nonce);
      if (!gzip) return interleave(parts, nonceBytes);
      if (parts.length > 1 && nonceBytes.byteLength !== entry.markerLength) throw new Error('nonce and placeholder differ in length');
      if (!entry.gzipParts) {
        entry.gzipParts = deflateParts(parts, entry.markerLength ?? 0);
        grow(entry, entry.gzipParts.reduce((n, part) => n + part.byteLength, 0));
      }
      return gzipSpliced(parts, entry.gzipParts, nonceBytes);
    },
    headers: value.headers ?? {},
    cacheControl: entry.cacheControl,
  };
}

/** `bytes` cut at every occurrence of `marker` (the marker removed); [bytes] without a marker. */
function splitAt(bytes, marker) {
  if (!marker || marker.byteLength === 0) return [bytes];
  const parts = [];
  let from = 0;
  for (let at = bytes.indexOf(marker); at >= 0; at = bytes.indexOf(marker, from)) {
    parts.push(bytes.subarray(from, at));
    from = at + marker.byteLength;
  }
  parts.push(bytes.subarray(from));
  return parts;
}

function interleave(parts, between) {
  const out = [];
  parts.forEach((part, i) => {
    if (i > 0) out.push(between);
    out.push(part);
  });
  return out;
}

/**
 * Each part deflated on its own, ending byte-aligned (sync flush), but primed with the 32 KB of the
 * page before it — with NUL bytes where the nonces go. The decoder's window then holds the same
 * bytes except the nonces; a back-reference never covers them, since the page itself holds no NUL
 * (a page that does is compressed without the priming). So the parts compress almost as well as
 * the page in one piece.
 */
function deflateParts(parts, markerLength) {
  const options = { level: 6, finishFlush: zlib.constants.Z_SYNC_FLUSH };
  const scrubbed = Buffer.concat(interleave(parts, Buffer.alloc(markerLength, 0)));
  const prime = parts.length > 1 && !parts.some((part) => part.includes(0));
  let start = 0;
  return parts.map((part, i) => {
    if (i > 0) start += markerLength;
    const dictionary = prime && start > 0 ? scrubbed.subarray(Math.max(0, start - 32768), start) : null;
    start += part.byteLength;
    return zlib.deflateRawSync(part, dictionary ? { ...options, dictionary } : options);
  });
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** A last, empty stored block: ends the deflate stream. */
const DEFLATE_END = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

/** A non-final stored (uncompressed) deflate block holding `data` (< 64 KB), byte-aligned. */
function storedBlock(data) {
  const block = Buffer.alloc(5 + data.byteLength);
  block[0] = 0x00;
  block.writeUInt16LE(data.byteLength, 1);
  block.writeUInt16LE(~data.byteLength & 0xffff, 3);
  data.copy(block, 5);
  return block;
}

/**
 * A gzip member of the parts with `nonce` between them, without compressing per request: each part
 * was deflated once on its own (no back-references across parts) and ended by a full flush, so the
 * compressed parts and stored blocks holding the nonce concatenate into one valid deflate stream;
 * only the CRC-32 of the whole is computed per answer.
 */
function gzipSpliced(parts, deflated, nonce) {
  const out = [GZIP_HEADER];
  const between = storedBlock(nonce);
  let crc = 0;
  let size = 0;
  for (let i = 0; i < parts.length; i++) {
    if (i > 0) {
      out.push(between);
      crc = zlib.crc32(nonce, crc);
      size += nonce.byteLength;
    }
    out.push(deflated[i]);
    crc = zlib.crc32(parts[i], crc);
    size += parts[i].byteLength;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  out.push(DEFLATE_END, trailer);
  return out;
}
globalThis[Symbol.for('cag.cache.freshPage')] = freshPage;

/** `{ get, set, delete }` of server/cache/shared.ts, when the shop runs with Redis. */
function sharedLayer() {
  return sharedNamespace ? globalThis[SHARED] : undefined;
}

/** The build id next to the server's output (`.next/BUILD_ID`), or null. */
function buildIdOf(options) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS, as above
  const fs = require('node:fs');
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS, as above
  const path = require('node:path');
  const candidates = [options?.serverDistDir && path.join(options.serverDistDir, '..', 'BUILD_ID'), path.join(process.cwd(), '.next', 'BUILD_ID')];
  for (const file of candidates) {
    if (!file) continue;
    try {
      const id = fs.readFileSync(/*turbopackIgnore: true*/ file, 'utf8').trim();
      if (/^[\w-]{1,64}$/.test(id)) return id;
    } catch {
      // Not there: try the next place.
    }
  }
  return null;
}

/**
 * An entry another instance wrote, from Redis, kept in this instance's memory from then on; null
 * when Redis has none, has a stale one, or is away (then Next renders, as without Redis).
 */
async function fromShared(key, ctx) {
  const shared = sharedLayer();
  if (!shared) return null;
  let remote = null;
  try {
    remote = await shared.get(sharedNamespace, key);
  } catch {
    return null;
  }
  if (!remote) return null;
  const tags = [...remote.tags, ...(ctx?.tags ?? []), ...(ctx?.softTags ?? [])];
  // Expired here too (an invalidation this instance saw, through the poller or a message).
  if (isExpired(tags, remote.lastModified)) return null;
  // Written here meanwhile: this instance's own entry wins.
  const local = store.get(key);
  if (local) return { value: local.value, lastModified: local.lastModified, cacheControl: local.cacheControl };
  const entry = { value: remote.value, lastModified: remote.lastModified, tags: remote.tags, size: sizeOf(remote.value), cacheControl: remote.cacheControl };
  store.set(key, entry);
  const path = pagePathOf(key);
  if (path) pageKeys.set(path, key);
  stats.bytes += entry.size;
  stats.hits += 1;
  stats.sharedHits += 1;
  kindStats[kindOf(key, entry.tags)].hits += 1;
  evict();
  return { value: entry.value, lastModified: entry.lastModified, cacheControl: entry.cacheControl };
}

/** Writes an entry to Redis too, without making the request wait for it. */
function toShared(key, entry) {
  const shared = sharedLayer();
  if (!shared) return;
  const write = entry
    ? shared.set(sharedNamespace, key, { value: entry.value, lastModified: entry.lastModified, tags: entry.tags, cacheControl: entry.cacheControl })
    : shared.delete(sharedNamespace, key);
  Promise.resolve(write).catch(() => undefined);
}

class ShopCacheHandler {
  constructor(options) {
    if (options?.maxMemoryCacheSize > 0) maxBytes = options.maxMemoryCacheSize;
    if (!options?.dev) sharedNamespace = buildIdOf(options);
  }

  async get(key, ctx) {
    const entry = store.get(key);
    if (!entry) {
      const remote = await fromShared(key, ctx);
      if (remote) return remote;
      stats.misses += 1;
      kindStats[kindOf(key, ctx?.tags)].misses += 1;
      return null;
    }
    const tags = ctx?.tags || ctx?.softTags ? [...entry.tags, ...(ctx.tags ?? []), ...(ctx.softTags ?? [])] : entry.tags;
    if (isExpired(tags, entry.lastModified)) {
      forget(key, entry);
      stats.entries = store.size;
      stats.stale += 1;
      kindStats[kindOf(key, entry.tags)].stale += 1;
      // Another instance may have rendered it again since the invalidation.
      const remote = await fromShared(key, ctx);
      if (remote) return remote;
      kindStats[kindOf(key, entry.tags)].misses += 1;
      return null;
    }
    // Most recently used last.
    store.delete(key);
    store.set(key, entry);
    stats.hits += 1;
    kindStats[kindOf(key, entry.tags)].hits += 1;
    return { value: entry.value, lastModified: entry.lastModified, cacheControl: entry.cacheControl };
  }

  async set(key, data, ctx) {
    const previous = store.get(key);
    if (previous) forget(key, previous);
    if (data == null) {
      stats.entries = store.size;
      toShared(key, null);
      return;
    }
    const entry = {
      value: data,
      lastModified: Date.now(),
      tags: entryTags(data, ctx?.tags),
      size: sizeOf(data),
      cacheControl: ctx?.cacheControl,
    };
    store.set(key, entry);
    const path = pagePathOf(key);
    if (path) pageKeys.set(path, key);
    stats.bytes += entry.size;
    stats.sets += 1;
    kindStats[kindOf(key, entry.tags)].sets += 1;
    evict();
    toShared(key, entry);
  }

  async revalidateTag(tags, _durations) {
    const now = Date.now();
    for (const tag of typeof tags === 'string' ? [tags] : tags) tagExpirations.set(tag, now);
  }

  resetRequestCache() {}
}

module.exports = ShopCacheHandler;
