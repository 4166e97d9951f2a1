#!/usr/bin/env node
/**
 * The shop's production HTTP server (what `npm start` runs after building): Next.js's request
 * handler behind a plain Node HTTP server, with one fast path in front. A request for a public
 * catalogue page whose rendered HTML is in the shared page cache is answered straight from it
 * (proxy.ts `cachedPageAnswer`: the same lookup, headers and bytes Next would send, gzipped once
 * per entry); everything else — every other page, the API, RSC requests, a missing or stale
 * entry — goes through Next (proxy.ts, the route, the cache) as under `next start`.
 * The fast path is registered by proxy.ts when Next first loads it, so the first requests after
 * a start always go through Next.
 * Every request first gets its one trusted client IP (scripts/client-ip.mjs, TRUSTED_PROXY_COUNT)
 * in the internal `x-cag-client-ip` header; a copy sent by the client is dropped.
 * Every request body is counted as it arrives, before Next reads it: past its limit
 * (scripts/body-limits.mjs: 3 MB, except 52 MB for an admin-area server action and 66 MB for an
 * /api/admin route of a staff session) the request is answered 413 and cut, whether or not a
 * Content-Length was declared.
 * Under `npm start` this runs in a worker of scripts/primary.mjs (node:cluster), which restarts it
 * when it dies; a spare worker (CAG_WORKER_ROLE=spare) prepares Next and waits, without listening
 * or opening the database, until the primary tells it to serve. Run alone, it simply serves.
 * `--dev` serves Next's development server the same way (`npm run dev`).
 */
import cluster from 'node:cluster';
import fs from 'node:fs';
import http from 'node:http';
import zlib from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import next from 'next';
import { applyClientIp, markTrustedFront, parseTrustedProxyCount } from './client-ip.mjs';
import { ACTION_BODY_LIMIT, ROUTE_BODY_LIMIT, STAFF_ACTION_BODY_LIMIT, STAFF_ROUTE_BODY_LIMIT, sizeText, tooLargeText } from './body-limits.mjs';
import { createRequestObserver, sharedLogger } from './observability.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME || '0.0.0.0';
const dev = process.argv.includes('--dev');
/** JSON lines on standard output (scripts/observability.mjs; the app's server/log.ts writes through the same logger). */
const log = sharedLogger().child({ scope: 'serve' });
let trustedProxyCount;
try {
  trustedProxyCount = parseTrustedProxyCount(process.env.TRUSTED_PROXY_COUNT);
} catch (err) {
  log.fatal({ err }, 'TRUSTED_PROXY_COUNT inválido');
  process.exit(1);
}

/** `serve`, or `spare`: prepare, then wait for the primary's {cag:'serve'} before listening. */
const role = cluster.isWorker && process.env.CAG_WORKER_ROLE === 'spare' ? 'spare' : 'serve';
const tell = (message) => {
  if (cluster.isWorker && process.connected) process.send(message);
};
/** @type {import('node:http').Server | null} */
let server = null;
let listening = false;
let stopping = false;
// First thing: a spare may be stopped while it still loads Next.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    if (!listening || !server) process.exit(0);
    setTimeout(() => process.exit(0), 5_000).unref();
    server.close(() => process.exit(0));
  });
}
let told = role === 'serve';
const toldToServe = new Promise((resolve) => {
  if (told) return resolve();
  process.on('message', (message) => {
    if (message && typeof message === 'object' && message.cag === 'serve') {
      told = true;
      resolve();
    }
  });
});

// Before Next loads the app: every request reaches it through the handler below, which strips
// and sets the client-IP header, so the app may believe that header.
markTrustedFront();
const startedAt = performance.now();
const app = next({ dev, dir: root, port, hostname: 'localhost' });
await app.prepare();
const handle = app.getRequestHandler();
const observeRequest = createRequestObserver(root);
if (role === 'spare') await entriesLoaded();

