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
import http from 'node:http';
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

const server = http.createServer((req, res) => {
  applyClientIp(req.headers, req.socket.remoteAddress, trustedProxyCount);
  // Development renders every page afresh: no cached-page fast path.
  const front = dev ? undefined : globalThis[FRONT];
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
