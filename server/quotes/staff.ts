import 'server-only';
import { inArray } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { quotes } from '@/server/db/schema';

export interface QuoteRequester {
  name: string;
  company: string | null;
  /** Whether the quote belongs to an account (else a guest's). */
  has_account: boolean;
}

/**
 * Who asked for each of `ids` (the staff list's "cliente" column): the contact's name and
 * company, and whether it is a customer's or a guest's. Staff pages only (the caller checked
 * `manage_quotes`); named columns, nothing else of the row.
 */
export async function getQuoteRequesters(ids: readonly number[]): Promise<Map<number, QuoteRequester>> {
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ id: quotes.id, name: quotes.contactName, company: quotes.company, userId: quotes.userId })
    .from(quotes)
    .where(inArray(quotes.id, [...ids]));
  return new Map(rows.map((r) => [r.id, { name: r.name, company: r.company, has_account: r.userId !== null }]));
}
