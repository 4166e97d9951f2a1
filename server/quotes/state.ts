import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { QuoteTotals } from '@/lib/quotes/types';
import { canQuoteTransition, type QuoteStatus } from '@/lib/quotes/status';
import { AppError } from '@/server/errors';
import type { Tx } from '@/server/db/client';
import { quoteEvents, quoteMails, quotes, type QuoteMailKind } from '@/server/db/schema';
import { enqueue, JOB_QUEUES } from '@/server/jobs';
import { serverTranslator } from '@/server/i18n';
import { type QuoteAccess, notFound, accessCondition, refusalFor } from './ownership';

/**
 * A quote's life: a request (guest or customer, request.ts) snapshots its lines and gets a number
 * `OR-YYYY-NNNNNN`; staff answer with a net price per line, shipping and a validity date
 * (staff.ts); the customer accepts (into an order, accept.ts and to-order.ts), declines, or lets
 * it expire (customer.ts, read.ts); staff may withdraw it. Every change of state goes through
 * `moveQuote` here (row lock, allowed moves only, one `quote_events` row with the actor), and
 * every change bumps `version`, so an answer made on an older version is refused.
 */

const text = serverTranslator('Quotes');

export type Rows<T> = { rows: T[] };

export type QuoteRow = typeof quotes.$inferSelect;

export function totalsOf(row: Pick<QuoteRow, 'goodsNetCents' | 'taxCents' | 'shippingCents' | 'totalCents'>): QuoteTotals | null {
  if (row.totalCents === null || row.goodsNetCents === null || row.taxCents === null || row.shippingCents === null) return null;
  return { subtotal: row.goodsNetCents / 100, tax: row.taxCents / 100, shipping: row.shippingCents / 100, total: row.totalCents / 100 };
}

/** Mail rows and their jobs, inside the caller's transaction. */
export async function queueMails(tx: Tx, quoteId: number, kinds: QuoteMailKind[], token: string | null = null): Promise<void> {
  for (const kind of kinds) {
    const [mail] = await tx.insert(quoteMails).values({ quoteId, kind }).returning({ id: quoteMails.id });
    const payload = kind === 'acknowledgement' && token ? { mailId: mail!.id, token } : { mailId: mail!.id };
    await enqueue(tx, JOB_QUEUES.quoteMail, payload, { singletonKey: `quote-mail:${mail!.id}` });
  }
}

export async function lockQuote(tx: Tx, id: number, access: QuoteAccess | undefined): Promise<QuoteRow> {
  const condition = access ? accessCondition(access) : undefined;
  const locked = (await tx.execute(sql`select id from quotes where id = ${id} ${condition ? sql`and ${condition}` : sql``} for update`)) as unknown as Rows<{ id: number }>;
  if (!locked.rows[0]) throw access ? await refusalFor(tx, access, id) : notFound();
  const [row] = await tx.select().from(quotes).where(eq(quotes.id, id));
  return row!;
}

/** The one move of a quote's state: allowed moves only (409 otherwise), one history event, version bumped. */
export async function moveQuote(tx: Tx, row: QuoteRow, to: QuoteStatus, actor: string, note: string | null, extra: Partial<typeof quotes.$inferInsert> = {}): Promise<void> {
  if (!canQuoteTransition(row.status, to)) {
    throw new AppError({
      code: 'conflict',
      key: 'Quotes.transitionRefused',
      values: { from: text(`status.${row.status}`), to: text(`status.${to}`) },
      details: { status: [row.status] },
    });
  }
  await tx
    .update(quotes)
    .set({ ...extra, status: to, version: sql`${quotes.version} + 1`, updatedAt: new Date() })
    .where(eq(quotes.id, row.id));
  await tx.insert(quoteEvents).values({ quoteId: row.id, fromStatus: row.status, toStatus: to, actor, note });
}
