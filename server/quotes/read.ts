import 'server-only';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { packageLabel } from '@/lib/cart/packages';
import type { QuoteDetail, QuoteSummary } from '@/lib/quotes/types';
import type { QuoteStatus } from '@/lib/quotes/status';
import { getDb } from '@/server/db/client';
import { quoteEvents, quoteLines, quoteMessages, quotes } from '@/server/db/schema';
import { lineSnapshotView, statusHistoryView } from '@/server/orders/line-view';
import { lisbonDay } from '@/server/pricing';
import { type QuoteAccess, accessCondition, refusalFor } from './ownership';
import { type Rows, type QuoteRow, totalsOf, lockQuote, moveQuote } from './state';

/** Reading quotes: the list and one quote for its customer, its guest link or staff; expiry and the guest quotes that join an account happen on the way. */

/** A guest's quotes join the account of the same, verified, e-mail: the quote belongs to whoever proves that address. */
export async function claimGuestQuotes(userId: string): Promise<number> {
  const db = await getDb();
  const result = (await db.execute(sql`
    update quotes set user_id = ${userId}, updated_at = now()
    from users
    where users.id = ${userId} and users.email_verified
      and quotes.user_id is null and lower(quotes.contact_email) = lower(users.email)
    returning quotes.id`)) as unknown as Rows<{ id: number }>;
  return result.rows.length;
}

/** Answered quotes whose validity ended are expired (by their job, and again by any read that finds one). */
export async function expireDueQuotes(now = new Date(), quoteId?: number): Promise<number> {
  const db = await getDb();
  const today = lisbonDay(now);
  const due = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.status, 'answered'), sql`${quotes.validUntil} < ${today}`, quoteId ? eq(quotes.id, quoteId) : undefined));
  let expired = 0;
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const row = await lockQuote(tx, id, undefined);
      if (row.status === 'answered' && row.validUntil !== null && row.validUntil < today) {
        await moveQuote(tx, row, 'expired', 'system', null);
        expired++;
      }
    });
  }
  return expired;
}

export async function listQuotes(
  access: QuoteAccess,
  options: { limit: number; offset: number; status?: QuoteStatus },
): Promise<{ items: QuoteSummary[]; total: number }> {
  if (access.kind === 'user') await claimGuestQuotes(access.userId);
  await expireDueQuotes();
  const db = await getDb();
  const where = and(accessCondition(access), options.status ? eq(quotes.status, options.status) : undefined);
  // Staff see the ones waiting longest first; customers their newest.
  const order = access.kind === 'staff' ? [sql`(${quotes.status} = 'requested') desc`, asc(quotes.createdAt)] : [desc(quotes.createdAt), desc(quotes.id)];
  const rows = await db
    .select({ quote: quotes, lines: sql<number>`(select count(*) from quote_lines ql where ql.quote_id = "quotes"."id")::int` })
    .from(quotes)
    .where(where)
    .orderBy(...order)
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await db.select({ n: count() }).from(quotes).where(where);
  return { items: rows.map((r) => summaryOf(r.quote, Number(r.lines))), total: Number(total?.n ?? 0) };
}

function summaryOf(row: QuoteRow, linesCount: number): QuoteSummary {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    valid_until: row.validUntil,
    lines_count: linesCount,
    totals: totalsOf(row),
    order_id: row.orderId,
    contact_name: row.contactName,
    company: row.company,
    has_account: row.userId !== null,
  };
}

async function findQuoteRow(access: QuoteAccess, id: number): Promise<QuoteRow> {
  const db = await getDb();
  const [row] = await db.select().from(quotes).where(and(eq(quotes.id, id), accessCondition(access)));
  if (!row) throw await refusalFor(db, access, id);
  return row;
}

export async function getQuote(access: QuoteAccess, id: number): Promise<QuoteDetail> {
  if (access.kind === 'user') await claimGuestQuotes(access.userId);
  let row = await findQuoteRow(access, id);
  if (row.status === 'answered' && (await expireDueQuotes(new Date(), row.id)) > 0) row = await findQuoteRow(access, id);
  const db = await getDb();
  const [lines, messages, events] = await Promise.all([
    db.select().from(quoteLines).where(eq(quoteLines.quoteId, id)).orderBy(asc(quoteLines.position)),
    db.select().from(quoteMessages).where(eq(quoteMessages.quoteId, id)).orderBy(asc(quoteMessages.id)),
    db.select().from(quoteEvents).where(eq(quoteEvents.quoteId, id)).orderBy(asc(quoteEvents.id)),
  ]);
  const priced = row.status !== 'requested';
  return {
    ...summaryOf(row, lines.length),
    version: row.version,
    contact: { name: row.contactName, email: row.contactEmail, phone: row.contactPhone, company: row.company, nif: row.nif },
    message: row.message,
    answered_at: row.answeredAt?.toISOString() ?? null,
    lines: lines.map((l) => ({
      ...lineSnapshotView(l),
      // The shop's name of the package (a line requested before the server named packages may hold a client's).
      package_type: packageLabel(l.itemsPerPackage),
      tax_rate: Number(l.taxRate),
      list_unit_price: access.kind === 'token' || l.listUnitPrice === null ? null : Number(l.listUnitPrice),
      unit_price: priced && l.quotedUnitPrice !== null ? Number(l.quotedUnitPrice) : null,
      total_price: priced && l.lineNetCents !== null ? l.lineNetCents / 100 : null,
      tax: priced && l.lineTaxCents !== null ? l.lineTaxCents / 100 : null,
      total_price_with_tax: priced && l.lineTotalCents !== null ? l.lineTotalCents / 100 : null,
    })),
    messages: messages.map((m) => ({ id: m.id, author: m.author, line_position: m.linePosition, body: m.body, at: m.createdAt.toISOString() })),
    history: events.map(statusHistoryView),
  };
}

/** Guest quotes still without an account, for a user's e-mail (tests and the sign-up hint). */
export async function guestQuotesFor(email: string): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(quotes).where(and(isNull(quotes.userId), sql`lower(${quotes.contactEmail}) = lower(${email})`));
  return Number(row?.n ?? 0);
}