/**
 * Next loads every page and route module after prepare() (`preloadEntriesOnStart`), in the
 * background; a spare waits until that is done, so that a worker called in to serve has nothing
 * left to load but what opens the database. (Next's own method, on its inner server: when a
 * version lacks it, the spare is just less warm.)
 */
async function entriesLoaded() {
  try {
    const inner = await app.server?.getServer?.();
    if (typeof inner?.unstable_preloadEntries === 'function') await inner.unstable_preloadEntries();
  } catch (err) {
    log.error({ err }, 'pré-carregamento das rotas');
  }
}
const FRONT = Symbol.for('cag.frontCache');

/** Node's request headers as the `get`/`has` reader proxy.ts's function takes. */
function headerReader(req) {
  return {
    get: (name) => {
      const value = req.headers[name.toLowerCase()];
      return Array.isArray(value) ? value.join(', ') : (value ?? null);
    },
    has: (name) => req.headers[name.toLowerCase()] !== undefined,
  };
}

const SECURITY = Symbol.for('cag.security');
/** Until proxy.ts has loaded (the first request or two after a start): the headers that need no nonce. */
const BASE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Content-Security-Policy': "frame-ancestors 'none'; object-src 'none'; base-uri 'self'",
};
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|rss\+xml|atom\+xml|manifest\+json|x-component)|image\/svg\+xml)/i;
/** Bodies whose scripts carry the (placeholder) nonce: documents and the RSC payload. */
const NONCED = /^(text\/html|text\/x-component)/i;

function headerValue(res, name) {
  const value = res.getHeader(name);
  return Array.isArray(value) ? value.join(', ') : value == null ? null : String(value);
}

/**
 * Every response Next writes passes here (the one place of the security headers): the headers of
 * lib/security/headers.ts for its path and type with this response's nonce, the placeholder nonce
 * in documents and RSC payloads replaced by that nonce (same length, streamed), and gzip for the
 * clients that take it (next.config: `compress: false`, Next leaves it to this server).
 */
