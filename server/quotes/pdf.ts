import 'server-only';
import { formatPercent, formatPrice } from '@/lib/format';
import { AppError } from '@/server/errors';
import { dateTime, pdfLineName, renderBusinessPdf, shopHeader, unitPrice, type ShopHeader } from '@/server/documents/pdf';
import { JOB_QUEUES, registerJobHandler } from '@/server/jobs';
import { serverTranslator } from '@/server/i18n';
import { getStorage } from '@/server/storage';
import { getQuote } from './read';
import type { QuoteAccess } from './ownership';
import type { QuoteDetail } from '@/lib/quotes/types';

/**
 * The PDF of an answered quote: shop header and NIF, the customer, the lines at their
 * quoted prices, IVA, totals, validity and conditions, laid out like the order confirmation
 * (server/documents/pdf.ts). Rendered by the `quote-pdf` job enqueued with each answer and kept
 * in the storage per answer (`quotes/<year>/<number>-v<version>.pdf`: a revised answer is a new
 * file); `GET /api/quotes/{id}/pdf` serves it to the quote's customer, the guest link or staff,
 * rendering it first when the job has not run yet.
 */

const t = serverTranslator('QuotePdf');
const quoteText = serverTranslator('Quotes');

const day = (value: string) => value.split('-').reverse().join('/');

export function quotePdfKey(quote: Pick<QuoteDetail, 'number' | 'version'>): string {
  const year = /^OR-(\d{4})-/.exec(quote.number)?.[1] ?? 'other';
  return `quotes/${year}/${quote.number}-v${quote.version}.pdf`;
}

export async function renderQuotePdf(quote: QuoteDetail, shop: ShopHeader, options: { compress?: boolean } = {}): Promise<Buffer> {
  const totals = quote.totals!;
  const c = quote.contact;
  const staffMessages = quote.messages.filter((m) => m.author === 'staff' && m.line_position === null);
  const lastWord = staffMessages.at(-1)?.body ?? '';
  return renderBusinessPdf(
    {
      title: t('title'),
      number: quote.number,
      meta: [
        `${t('requestedAt')}: ${dateTime.format(new Date(quote.created_at))}`,
        ...(quote.answered_at ? [`${t('answeredAt')}: ${dateTime.format(new Date(quote.answered_at))}`] : []),
        `${t('validUntil')}: ${quote.valid_until ? day(quote.valid_until) : '—'}`,
        `${t('status')}: ${quoteText(`status.${quote.status}`)}`,
      ],
      parties: [
        [t('customer'), [c.company, c.name, c.nif ? `NIF ${c.nif}` : null, c.email, c.phone].filter((x): x is string => Boolean(x))],
        [t('validity'), [t('validityText', { date: quote.valid_until ? day(quote.valid_until) : '—' })]],
        [t('shippingTitle'), [totals.shipping > 0 ? t('shippingText', { amount: formatPrice(totals.shipping) }) : t('noShipping')]],
      ],
      lines: quote.lines.map((l) => ({
        code: l.model_code,
        ...pdfLineName(l),
        packages: `${l.packages} × ${l.package_type}`,
        units: String(l.units),
        unitPrice: l.unit_price === null ? '—' : unitPrice(l.unit_price),
        discount: '—',
        tax: formatPercent(l.tax_rate),
        total: formatPrice(l.total_price),
      })),
      totals: [
        [t('goods'), formatPrice(totals.subtotal), false],
        [t('tax'), formatPrice(totals.tax), false],
        [t('shipping'), formatPrice(totals.shipping), false],
        [t('total'), formatPrice(totals.total), true],
      ],
      sections: [
        ...(lastWord ? [{ title: t('message'), body: lastWord }] : []),
        { title: t('conditions'), body: t('conditionsText', { date: quote.valid_until ? day(quote.valid_until) : '—' }) },
      ],
      footer: t('footer'),
      subject: t('title'),
    },
    shop,
    options,
  );
}

/** A stored file written after the answer it shows (a file left from another database with the same number is not). */
async function isFresh(key: string, quote: QuoteDetail): Promise<boolean> {
  const stored = await getStorage().stat(key);
  return stored !== null && quote.answered_at !== null && stored.modifiedAt >= new Date(quote.answered_at);
}

/** The PDF of a quote for whoever may read it (404 for anyone else); 409 before it is answered. */
export async function getQuotePdf(access: QuoteAccess, id: number): Promise<{ filename: string; body: Buffer }> {
  const quote = await getQuote(access, id);
  if (!quote.totals || quote.status === 'requested') {
    throw new AppError({ code: 'conflict', key: 'Quotes.pdfNotYet' });
  }
  const storage = getStorage();
  const key = quotePdfKey(quote);
  const filename = `${quote.number}.pdf`;
  if (await isFresh(key, quote)) {
    const stored = await storage.get(key);
    if (stored) return { filename, body: stored };
  }
  const body = await renderQuotePdf(quote, await shopHeader());
  await storage.put(key, body);
  return { filename, body };
}

/** The job's work: the PDF of the quote's current answer, unless it is stored already. */
export async function storeQuotePdf(id: number): Promise<'stored' | 'fresh' | 'gone'> {
  const quote = await getQuote({ kind: 'staff', userId: 'system' }, id).catch(() => null);
  if (!quote?.totals) return 'gone';
  const storage = getStorage();
  const key = quotePdfKey(quote);
  if (await isFresh(key, quote)) return 'fresh';
  await storage.put(key, await renderQuotePdf(quote, await shopHeader()));
  return 'stored';
}

registerJobHandler(JOB_QUEUES.quotePdf, async (data) => {
  await storeQuotePdf(data.quoteId);
});
