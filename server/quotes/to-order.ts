import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { packageLabel } from '@/lib/cart/packages';
import { AppError } from '@/server/errors';
import type { Tx } from '@/server/db/client';
import { quoteLines } from '@/server/db/schema';
import { serverTranslator } from '@/server/i18n';
import { lisbonDay } from '@/server/pricing';
import { type QuoteRow, lockQuote, moveQuote } from './state';

/** The bridge to orders: accepting a quote places an order (server/orders/place-order.ts), in whose transaction these run. */

const text = serverTranslator('Quotes');

/** The customer's own quote, locked until the caller's transaction ends (404 for anyone else's). */
export async function lockCustomerQuote(tx: Tx, userId: string, id: number): Promise<QuoteRow> {
  return lockQuote(tx, id, { kind: 'user', userId });
}

/** Refuses (409) a quote that cannot be accepted now: accepted already, expired, or not answered. */
export function assertQuoteAcceptable(row: QuoteRow, now = new Date()): void {
  if (row.status === 'accepted') {
    throw new AppError({ code: 'conflict', key: 'Quotes.alreadyAccepted', details: { order_id: [String(row.orderId ?? '')] } });
  }
  if (row.status === 'answered' && row.validUntil !== null && row.validUntil < lisbonDay(now)) {
    throw new AppError({ code: 'conflict', key: 'Quotes.expiredCannotAccept' });
  }
  if (row.status !== 'answered') {
    throw new AppError({ code: 'conflict', key: 'Quotes.transitionRefused', values: { from: text(`status.${row.status}`), to: text('status.accepted') } });
  }
}

/** The accepted quote's lines as an order takes them: quoted net unit prices (ten-thousandths), IVA rates, line totals. */
export async function quoteLinesForOrder(tx: Tx, id: number) {
  const lines = await tx.select().from(quoteLines).where(eq(quoteLines.quoteId, id)).orderBy(asc(quoteLines.position));
  return lines.map((l) => ({
    modelId: l.modelId,
    code: l.modelCode,
    modelName: l.modelName,
    size: l.size,
    productCode: l.productCode,
    productName: l.productName,
    packageType: packageLabel(l.itemsPerPackage),
    per: l.itemsPerPackage,
    packages: l.packages,
    units: l.units,
    unit: Math.round(Number(l.quotedUnitPrice) * 10_000),
    taxRate: Math.round(Number(l.taxRate) * 100),
    netCents: l.lineNetCents ?? 0,
    grossCents: l.lineTotalCents ?? 0,
  }));
}

/** Marks the quote accepted by the order it became (same transaction as the order). */
export async function markQuoteAccepted(tx: Tx, row: QuoteRow, orderId: number, userId: string): Promise<void> {
  await moveQuote(tx, row, 'accepted', `user:${userId}`, null, { orderId });
}
