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
 * `--dev` serves Next's development server the same way (`npm run dev`).
 */
import fs from 'node:fs';
import http from 'node:http';
import zlib from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import next from 'next';
import { applyClientIp, markTrustedFront, parseTrustedProxyCount } from './client-ip.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME || '0.0.0.0';
const dev = process.argv.includes('--dev');
let trustedProxyCount;
try {
  trustedProxyCount = parseTrustedProxyCount(process.env.TRUSTED_PROXY_COUNT);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

// Before Next loads the app: every request reaches it through the handler below, which strips
// and sets the client-IP header, so the app may believe that header.
markTrustedFront();
const app = next({ dev, dir: root, port, hostname: 'localhost' });
await app.prepare();
const handle = app.getRequestHandler();
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

const server = http.createServer((req, res) => {
  applyClientIp(req.headers, req.socket.remoteAddress, trustedProxyCount);
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
      console.error('[serve] cache fast path failed', err);
    }
  }
  secureResponse(req, res, url.pathname);
  // Next does not compress (this server does, after the nonce is in place).
  handle(req, res);
});
if (dev) {
  // Hot reloading's WebSocket.
  const upgrade = app.getUpgradeHandler();
  server.on('upgrade', (req, socket, head) => upgrade(req, socket, head));
}
server.listen(port, hostname, () => {
  console.log(`▲ Casa das Águas de Gaia: http://localhost:${port}`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
