import 'server-only';
import { count, inArray } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { quoteLines, quotes } from '@/server/db/schema';

export interface QuoteRequester {
  name: string;
  company: string | null;
  /** Whether the quote belongs to an account (else a guest's). */
  has_account: boolean;
  /** The quote's lines. */
  lines: number;
}

/**
 * Who asked for each of `ids` (the staff list's "cliente" column): the contact's name and
 * company, whether it is a customer's or a guest's, and its number of lines. Staff pages only
 * (the caller checked `manage_quotes`); named columns, nothing else of the row.
 *
 * The lines are counted here because `listQuotes`' `lines_count` is not reliable: its subquery
 * `quote_lines.quote_id = ${quotes.id}` is rendered by Drizzle as `= "id"`, which PostgreSQL
 * resolves to `quote_lines.id` (reported to the server core's owner).
 */
export async function getQuoteRequesters(ids: readonly number[]): Promise<Map<number, QuoteRequester>> {
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const [rows, counts] = await Promise.all([
    db
      .select({ id: quotes.id, name: quotes.contactName, company: quotes.company, userId: quotes.userId })
      .from(quotes)
      .where(inArray(quotes.id, [...ids])),
    db
      .select({ quoteId: quoteLines.quoteId, n: count() })
      .from(quoteLines)
      .where(inArray(quoteLines.quoteId, [...ids]))
      .groupBy(quoteLines.quoteId),
  ]);
  const lines = new Map(counts.map((c) => [c.quoteId, Number(c.n)]));
  return new Map(rows.map((r) => [r.id, { name: r.name, company: r.company, has_account: r.userId !== null, lines: lines.get(r.id) ?? 0 }]));
}
