import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { ReorderButton } from '@/components/orders/reorder-button';
import { DeclineQuote, RequestQuoteAgain } from '@/components/quotes/quote-actions';
import { QuoteLines, QuoteStatusBadge, QuoteTotals } from '@/components/quotes/quote-view';
import { QuoteRequestMessage } from '@/components/quotes/quote-request-message';
import { QuoteConversation } from '@/components/quotes/quote-conversation';
import { clientMessages } from '@/lib/i18n/client-messages';
import { formatQuoteDate, formatQuoteDay } from '@/lib/quotes/format';
import { REQUESTABLE_AGAIN } from '@/lib/quotes/status';
import { isDbId } from '@/lib/validation/ids';
import { requirePageAccess } from '@/server/auth/session';
import { getQuote } from '@/server/quotes/read';
import { orNotFound } from '@/app/_shared/or-not-found';

export const dynamic = 'force-dynamic';

type Params = Promise<{ id: string }>;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('QuotesPage.detail');
  return { title: t('metaTitle'), robots: { index: false, follow: false } };
}

/**
 * /dashboard/quotes/{id}: one of the customer's quotes — state, lines, the prices once
 * answered, the thread with a form, 'Recusar' while it is open, 'Pedir de novo' once declined,
 * expired or withdrawn, and the history. Another customer's id is the 404 page (ownership is in
 * getQuote's query), like an id that does not exist.
 */
export default async function DashboardQuotePage({ params }: { params: Params }) {
  const { id } = await params;
  const viewer = await requirePageAccess(`/dashboard/quotes/${encodeURIComponent(id)}`);
  if (!isDbId(id)) notFound();
  const quote = await orNotFound(getQuote({ kind: 'user', userId: viewer.id }, Number(id)));
  const [t, tl, tPdf] = await Promise.all([getTranslations('QuotesPage.detail'), getTranslations('QuotesPage.list'), getTranslations('QuotePdf')]);
  const open = quote.status === 'requested' || quote.status === 'answered';

  return (
    <NextIntlClientProvider messages={clientMessages(['QuoteActions'])}>
      <div className="space-y-8" data-testid="customer-quote">
        <Breadcrumbs items={[{ label: 'A minha conta', href: '/dashboard' }, { label: tl('title'), href: '/dashboard/quotes' }, { label: quote.number }]} />
        <header className="space-y-2">
          <div className="flex flex-wrap items-center gap-3">
            <h2 className="text-2xl font-bold tracking-tight text-slate-900">{t('title', { number: quote.number })}</h2>
            <QuoteStatusBadge status={quote.status} />
          </div>
          <p className="text-sm text-slate-600">
            {t('requestedAt', { date: formatQuoteDate(quote.created_at) })}
            {quote.answered_at ? ` · ${t('answeredAt', { date: formatQuoteDate(quote.answered_at) })}` : ''}
          </p>
          {quote.valid_until && quote.status === 'answered' && (
            <p className="font-semibold text-slate-900" data-testid="quote-valid-until">
              {t('validUntil', { date: formatQuoteDay(quote.valid_until) })}
            </p>
          )}
          {quote.order_id !== null && <p className="text-sm text-emerald-800">{t('order')}</p>}
        </header>

        <QuoteLines quote={quote} />
        <QuoteTotals quote={quote} />
        {quote.totals && quote.status !== 'requested' && (
          <a href={`/api/quotes/${quote.id}/pdf`} download={`${quote.number}.pdf`} className="inline-block font-semibold text-sky-800 hover:underline" data-testid="quote-pdf">
            {tPdf('download')}
          </a>
        )}

        {quote.status === 'answered' && (
          <div className="space-y-2">
            <Link
              href={`/checkout?quote=${quote.id}`}
              className="inline-block rounded-md bg-sky-700 px-4 py-2.5 font-semibold text-white hover:bg-sky-800 focus-visible:ring-[3px] focus-visible:ring-sky-500/60"
              data-testid="accept-quote"
            >
              {t('accept')}
            </Link>
            <p className="text-sm text-slate-600">{t('acceptHint')}</p>
          </div>
        )}
        {quote.order_id !== null && (
          <Link href={`/dashboard/orders/${quote.order_id}`} className="inline-block font-semibold text-sky-800 hover:underline">
            {t('openOrder')}
          </Link>
        )}
        {(open || REQUESTABLE_AGAIN.includes(quote.status)) && (
          <div className="flex flex-wrap items-start gap-3">
            {open && <DeclineQuote quoteId={quote.id} />}
            {REQUESTABLE_AGAIN.includes(quote.status) && <RequestQuoteAgain quoteId={quote.id} />}
            {REQUESTABLE_AGAIN.includes(quote.status) && (
              <ReorderButton orderId={quote.id} endpoint={`/api/quotes/${quote.id}/to-cart`} label={t('toCart')} />
            )}
          </div>
        )}

        {quote.message && <QuoteRequestMessage title={t('requestMessage')} message={quote.message} />}

        <QuoteConversation quote={quote} side="customer" />
        <Link href="/dashboard/quotes" className="inline-block font-medium text-sky-800 hover:underline">
          ← {t('back')}
        </Link>
      </div>
    </NextIntlClientProvider>
  );
}
