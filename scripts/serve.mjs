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
 */
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import next from 'next';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME || '0.0.0.0';

const app = next({ dev: false, dir: root, port, hostname: 'localhost' });
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

/**
 * A path outside the pages (route handlers, files: lib/site-routing `isOutsideSite`) that is not
 * valid percent-encoding (`/media/chapters/%E0%A4.png`) names nothing: Next would fail decoding
 * the route's params and answer 500. Answered here as the API's 404. (Pages get the 404 page from
 * proxy.ts.)
 */
const NOT_FOUND_BODY = JSON.stringify({ success: false, message: 'Não encontrado.', error: { code: 'not_found', message: 'Não encontrado.' } });
function isMalformedOutsidePath(rawUrl) {
  const pathname = (rawUrl ?? '/').split(/[?#]/, 1)[0] ?? '/';
  if (!/^\/(api|media|documentos|feeds|dev|_next|icons)(\/|$)/.test(pathname) && !/^\/[^/]+\.[a-z0-9]+$/i.test(pathname)) return false;
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

const server = http.createServer((req, res) => {
  if (isMalformedOutsidePath(req.url)) {
    res.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff', 'Content-Length': Buffer.byteLength(NOT_FOUND_BODY) });
    res.end(req.method === 'HEAD' ? undefined : NOT_FOUND_BODY);
    return;
  }
  const front = globalThis[FRONT];
  if (front && (req.method === 'GET' || req.method === 'HEAD')) {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const answer = front(req.method, url.pathname, url.searchParams, headerReader(req));
      if (answer) {
        res.writeHead(200, answer.headers);
        res.end(req.method === 'HEAD' ? undefined : answer.body);
        return;
      }
    } catch (err) {
      // The fast path must never cost a request: on any doubt, Next answers.
      console.error('[serve] cache fast path failed', err);
    }
  }
  handle(req, res);
});
server.listen(port, hostname, () => {
  console.log(`▲ Casa das Águas de Gaia: http://localhost:${port}`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
