import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { QuoteDetail } from '@/lib/quotes/types';
import { REQUESTABLE_AGAIN } from '@/lib/quotes/status';
import { AppError } from '@/server/errors';
import { getDb } from '@/server/db/client';
import { quoteLines, quoteMessages, quotes } from '@/server/db/schema';
import { linesToCart, type ReorderResult } from '@/server/orders/reorder';
import { serverTranslator } from '@/server/i18n';
import { type QuoteAccess, actorOf } from './ownership';
import { expireDueQuotes, getQuote } from './read';
import { lockQuote, moveQuote } from './state';

/** What the customer (or the guest link) does with a quote: decline it, write in its thread (staff write there too), put a closed one's lines into the cart. */

const text = serverTranslator('Quotes');

/** The customer (or the guest link) declines; a request still unanswered may be declined too. */
export async function declineQuote(access: QuoteAccess, id: number, reason: string | null): Promise<QuoteDetail> {
  const db = await getDb();
  await expireDueQuotes(new Date(), id);
  await db.transaction(async (tx) => {
    const row = await lockQuote(tx, id, access);
    await moveQuote(tx, row, 'declined', actorOf(access), reason);
  });
  return getQuote(access, id);
}

/** A message in the quote's thread, optionally about one line. */
export async function addQuoteMessage(access: QuoteAccess, id: number, body: string, linePosition: number | null): Promise<QuoteDetail> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const row = await lockQuote(tx, id, access);
    if (linePosition !== null) {
      const [line] = await tx.select({ id: quoteLines.id }).from(quoteLines).where(and(eq(quoteLines.quoteId, row.id), eq(quoteLines.position, linePosition)));
      if (!line) throw new AppError({ code: 'bad_request', key: 'Quotes.validation.lineUnknown', fieldErrors: { line_position: ['Quotes.validation.lineUnknown'] } });
    }
    await tx.insert(quoteMessages).values({
      quoteId: row.id,
      author: access.kind === 'staff' ? 'staff' : 'customer',
      authorUserId: access.kind === 'token' ? null : access.userId,
      linePosition,
      body,
    });
    await tx.update(quotes).set({ updatedAt: new Date() }).where(eq(quotes.id, row.id));
  });
  return getQuote(access, id);
}

/**
 * A declined, expired or withdrawn quote's lines into its customer's cart at today's prices
 * ("its lines can go to the cart at normal prices"); lines no longer sold come back.
 */
export async function quoteToCart(userId: string, id: number): Promise<ReorderResult> {
  const quote = await getQuote({ kind: 'user', userId }, id);
  if (!REQUESTABLE_AGAIN.includes(quote.status)) {
    throw new AppError({ code: 'conflict', key: 'Quotes.toCartWhenClosed', values: { status: text(`status.${quote.status}`) } });
  }
  return linesToCart(
    userId,
    quote.lines.map((l) => ({ modelCode: l.model_code, modelName: l.model_name, itemsPerPackage: l.items_per_package, packages: l.packages })),
  );
}
