/**
 * The one trusted client IP of a request, decided by the shop's HTTP server (scripts/serve.mjs)
 * where the TCP socket is known, and handed to Next in one internal request header. Everything
 * in the app (every abuse limit, better-auth, the stored IP hashes) reads that header through
 * `clientIp()` of server/actions/request-meta.ts, never `X-Forwarded-For` itself.
 *
 * TRUSTED_PROXY_COUNT = N (default 0): the number of reverse proxies in front of the server.
 * 0 → the socket address; N → the Nth address from the right of X-Forwarded-For (each proxy
 * appends the address it saw, so everything further left is whatever the client wrote).
 * With fewer addresses than N, the left-most one is taken (what the outermost proxy saw).
 *
 * Plain JavaScript on purpose: serve.mjs runs without a compile step. Types: client-ip.d.mts.
 */
import net from 'node:net';

/** The internal request header with the trusted client IP (any copy sent by a client is dropped). */
export const CLIENT_IP_HEADER = 'x-cag-client-ip';

/** Set on globalThis by the server that strips and sets CLIENT_IP_HEADER: only then is the header believed. */
export const TRUSTED_FRONT = Symbol.for('cag.clientIpFront');

/** TRUSTED_PROXY_COUNT as a number (0 when unset); throws with a Portuguese message on anything else. */
export function parseTrustedProxyCount(value) {
  const text = (value ?? '').trim();
  if (text === '') return 0;
  if (!/^\d{1,2}$/.test(text)) {
    throw new Error(`TRUSTED_PROXY_COUNT deve ser um número inteiro entre 0 e 99 (recebido: ${JSON.stringify(value)}).`);
  }
  return Number(text);
}

/** A bare IP address out of one hop ('::ffff:1.2.3.4', '[2001:db8::1]:443', '1.2.3.4:5678'), or null. */
export function normalizeAddress(value) {
  let text = String(value ?? '').trim();
  if (!text) return null;
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) text = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(':'));
  const zone = text.indexOf('%');
  if (zone > 0) text = text.slice(0, zone);
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(text);
  if (mapped) text = mapped[1];
  return net.isIP(text) ? text.toLowerCase() : null;
}

/**
 * The trusted client IP: hops = [socket address, X-Forwarded-For from right to left]; the answer
 * is hops[N] (or the last hop when there are fewer). An entry that is not an IP address at the
 * chosen place gives the nearest valid hop on our side of it.
 */
export function trustedClientIp(remoteAddress, forwardedFor, trustedProxyCount = 0) {
  const forwarded = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? ''))
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  const hops = [remoteAddress ?? '', ...forwarded.reverse()];
  const chosen = trustedProxyCount > 0 ? Math.min(trustedProxyCount, hops.length - 1) : 0;
  for (let i = chosen; i >= 0; i--) {
    const ip = normalizeAddress(hops[i]);
    if (ip) return ip;
  }
  return null;
}

/**
 * What serve.mjs does to every request before Next sees it: drops any CLIENT_IP_HEADER the client
 * sent and sets the trusted one (Node's lower-case header object, changed in place).
 */
export function applyClientIp(headers, remoteAddress, trustedProxyCount = 0) {
  delete headers[CLIENT_IP_HEADER];
  const ip = trustedClientIp(remoteAddress, headers['x-forwarded-for'], trustedProxyCount);
  if (ip) headers[CLIENT_IP_HEADER] = ip;
  return ip;
}

/** Tells the app (same process) that a front strips and sets CLIENT_IP_HEADER on every request. */
export function markTrustedFront() {
  globalThis[TRUSTED_FRONT] = true;
}
