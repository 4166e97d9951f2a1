/**
 * The client IP of requests in tests, the way scripts/serve.mjs gives it to the app: the front
 * marker is set for the test file (as serve.mjs does at start) and each request carries the
 * internal header, either set directly (`clientIpHeaders`) or decided from a socket address and
 * X-Forwarded-For by serve.mjs's own function (`asServedBy`).
 */
import { CLIENT_IP_HEADER, TRUSTED_FRONT, applyClientIp, markTrustedFront } from '../../scripts/client-ip.mjs';

export { CLIENT_IP_HEADER };

/** Registers beforeAll/afterAll that put the app behind serve.mjs's front for this test file. */
export function behindTrustedFront(): void {
  beforeAll(() => markTrustedFront());
  afterAll(() => {
    delete (globalThis as { [key: symbol]: unknown })[TRUSTED_FRONT];
  });
}

/** The header serve.mjs sets for a client at `ip`. */
export function clientIpHeaders(ip: string): Record<string, string> {
  return { [CLIENT_IP_HEADER]: ip };
}

/**
 * `headers` as serve.mjs passes them on for a TCP peer at `remoteAddress` with TRUSTED_PROXY_COUNT
 * `trustedProxyCount`: whatever client-IP header the client sent is replaced by the trusted one.
 */
export function asServedBy(headers: Record<string, string>, remoteAddress: string, trustedProxyCount = 0): Record<string, string> {
  const node: Record<string, string | string[] | undefined> = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  applyClientIp(node, remoteAddress, trustedProxyCount);
  return Object.fromEntries(Object.entries(node).filter((e): e is [string, string] => typeof e[1] === 'string'));
}
