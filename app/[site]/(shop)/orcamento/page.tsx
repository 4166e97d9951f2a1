import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { DeclineQuote } from '@/components/quotes/quote-actions';
import { QuoteLines, QuoteStatusBadge, QuoteTotals } from '@/components/quotes/quote-view';
import { QuoteRequestMessage } from '@/components/quotes/quote-request-message';
import { QuoteConversation } from '@/components/quotes/quote-conversation';
import { Button } from '@/components/ui/button';
import { clientMessages } from '@/lib/i18n/client-messages';
import { formatQuoteDate, formatQuoteDay } from '@/lib/quotes/format';
import { QUOTE_TOKEN_PATTERN } from '@/lib/validation/quotes';
import { getQuote } from '@/server/quotes/read';
import { findQuoteByToken } from '@/server/quotes/guest';
import { orNotFound } from '@/app/_shared/or-not-found';

/** Per request, never stored (Cache-Control private, no-store): the page is one quote's, by its token. */
export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('QuotesPage.guest');
  // No canonical, no index, and the token in the URL is never sent on as a Referer.
  return { title: t('metaTitle'), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

type SearchParams = Promise<{ token?: string | string[] }>;

/**
 * /orcamento?token=…: a guest follows their quote through the private link of the
 * acknowledgement mail, without an account — its state, lines, the quoted prices once answered
 * (never list prices), the thread with a form to write, 'Recusar', and for an answered quote how to
 * accept it (log in or sign up with the quote's e-mail: the quote joins that account). The token
 * is the access: read with `{ kind: 'token' }`, an unknown or malformed one is the 404 page. Once
 * the quote has joined its customer's account the link shows a neutral notice only (nothing of the
 * quote: no lines, prices, thread nor actions) with a way to sign in.
 */
export default async function GuestQuotePage({ searchParams }: { searchParams: SearchParams }) {
  const raw = (await searchParams).token;
  const token = typeof raw === 'string' ? raw.trim() : '';
  if (!QUOTE_TOKEN_PATTERN.test(token)) notFound();
  const found = await findQuoteByToken(token);
  if (found === null) notFound();
  if (found.claimed) return <ClaimedQuoteNotice quoteId={found.id} />;
  const quote = await orNotFound(getQuote({ kind: 'token', token }, found.id));
  const t = await getTranslations('QuotesPage.guest');
  const td = await getTranslations('QuotesPage.detail');
  const tPdf = await getTranslations('QuotePdf');
  const accountPath = `/dashboard/quotes/${quote.id}`;
  const loginHref = `/login?next=${encodeURIComponent(accountPath)}`;
  const open = quote.status === 'requested' || quote.status === 'answered';

  return (
    <NextIntlClientProvider messages={clientMessages(['QuoteActions'])}>
      <div className="mx-auto max-w-5xl space-y-8 px-4 pb-16 pt-8" data-testid="guest-quote">
        <header className="space-y-2">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('title', { number: quote.number })}</h1>
            <QuoteStatusBadge status={quote.status} />
          </div>
          <p className="text-slate-700">{t('intro', { date: formatQuoteDate(quote.created_at) })}</p>
          {quote.valid_until && quote.status === 'answered' && (
            <p className="font-semibold text-slate-900" data-testid="quote-valid-until">
              {td('validUntil', { date: formatQuoteDay(quote.valid_until) })}
            </p>
          )}
        </header>

        <QuoteLines quote={quote} />
        <QuoteTotals quote={quote} />
        {quote.totals && quote.status !== 'requested' && (
          <a href={`/api/quotes/${quote.id}/pdf?token=${encodeURIComponent(token)}`} className="inline-block font-semibold text-sky-800 hover:underline" data-testid="quote-pdf">
            {tPdf('download')}
          </a>
        )}

        {quote.status === 'answered' && (
          <section aria-labelledby="accept" className="space-y-3 rounded-xl border border-emerald-200 bg-emerald-50 p-5">
            <h2 id="accept" className="text-lg font-bold text-emerald-950">
              {t('acceptTitle')}
            </h2>
            <p className="text-emerald-950">{t('acceptText', { email: quote.contact.email })}</p>
            <div className="flex flex-wrap gap-3">
              <Button asChild>
                <Link href={loginHref} prefetch={false} data-testid="guest-quote-login">
                  {t('login')}
                </Link>
              </Button>
              <Button asChild variant="outline">
                <Link href={`${loginHref}&tab=signup`} prefetch={false}>
                  {t('signup')}
                </Link>
              </Button>
            </div>
          </section>
        )}

        {open && <DeclineQuote quoteId={quote.id} token={token} />}

        {quote.message && <QuoteRequestMessage title={td('requestMessage')} message={quote.message} />}

        <QuoteConversation quote={quote} side="customer" token={token} />
      </div>
    </NextIntlClientProvider>
  );
}

/**
 * The link of a quote that has joined its customer's account: whoever holds it may be someone else
 * who asked with that e-mail, so it says only where the quote is now, and offers to sign in.
 */
async function ClaimedQuoteNotice({ quoteId }: { quoteId: number }) {
  const t = await getTranslations('QuotesPage.guest');
  const loginHref = `/login?next=${encodeURIComponent(`/dashboard/quotes/${quoteId}`)}`;
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-4 pb-16 pt-8" data-testid="guest-quote-claimed">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('claimedTitle')}</h1>
      <p className="text-slate-700">{t('claimedText')}</p>
      <Button asChild>
        <Link href={loginHref} prefetch={false} data-testid="guest-quote-login">
          {t('login')}
        </Link>
      </Button>
    </div>
  );
}
