import 'server-only';
import { createHash } from 'node:crypto';
import { headers } from 'next/headers';
import { ipHashSalt } from '@/lib/env';

/** What the server keeps about who sent a request: only a salted hash of the IP address. */
export interface RequestMeta {
  ip?: string | null;
}

/** The client's IP address as the proxy in front of the app reports it (first hop). */
export function ipFromHeaders(h: Pick<Headers, 'get'>): string | null {
  const forwarded = h.get('x-forwarded-for')?.split(',')[0]?.trim();
  const ip = forwarded || h.get('x-real-ip')?.trim() || '';
  return ip ? ip.slice(0, 100) : null;
}

/** The IP of the request being served, or null outside a request (scripts, tests). */
export async function currentRequestIp(): Promise<string | null> {
  try {
    return ipFromHeaders(await headers());
  } catch {
    return null;
  }
}

/** SHA-256 of the salted IP (hex, 32 characters), or null without an IP. */
export function hashIp(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const salt = ipHashSalt();
  return createHash('sha256').update(`${salt}:${ip}`).digest('hex').slice(0, 32);
}
