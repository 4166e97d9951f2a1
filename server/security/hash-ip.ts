import 'server-only';
import { createHash } from 'node:crypto';
import { ipHashSalt } from '@/lib/env';

/**
 * What the shop stores about a visitor's address: SHA-256 of the salted IP (hex, 32 characters),
 * or null without an IP. The salt (IP_HASH_SALT) keeps the stored hashes from being reversed by
 * hashing every IPv4 address; the same IP gives the same hash, so repeated abuse still shows.
 */
export function hashIp(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const salt = ipHashSalt();
  return createHash('sha256').update(`${salt}:${ip}`).digest('hex').slice(0, 32);
}