function secureResponse(req, res, pathname) {
  // Looked up when the headers go out: on the first requests after a start, proxy.ts (which
  // provides them) has only loaded by then.
  let security = null;
  let nonce = null;
  const acceptsGzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  const originalWriteHead = res.writeHead;
  const originalWrite = res.write;
  const originalEnd = res.end;
  /** @type {null | { replace: Buffer | null, gzip: import('node:zlib').Gzip | null, carry: Buffer, nonce: Buffer | null }} */
  let transform = null;

  res.writeHead = function writeHead(statusCode, ...rest) {
    let reason;
    // A page or route that failed because PostgreSQL is gone (server/db/availability.ts) is a
    // 503 to come back to, not a 500.
    if (statusCode === 500 && globalThis[DB_DOWN]) {
      statusCode = 503;
      res.setHeader('Retry-After', '10');
    }
    for (const arg of rest) {
      if (typeof arg === 'string') reason = arg;
      else if (Array.isArray(arg)) for (let i = 0; i + 1 < arg.length; i += 2) res.appendHeader(String(arg[i]), arg[i + 1]);
      else if (arg && typeof arg === 'object') for (const [k, v] of Object.entries(arg)) if (v !== undefined) res.setHeader(k, v);
    }
    security = globalThis[SECURITY] ?? null;
    nonce = security ? security.newNonce() : null;
    // Next's preload Link header carries the nonce too; the internal rewrite target is nobody's business.
    res.removeHeader('x-middleware-rewrite');
    if (security && nonce) {
      for (const name of res.getHeaderNames()) {
        const value = res.getHeader(name);
        const swap = (v) => (typeof v === 'string' && v.includes(security.placeholder) ? v.replaceAll(security.placeholder, nonce) : v);
        if (Array.isArray(value) ? value.some((v) => v.includes(security.placeholder)) : typeof value === 'string' && value.includes(security.placeholder)) {
          res.setHeader(name, Array.isArray(value) ? value.map(swap) : swap(value));
        }
      }
    }
    const contentType = headerValue(res, 'content-type');
    const extra = security ? security.headersFor(pathname, contentType, nonce) : BASE_HEADERS;
    for (const [name, value] of Object.entries(extra)) {
      // A route's own CSP (an SVG, a file) stands; documents always get the page policy.
      if (name === 'Content-Security-Policy' && res.hasHeader(name) && !NONCED.test(contentType ?? '')) continue;
      res.setHeader(name, value);
    }
    const hasBody = req.method !== 'HEAD' && statusCode !== 204 && statusCode !== 304 && statusCode >= 200;
    const replace = hasBody && security && NONCED.test(contentType ?? '') ? Buffer.from(security.placeholder) : null;
    const length = Number(headerValue(res, 'content-length') ?? NaN);
    const gzip =
      hasBody && acceptsGzip && COMPRESSIBLE.test(contentType ?? '') && !res.hasHeader('content-encoding') && !(length < 1024);
    if (gzip) {
      res.removeHeader('content-length');
      res.setHeader('Content-Encoding', 'gzip');
      const vary = headerValue(res, 'vary');
      if (!vary || !/accept-encoding/i.test(vary)) res.setHeader('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
    if (replace || gzip) {
      const gz = gzip ? zlib.createGzip({ level: 6 }) : null;
      if (gz) {
        gz.on('data', (chunk) => originalWrite.call(res, chunk));
        gz.on('end', () => originalEnd.call(res));
      }
      transform = { replace, gzip: gz, carry: Buffer.alloc(0), nonce: nonce ? Buffer.from(nonce) : null };
    }
    return reason === undefined ? originalWriteHead.call(res, statusCode) : originalWriteHead.call(res, statusCode, reason);
  };

  /** The placeholder replaced in `chunk` (after what the last chunk held back); keeps back a possible start of one. */
  function pass(chunk, last) {
    const t = transform;
    let data = t.carry.byteLength ? Buffer.concat([t.carry, chunk]) : chunk;
    if (t.replace && t.nonce) {
      for (let at = data.indexOf(t.replace); at >= 0; at = data.indexOf(t.replace, at + t.nonce.byteLength)) {
        if (data === chunk) data = Buffer.from(chunk);
        t.nonce.copy(data, at);
      }
      let keep = 0;
      if (!last) {
        for (let k = Math.min(t.replace.byteLength - 1, data.byteLength); k > 0; k--) {
          if (data.subarray(data.byteLength - k).equals(t.replace.subarray(0, k))) {
            keep = k;
            break;
          }
        }
      }
      t.carry = keep ? Buffer.from(data.subarray(data.byteLength - keep)) : Buffer.alloc(0);
      data = keep ? data.subarray(0, data.byteLength - keep) : data;
    }
    if (!data.byteLength) return;
    if (t.gzip) {
      t.gzip.write(data);
      t.gzip.flush(zlib.constants.Z_SYNC_FLUSH);
    } else {
      originalWrite.call(res, data);
    }
  }

  const toBuffer = (chunk, encoding) =>
    Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8') : Buffer.from(chunk);

  res.write = function write(chunk, encoding, callback) {
    if (!res.headersSent) res.writeHead(res.statusCode);
    if (!transform) return originalWrite.call(res, chunk, encoding, callback);
    if (chunk != null && chunk.length !== 0) pass(toBuffer(chunk, encoding), false);
    const cb = typeof encoding === 'function' ? encoding : callback;
    if (cb) process.nextTick(cb);
    return true;
  };
  res.end = function end(chunk, encoding, callback) {
    if (typeof chunk === 'function') return res.end(undefined, undefined, chunk);
    if (typeof encoding === 'function') return res.end(chunk, undefined, encoding);
    if (!res.headersSent) res.writeHead(res.statusCode);
    if (!transform) return originalEnd.call(res, chunk, encoding, callback);
    pass(chunk != null ? toBuffer(chunk, encoding) : Buffer.alloc(0), true);
    if (callback) res.once('finish', callback);
    if (transform.gzip) transform.gzip.end();
    else originalEnd.call(res);
    return res;
  };
}

/** Methods Next's handler takes; others (TRACE, PROPFIND…) make it throw, a 500. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
/** Paths answered by route handlers (server/api/route.ts), whose errors are the JSON envelope. */
const ROUTE_HANDLERS = /^\/(api|media|documentos|feeds|dev|_next|icons)(\/|$)/;
const apiText = JSON.parse(fs.readFileSync(path.join(root, 'messages', 'pt-PT.json'), 'utf8')).Api;

/** The error envelope of server/api/errors.ts, for what is refused before Next. */
/** Set by server/db/availability.ts while PostgreSQL is unreachable. */
const DB_DOWN = Symbol.for('cag.db.down');
/** What is still passed to Next while it is: liveness and readiness, static files, media. */
const PASS_WHILE_DB_DOWN = /^\/(_next\/|api\/health(\/|$)|media\/|icons\/|favicon|icon\.svg|robots\.txt|sitemap)/;

/** The 503 answer while the database is down: the JSON error for route handlers, a short page otherwise. */
function unavailable(req, res, pathname) {
  const headers = { 'Retry-After': '10' };
  if (ROUTE_HANDLERS.test(pathname) || req.method !== 'GET') {
    refuse(res, 503, 'unavailable', apiText.databaseUnavailable, headers);
    return;
  }
  const body =
    '<!doctype html><html lang="pt-PT"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<meta name="robots" content="noindex"><title>${apiText.unavailableTitle}</title></head><body>` +
    `<main><h1>${apiText.unavailableTitle}</h1><p>${apiText.databaseUnavailable}</p><p><a href="${escapeHtml(pathname)}">${apiText.unavailableRetry}</a></p></main></body></html>`;
  res.writeHead(503, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-store', 'Content-Length': Buffer.byteLength(body), ...headers });
  res.end(req.method === 'HEAD' ? undefined : body);
}

function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function refuse(res, status, code, message, headers = {}) {
  const body = JSON.stringify({ success: false, message, error: { code, message } });
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'private, no-store', 'Content-Length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

function decodes(text) {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Request bodies, counted as they arrive (scripts/body-limits.mjs)

const STAFF_SESSION = Symbol.for('cag.front.isStaffSession');
const ADMIN_PATH = /^\/admin(\/|$)/i;
const ADMIN_API_PATH = /^\/api\/admin(\/|$)/i;
const PAGE_TEXT_HEADERS = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' };

/**
 * Whether the request comes from a signed-in staff session (its cookie, or a bearer token): the
 * app's session code, registered by instrumentation.ts (server/front/staff-session.ts). Not
 * registered yet, no credentials, an error or no answer within 5 s: no.
 */
async function fromStaff(req) {
  const check = globalThis[STAFF_SESSION];
  const cookie = req.headers.cookie;
  const authorization = req.headers.authorization;
  if (typeof check !== 'function' || (!cookie && !authorization)) return false;
  let timer;
  try {
    const timeout = new Promise((resolve) => {
      timer = setTimeout(() => resolve(false), 5_000);
    });
    return (await Promise.race([check(cookie ?? null, authorization ?? null), timeout])) === true;
  } catch (err) {
    log.error({ err }, 'verificação da sessão de pessoal falhou');
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** How long, and how many more bytes, a refused request's connection is read (and dropped) after the 413. */
const LINGER_MS = 2_000;
const LINGER_BYTES = 4 * 1024 * 1024;

/**
 * From now on the request's body bytes are dropped as they arrive, and the connection closes after
 * the answer. Not at once: a client still sending would get a reset, and lose the 413 it has not
 * read yet (nginx's "lingering close"). The server half-closes, reads on for LINGER_MS or
 * LINGER_BYTES at most, dropping what comes, and then closes.
 */
function dropRestOfBody(req) {
  const socket = req.socket;
  let dropped = 0;
  req.push = (chunk) => {
    if (chunk) {
      dropped += chunk.length;
      if (dropped > LINGER_BYTES) socket.destroy();
    }
    return true;
  };
  // Node calls this once the answer is out (`Connection: close`).
  socket.destroySoon = function lingeringClose() {
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}

/**
 * The 413 for a body past `limit`, and the request cut: the JSON envelope for route handlers, a
 * pt-PT text for pages and server actions (Next's action client shows a text/plain error as it is).
 * `Connection: close`: the rest of the body is never handed to Next, and only read to be dropped
 * for a moment (dropRestOfBody).
 */
function tooLarge(req, res, routeHandler, limit) {
  dropRestOfBody(req);
  if (res.headersSent) {
    // Next is already answering (a page that never reads its body): the answer stands, the
    // connection ends after it and the rest of the body is dropped.
    res.shouldKeepAlive = false;
    return;
  }
  const headers = { Connection: 'close' };
  if (routeHandler) refuse(res, 413, 'payload_too_large', apiText.payloadTooLarge.replace('{max}', sizeText(limit)), headers);
  else {
    const body = tooLargeText(limit);
    res.writeHead(413, { ...PAGE_TEXT_HEADERS, 'Content-Length': Buffer.byteLength(body), ...headers });
    res.end(body);
  }
  // Whatever Next still writes for this request (it was waiting for a body that will never end)
  // goes nowhere: the answer is the 413.
  res.writeHead = () => res;
  res.setHeader = () => res;
  res.appendHeader = () => res;
  res.removeHeader = () => undefined;
  res.flushHeaders = () => undefined;
  res.write = () => true;
  res.end = (...args) => {
    const callback = args.find((a) => typeof a === 'function');
    if (callback) process.nextTick(callback);
    return res;
  };
}

/**
 * Refuses the request when its body is over its limit; returns false when it did. The limit: 3 MB
 * (route handlers keep their own, lower ones), except for a staff session (asked only when the body
 * may pass 3 MB): 52 MB for a server action of the admin area, 66 MB for an /api/admin route.
 * A declared Content-Length over the limit is refused before anything is read (Node ends a body at
 * its declared length); a body without one (chunked) is counted chunk by chunk as the HTTP parser
 * hands it over, and the request is answered 413 and cut as soon as the count passes the limit —
 * the chunk that passes it and everything after it never reach Next.
 */
async function bodyWithinLimit(req, res, pathname) {
  const chunked = req.headers['transfer-encoding'] !== undefined;
  const declared = chunked ? null : Number(req.headers['content-length'] ?? 0);
  if (!chunked && !(declared > 0)) return true;
  const routeHandler = ROUTE_HANDLERS.test(pathname);
  let limit = routeHandler ? ROUTE_BODY_LIMIT : ACTION_BODY_LIMIT;
  const staffLimit = routeHandler
    ? ADMIN_API_PATH.test(pathname)
      ? STAFF_ROUTE_BODY_LIMIT
      : null
    : req.method === 'POST' && req.headers['next-action'] !== undefined && ADMIN_PATH.test(pathname)
      ? STAFF_ACTION_BODY_LIMIT
      : null;
  if (staffLimit && (declared === null || declared > limit) && (await fromStaff(req))) limit = staffLimit;
  if (declared !== null) {
    if (declared <= limit) return true;
    tooLarge(req, res, routeHandler, limit);
    return false;
  }
  let received = 0;
  const push = req.push;
  req.push = function countedPush(chunk, encoding) {
    if (chunk !== null && chunk !== undefined) {
      received += chunk.length;
      if (received > limit) {
        // This chunk and the rest are dropped; Next never sees the end of the body either.
        tooLarge(req, res, routeHandler, limit);
        return true;
      }
    }
    return push.call(this, chunk, encoding);
  };
  return true;
}

const instanceId = /^[\w.:-]{1,64}$/.test(process.env.INSTANCE_ID ?? '') ? process.env.INSTANCE_ID : null;

/**
 * Every request: its id and its log line (scripts/observability.mjs: `x-request-id` kept from the
 * caller when it is a sane token, else new, on every answer; one JSON line and one observation of
 * the duration histogram when the answer ends), the trusted client IP, bad input refused, the
 * cached-page fast path, the body limits, then Next.
 */
function onRequest(req, res) {
  observeRequest(req, res);
  applyClientIp(req.headers, req.socket.remoteAddress, trustedProxyCount);
  // Which instance answered (INSTANCE_ID, set by the operator or npm run cluster): for the
  // balancer's logs and the tests that check requests reach several instances.
  if (instanceId) res.setHeader('X-Served-By', instanceId);
  // Bad input is never a 500: a method Next cannot take is a 405, and a path that is not valid
  // percent-encoding or holds a control character names nothing — the JSON 404 for route handlers,
  // the 404 page elsewhere. (Where proxy.ts does not run, /robots.txt%zz,
  // /media/chapters/%E0%A4.png or /media/produtos/a/b/%00, Next would answer a 500: a decoding
  // error, or a NUL sent to the database by a page reached through its internal path.)
  if (!METHODS.includes(req.method ?? '')) {
    secureResponse(req, res, '/');
    refuse(res, 405, 'method_not_allowed', apiText.methodNotAllowed, { Allow: METHODS.join(', ') });
    return;
  }
  const rawPath = (req.url ?? '/').split(/[?#]/, 1)[0] ?? '/';
  if (!decodes(rawPath) || /%(?:[01][0-9a-f]|7f)/i.test(rawPath)) {
    if (ROUTE_HANDLERS.test(rawPath)) {
      secureResponse(req, res, '/');
      refuse(res, 404, 'not_found', apiText.notFound);
      return;
    }
    req.url = '/_not-found';
  }
  // Prometheus asks /metrics: the route handler app/api/metrics (a page path would reach [site]).
  if (rawPath === '/metrics') req.url = `/api/metrics${(req.url ?? '').slice(rawPath.length)}`;
  let url;
  try {
    url = new URL(req.url ?? '/', 'http://localhost');
  } catch {
    url = new URL('http://localhost/');
  }
  const front = globalThis[FRONT];
  const security = globalThis[SECURITY];
  if (front && security && (req.method === 'GET' || req.method === 'HEAD')) {
    try {
      const nonce = security.newNonce();
      const answer = front(req.method, url.pathname, url.searchParams, headerReader(req), nonce);
      if (answer) {
        res.writeHead(200, { ...answer.headers, ...security.headersFor(url.pathname, 'text/html', nonce) });
        if (req.method === 'HEAD') res.end();
        else {
          res.cork();
          for (const chunk of answer.body) res.write(chunk);
          res.end();
          res.uncork();
        }
        return;
      }
    } catch (err) {
      // The fast path must never cost a request: on any doubt, Next answers.
      log.error({ err }, 'cache fast path failed');
    }
  }
  secureResponse(req, res, url.pathname);
  const pathname = url.pathname;
  if (globalThis[DB_DOWN] && !PASS_WHILE_DB_DOWN.test(pathname)) {
    unavailable(req, res, pathname);
    return;
  }
  bodyWithinLimit(req, res, pathname).then(
    // Next does not compress (this server does, after the nonce is in place).
    (within) => within && handle(req, res),
    (err) => {
      log.error({ err }, 'limite do corpo do pedido');
      if (!res.headersSent) refuse(res, 500, 'internal', apiText.internal ?? 'Erro interno.');
    },
  );
}
server = http.createServer(onRequest);
// Keep-alive connections stay open longer than a load balancer's idle timeout (60 s on most): with
// Node's 5 s, a client (or a proxy) reusing a connection as the server closes it gets a reset
// ("socket hang up") on a request the server never saw. KEEP_ALIVE_TIMEOUT_MS overrides it.
server.keepAliveTimeout = Number(process.env.KEEP_ALIVE_TIMEOUT_MS ?? 65_000);
server.headersTimeout = server.keepAliveTimeout + 1_000;
if (dev) {
  // Hot reloading's WebSocket.
  const upgrade = app.getUpgradeHandler();
  server.on('upgrade', (req, socket, head) => upgrade(req, socket, head));
}
// A spare rehearses what needs no database, then listens only when the primary says so: the worker
// it replaces is dead by then, so the database (PGlite: one process per folder) is free. Nothing
// before this line opens it.
if (role === 'spare') await rehearse();
const preparedMs = performance.now() - startedAt;
tell({ cag: 'prepared', ms: Math.round(preparedMs) });
await toldToServe;
// This worker serves from now on: its background work (server/background.ts through
// instrumentation.ts) starts here, once, beside the first requests.
const startBackground = globalThis[Symbol.for('cag.background.start')];
if (typeof startBackground === 'function') startBackground();
else console.error('[serve] o trabalho de fundo não arrancou: instrumentation.ts não o registou');
server.listen(port, hostname, () => {
  listening = true;
  tell({ cag: 'listening' });
  const where = cluster.isWorker ? ` (trabalhador ${process.pid}${role === 'spare' ? ', de reserva' : ''}, Next preparado em ${(preparedMs / 1000).toFixed(1)} s)` : '';
  log.info({ port, role, preparedMs: Math.round(preparedMs) }, `▲ Casa das Águas de Gaia: http://localhost:${port}${where}`);
  if (!dev) warmUp();
});

/**
 * What a spare does while it waits, so that once called in it has little left but opening the
 * database: the modules that opening loads (instrumentation.ts `cag.front.warm`, without opening
 * it), and a few requests through this very handler on a private port that need no database
 * (proxy.ts, Next's router, a route handler's module and page rendering: a 405, a missing static
 * file and the root 404 page).
 */
async function rehearse() {
  const warm = globalThis[Symbol.for('cag.front.warm')];
  try {
    if (typeof warm === 'function') await warm();
  } catch (err) {
    log.error({ err }, 'módulos da base de dados por carregar');
  }
  const rehearsal = http.createServer(onRequest);
  try {
    // exclusive: this worker's own port, not the cluster's shared one.
    await new Promise((resolve, reject) => rehearsal.once('error', reject).listen({ port: 0, host: '127.0.0.1', exclusive: true }, resolve));
    const { port: privatePort } = /** @type {import('node:net').AddressInfo} */ (rehearsal.address());
    for (const [method, pathname] of [
      ['POST', '/api/health'],
      ['GET', '/_next/static/chunks/ensaio-inexistente.js'],
      // Undecodable: the root 404 page (root layout, no database), i.e. Next's page rendering.
      ['GET', '/%E0%A4'],
    ]) {
      const answer = await fetch(`http://127.0.0.1:${privatePort}${pathname}`, { method, headers: { 'content-type': 'application/json' }, body: method === 'POST' ? '{}' : undefined, signal: AbortSignal.timeout(30_000) });
      await answer.arrayBuffer();
    }
  } catch (err) {
    log.error({ err }, 'ensaio do trabalhador de reserva');
  } finally {
    rehearsal.close();
    rehearsal.closeAllConnections();
  }
}

/**
 * The server's own first request, /api/health: opens the database and loads the route and
 * proxy.ts before a visitor has to wait for them, and tells the primary how long the worker took
 * to serve. (With several workers it may reach another one; it is a warm-up, not a probe.)
 */
async function warmUp() {
  const host = hostname === '0.0.0.0' || hostname === '::' ? '127.0.0.1' : hostname.includes(':') ? `[${hostname}]` : hostname;
  for (let attempt = 0; attempt < 3 && !stopping; attempt++) {
    try {
      const answer = await fetch(`http://${host}:${port}/api/health`, { signal: AbortSignal.timeout(30_000) });
      await answer.arrayBuffer();
      tell({ cag: 'warm', status: answer.status });
      if (!cluster.isWorker) log.info({ status: answer.status, uptimeSeconds: Math.round(process.uptime() * 10) / 10 }, 'primeiro /api/health');
      if (answer.status === 200) return;
    } catch {
      /* not yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}
