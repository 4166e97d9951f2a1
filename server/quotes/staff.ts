import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { QuoteDetail } from '@/lib/quotes/types';
import { canQuoteTransition } from '@/lib/quotes/status';
import type { QuoteAnswerInput } from '@/lib/validation/quotes';
import { AppError } from '@/server/errors';
import { getDb } from '@/server/db/client';
import { quoteLines, quoteMessages } from '@/server/db/schema';
import { enqueue, getJobs, JOB_QUEUES, wakeJobWorker } from '@/server/jobs';
import { serverTranslator } from '@/server/i18n';
import { lisbonDay } from '@/server/pricing';
import { lineTotals } from '@/server/pricing/money';
import type { QuoteAccess } from './ownership';
import { quoteValidityDays, addDays, expiryMoment } from './dates';
import { queueMails, lockQuote, moveQuote } from './state';
import { getQuote } from './read';

/** What staff (`manage_quotes`) do with a quote: answer it (or revise the answer) and withdraw it. */

const text = serverTranslator('Quotes');

/** Staff's answer (or a revision of it): a price for every line, shipping, validity and a message. */
export async function answerQuote(staffUserId: string, id: number, input: QuoteAnswerInput, now = new Date()): Promise<QuoteDetail> {
  const access: QuoteAccess = { kind: 'staff', userId: staffUserId };
  await getJobs();
  const db = await getDb();
  const today = lisbonDay(now);
  const validUntil = input.valid_until ?? addDays(today, quoteValidityDays());
  if (validUntil < today) {
    throw new AppError({ code: 'bad_request', key: 'Quotes.validation.validUntilPast', fieldErrors: { valid_until: ['Quotes.validation.validUntilPast'] } });
  }
  await db.transaction(async (tx) => {
    const row = await lockQuote(tx, id, access);
    if (input.version !== undefined && input.version !== row.version) {
      throw new AppError({ code: 'conflict', key: 'Quotes.staleVersion', details: { version: [String(row.version)] } });
    }
    if (!canQuoteTransition(row.status, 'answered')) {
      throw new AppError({ code: 'conflict', key: 'Quotes.transitionRefused', values: { from: text(`status.${row.status}`), to: text('status.answered') } });
    }
    const lines = await tx.select().from(quoteLines).where(eq(quoteLines.quoteId, id)).orderBy(asc(quoteLines.position));
    const prices = new Map<number, number>();
    for (const l of input.lines) {
      if (prices.has(l.position)) throw new AppError({ code: 'bad_request', key: 'Quotes.validation.linePriceTwice', values: { line: l.position } });
      prices.set(l.position, Math.round(l.unit_price * 10_000));
    }
    const missing = lines.filter((l) => !prices.has(l.position)).map((l) => l.position);
    const unknown = [...prices.keys()].filter((p) => !lines.some((l) => l.position === p));
    if (missing.length > 0 || unknown.length > 0) {
      throw new AppError({
        code: 'bad_request',
        key: 'Quotes.validation.everyLinePriced',
        values: { lines: [...missing, ...unknown].join(', ') },
        fieldErrors: { lines: ['Quotes.validation.everyLinePriced'] },
      });
    }
    let net = 0;
    let gross = 0;
    for (const line of lines) {
      const unit = prices.get(line.position)!;
      const rate = Math.round(Number(line.taxRate) * 100);
      const { netCents, grossCents } = lineTotals(unit, line.units, rate);
      net += netCents;
      gross += grossCents;
      await tx
        .update(quoteLines)
        .set({ quotedUnitPrice: (unit / 10_000).toFixed(4), lineNetCents: netCents, lineTaxCents: grossCents - netCents, lineTotalCents: grossCents })
        .where(eq(quoteLines.id, line.id));
    }
    const shippingCents = Math.round((input.shipping ?? 0) * 100);
    const totalCents = gross + shippingCents;
    if (totalCents > 2_000_000_000) throw new AppError({ code: 'unprocessable', key: 'Quotes.tooLarge' });
    await moveQuote(tx, row, 'answered', `staff:${staffUserId}`, row.status === 'answered' ? 'revision' : null, {
      validUntil,
      goodsNetCents: net,
      taxCents: gross - net,
      shippingCents,
      totalCents,
      answeredAt: now,
      answeredBy: staffUserId,
    });
    if (input.message) await tx.insert(quoteMessages).values({ quoteId: id, author: 'staff', authorUserId: staffUserId, body: input.message, createdAt: now });
    await queueMails(tx, id, ['answered']);
    // The PDF of this answer (server/quotes/pdf.ts), rendered by the worker after the commit.
    await enqueue(tx, JOB_QUEUES.quotePdf, { quoteId: id }, { singletonKey: `quote-pdf:${id}:${row.version + 1}` });
    await enqueue(tx, JOB_QUEUES.quoteExpire, { quoteId: id }, { singletonKey: `quote-expire:${id}:${validUntil}`, startAfter: expiryMoment(validUntil) });
  });
  wakeJobWorker();
  return getQuote(access, id);
}

/** Staff withdraw a request or an answer (with a reason kept in the history). */
export async function withdrawQuote(staffUserId: string, id: number, reason: string | null): Promise<QuoteDetail> {
  const access: QuoteAccess = { kind: 'staff', userId: staffUserId };
  const db = await getDb();
  await db.transaction(async (tx) => {
    const row = await lockQuote(tx, id, access);
    await moveQuote(tx, row, 'withdrawn', `staff:${staffUserId}`, reason);
  });
  return getQuote(access, id);
}
