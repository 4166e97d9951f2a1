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
import fs from 'node:fs';
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

/** Methods Next's handler takes; others (TRACE, PROPFIND…) make it throw, a 500. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
/** Paths answered by route handlers (server/api/route.ts), whose errors are the JSON envelope. */
const ROUTE_HANDLERS = /^\/(api|media|documentos|feeds)(\/|$)/;
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
  // Bad input is never a 500: a method Next cannot take is a 405, and a path that is not valid
  // percent-encoding or holds a control character names nothing — the JSON 404 for route
  // handlers, the 404 page elsewhere. (Where proxy.ts does not run, /robots.txt%zz or
  // /media/produtos/a/b/%00, Next would answer a 500: a decoding error, or a NUL sent to the
  // database by a page reached through its internal path.)
  if (!METHODS.includes(req.method ?? '')) {
    refuse(res, 405, 'method_not_allowed', apiText.methodNotAllowed, { Allow: METHODS.join(', ') });
    return;
  }
  const pathname = (req.url ?? '/').split('?', 1)[0] ?? '/';
  if (!decodes(pathname) || /%(?:[01][0-9a-f]|7f)/i.test(pathname)) {
    if (ROUTE_HANDLERS.test(pathname)) {
      refuse(res, 404, 'not_found', apiText.notFound);
      return;
    }
    req.url = '/_not-found';
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
