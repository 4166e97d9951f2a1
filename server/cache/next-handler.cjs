// @ts-check
/*
 * The shop's cache handler for Next.js (next.config.ts `cacheHandler`): where rendered catalogue
 * pages (ISR), cached route responses and `unstable_cache` data entries live.
 *
 * Next loads this file itself with require(), outside the app bundle, so it is plain CommonJS and
 * it does not import the server-only marker (allowlisted in tests/unit/boundaries).
 *
 * - Entries are kept in memory, bounded by CACHE_MAX_MEMORY_MB (default 256) with least-recently-
 *   used eviction. A shared store (Redis, …) replaces `store` below when the shop runs on several
 *   instances; pages and data functions do not change.
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

/** Memory bound: next.config.ts's `cacheMaxMemorySize` (CACHE_MAX_MEMORY_MB), handed to the constructor. */
let maxBytes = 256 * 1024 * 1024;

/** @typedef {{ value: any, lastModified: number, tags: string[], size: number, cacheControl?: any, bytes?: Buffer, gzip?: Buffer }} Entry */
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
  // Encoded once per entry: answering then copies bytes, with no string scan or encoding per request.
  if (!entry.bytes) grow(entry, (entry.bytes = Buffer.from(value.html, 'utf8')).byteLength);
  const bytes = entry.bytes;
  const gzip = () => {
    if (!entry.gzip) grow(entry, (entry.gzip = zlib.gzipSync(bytes, { level: 6 })).byteLength);
    return entry.gzip;
  };
  return { html: value.html, bytes, gzip, headers: value.headers ?? {}, cacheControl: entry.cacheControl };
}
globalThis[Symbol.for('cag.cache.freshPage')] = freshPage;

class ShopCacheHandler {
  constructor(options) {
    if (options?.maxMemoryCacheSize > 0) maxBytes = options.maxMemoryCacheSize;
  }

  async get(key, ctx) {
    const entry = store.get(key);
    if (!entry) {
      stats.misses += 1;
      return null;
    }
    const tags = ctx?.tags || ctx?.softTags ? [...entry.tags, ...(ctx.tags ?? []), ...(ctx.softTags ?? [])] : entry.tags;
    if (isExpired(tags, entry.lastModified)) {
      forget(key, entry);
      stats.entries = store.size;
      stats.stale += 1;
      return null;
    }
    // Most recently used last.
    store.delete(key);
    store.set(key, entry);
    stats.hits += 1;
    return { value: entry.value, lastModified: entry.lastModified, cacheControl: entry.cacheControl };
  }

  async set(key, data, ctx) {
    const previous = store.get(key);
    if (previous) forget(key, previous);
    if (data == null) {
      stats.entries = store.size;
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
    evict();
  }

  async revalidateTag(tags, _durations) {
    const now = Date.now();
    for (const tag of typeof tags === 'string' ? [tags] : tags) tagExpirations.set(tag, now);
  }

  resetRequestCache() {}
}

module.exports = ShopCacheHandler;
