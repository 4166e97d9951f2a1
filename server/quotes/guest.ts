import 'server-only';
import { eq } from 'drizzle-orm';
import { QUOTE_TOKEN_PATTERN } from '@/lib/validation/quotes';
import { getDb } from '@/server/db/client';
import { quotes } from '@/server/db/schema';
import { tokenHash } from './ownership';

/**
 * The quote a guest's private link names (`/orcamento?token=…`), or null: the page then reads it
 * through `getQuote({ kind: 'token', token }, id)`, which checks the token again in its query.
 * `claimed`: the quote has joined its customer's account, and the link no longer opens it (the
 * page shows a neutral notice only). A malformed token names nothing (no query).
 */
export async function findQuoteByToken(token: string): Promise<{ id: number; claimed: boolean } | null> {
  if (!QUOTE_TOKEN_PATTERN.test(token)) return null;
  const db = await getDb();
  const [row] = await db.select({ id: quotes.id, userId: quotes.userId }).from(quotes).where(eq(quotes.accessTokenHash, tokenHash(token))).limit(1);
  return row ? { id: row.id, claimed: row.userId !== null } : null;
}
