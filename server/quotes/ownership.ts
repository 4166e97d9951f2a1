import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { AppError } from '@/server/errors';
import type { Db, Tx } from '@/server/db/client';
import { quotes } from '@/server/db/schema';

/**
 * Who may read or act on a quote, in the query (`accessCondition`): its customer, the holder of
 * the guest link's token (its SHA-256 is stored, the token only travels in the mail) while the
 * quote belongs to no account, or staff. Anyone else gets 404, as for a quote that does not exist.
 * Once a guest's quote has joined the account of its e-mail (`claimGuestQuotes`, read.ts) its link
 * opens nothing more: whoever asked for it with that address is not necessarily its owner. The
 * hash stays, so the link can still say where the quote went (403 `Quotes.linkClaimed`, and the
 * page's neutral notice) instead of looking like a broken link. How a request names its access
 * (token header, session, staff permission) is access.ts.
 */

export type QuoteAccess = { kind: 'user'; userId: string } | { kind: 'token'; token: string } | { kind: 'staff'; userId: string };

export function notFound(): AppError {
  return new AppError({ code: 'not_found', key: 'Quotes.notFound' });
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 128 random bits, base64url (22 characters): a guest's private link. */
export function newQuoteToken(): string {
  return randomBytes(16).toString('base64url');
}

export function accessCondition(access: QuoteAccess): SQL | undefined {
  if (access.kind === 'user') return eq(quotes.userId, access.userId);
  // The guest link works only while the quote is a guest's: claimed by an account, it opens nothing.
  if (access.kind === 'token') return and(eq(quotes.accessTokenHash, tokenHash(access.token)), isNull(quotes.userId));
  return undefined;
}

/**
 * The refusal of a quote the access does not open: 404 as for a quote that does not exist, except
 * for the guest link of a quote that has since joined its customer's account, which is told so
 * (403 `Quotes.linkClaimed`, nothing of the quote in it).
 */
export async function refusalFor(db: Db | Tx, access: QuoteAccess, id: number): Promise<AppError> {
  if (access.kind !== 'token') return notFound();
  const [claimed] = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.id, id), eq(quotes.accessTokenHash, tokenHash(access.token)), isNotNull(quotes.userId)));
  return claimed ? linkClaimed() : notFound();
}

function linkClaimed(): AppError {
  return new AppError({ code: 'forbidden', key: 'Quotes.linkClaimed' });
}

export function actorOf(access: QuoteAccess | null): string {
  if (!access) return 'guest';
  if (access.kind === 'token') return 'guest';
  return access.kind === 'staff' ? `staff:${access.userId}` : `user:${access.userId}`;
}
