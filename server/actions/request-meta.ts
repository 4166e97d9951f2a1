import 'server-only';
import { headers } from 'next/headers';
import { CLIENT_IP_HEADER, TRUSTED_FRONT, normalizeAddress } from '@/scripts/client-ip.mjs';

/** What the server keeps about who sent a request: only a salted hash of the IP address (server/security/hash-ip.ts). */
export interface RequestMeta {
  ip?: string | null;
}

export { CLIENT_IP_HEADER };

/** True when the server in front (scripts/serve.mjs) strips and sets the client-IP header of every request. */
export function hasTrustedFront(): boolean {
  return (globalThis as { [key: symbol]: unknown })[TRUSTED_FRONT] === true;
}

/**
 * The one trusted client IP of a request: the `x-cag-client-ip` header that scripts/serve.mjs
 * sets from the socket and TRUSTED_PROXY_COUNT (scripts/client-ip.mjs). `X-Forwarded-For` and
 * `X-Real-IP` are never read here: a client writes them. Without that server in front (`next
 * start` run by hand) the header could come from the client too, so there is no IP (null): the
 * limits then count every such request together.
 */
export function clientIp(h: Pick<Headers, 'get'>): string | null {
  if (!hasTrustedFront()) return null;
  return normalizeAddress(h.get(CLIENT_IP_HEADER));
}

/** The IP of the request being served, or null outside a request (scripts, tests). */
export async function currentRequestIp(): Promise<string | null> {
  try {
    return clientIp(await headers());
  } catch {
    return null;
  }
}
