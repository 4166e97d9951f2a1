import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { QuoteAnswerForm } from '@/components/quotes/answer-form';
import { WithdrawQuote } from '@/components/quotes/quote-actions';
import { QuoteLines, QuoteStatusBadge, QuoteTotals } from '@/components/quotes/quote-view';
import { QuoteConversation } from '@/components/quotes/quote-conversation';
import { clientMessages } from '@/lib/i18n/client-messages';
import { formatQuoteDate, formatQuoteDay } from '@/lib/quotes/format';
import { canQuoteTransition } from '@/lib/quotes/status';
import { isDbId } from '@/lib/validation/ids';
import { requirePageAccess } from '@/server/auth/session';
import { lisbonDay } from '@/server/pricing';
import { addDays, quoteValidityDays } from '@/server/quotes/dates';
import { getQuote } from '@/server/quotes/read';
import { orNotFound } from '@/app/_shared/or-not-found';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Orçamento', robots: { index: false, follow: false } };

type Params = Promise<{ id: string }>;

/**
 * /admin/quotes/{id} (`manage_quotes`): the request (contact, message, lines with the
 * customer's list price for reference), the answer form (a net unit price per line, shipping,
 * validity — today + 30 days unless changed — and a message, sent with the quote's version so a
 * stale form is refused), withdraw with a reason, the thread with a reply form, and the history.
 */
export default async function AdminQuotePage({ params }: { params: Params }) {
  const { id } = await params;
  const viewer = await requirePageAccess(`/admin/quotes/${encodeURIComponent(id)}`);
  if (!isDbId(id)) notFound();
  const quote = await orNotFound(getQuote({ kind: 'staff', userId: viewer.id }, Number(id)));
  const [t, status, tPdf] = await Promise.all([getTranslations('QuotesPage.detail'), getTranslations('Quotes.status'), getTranslations('QuotePdf')]);
  const answerable = canQuoteTransition(quote.status, 'answered');
  const withdrawable = canQuoteTransition(quote.status, 'withdrawn');
  const today = lisbonDay();
  const defaultValidUntil = quote.status === 'answered' && quote.valid_until && quote.valid_until >= today ? quote.valid_until : addDays(today, quoteValidityDays());
  const c = quote.contact;
  const contactRows: [string, string | null][] = [
    [t('name'), c.name],
    [t('email'), c.email],
    [t('phone'), c.phone],
    [t('company'), c.company],
    [t('nif'), c.nif],
  ];

  return (
    <NextIntlClientProvider messages={clientMessages(['QuoteActions'])}>
      <div className="mx-auto max-w-6xl space-y-8 px-4 py-10" data-testid="staff-quote">
        <p className="text-sm text-slate-600">
          <Link href="/admin/dashboard" className="text-sky-800 hover:underline">
            Painel de gestão
          </Link>{' '}
          /{' '}
          <Link href="/admin/quotes" className="text-sky-800 hover:underline">
            {t('crumbs')}
          </Link>{' '}
          / {quote.number}
        </p>
        <header className="space-y-2">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold text-slate-900">{t('title', { number: quote.number })}</h1>
            <QuoteStatusBadge status={quote.status} />
          </div>
          <p className="text-sm text-slate-600">
            {t('requestedAt', { date: formatQuoteDate(quote.created_at) })}
            {quote.answered_at ? ` · ${t('answeredAt', { date: formatQuoteDate(quote.answered_at) })}` : ''}
            {quote.valid_until ? ` · ${t('validUntil', { date: formatQuoteDay(quote.valid_until) })}` : ''}
          </p>
        </header>

        <div className="grid gap-6 md:grid-cols-2">
          <section aria-labelledby="quote-contact" className="space-y-2">
            <h2 id="quote-contact" className="text-xl font-bold text-slate-900">
              {t('contact')}
            </h2>
            <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1 rounded-xl border bg-white p-4 text-sm" data-testid="quote-contact">
              {contactRows
                .filter(([, v]) => v)
                .map(([label, value]) => (
                  <div key={label} className="contents">
                    <dt className="text-slate-600">{label}</dt>
                    <dd className="break-all text-slate-900">{value}</dd>
                  </div>
                ))}
              <dt className="text-slate-600">{t('account')}</dt>
              <dd className="text-slate-900">{quote.has_account ? t('accountCustomer') : t('accountGuest')}</dd>
            </dl>
          </section>
          <section aria-labelledby="quote-request-message" className="space-y-2">
            <h2 id="quote-request-message" className="text-xl font-bold text-slate-900">
              {t('requestMessage')}
            </h2>
            <p className="whitespace-pre-line break-words rounded-xl border bg-white p-4 text-sm text-slate-900">{quote.message ?? '—'}</p>
          </section>
        </div>

        <QuoteLines quote={quote} showListPrice />
        <QuoteTotals quote={quote} />
        {quote.totals && quote.status !== 'requested' && (
          <a href={`/api/quotes/${quote.id}/pdf`} download={`${quote.number}.pdf`} className="inline-block font-semibold text-sky-800 hover:underline" data-testid="quote-pdf">
            {tPdf('download')}
          </a>
        )}

        {answerable ? (
          <QuoteAnswerForm
            quoteId={quote.id}
            version={quote.version}
            defaultValidUntil={defaultValidUntil}
            shipping={quote.totals?.shipping ?? null}
            revising={quote.status === 'answered'}
            lines={quote.lines.map((l) => ({
              position: l.position,
              label: `${l.model_code} — ${l.model_name}${l.size ? ` (${l.size})` : ''} · ${l.units} un.`,
              list_unit_price: l.list_unit_price,
              unit_price: l.unit_price,
            }))}
          />
        ) : (
          <p className="rounded-xl border bg-slate-50 p-4 text-sm text-slate-700">{t('answerClosed', { status: status(quote.status) })}</p>
        )}
        {withdrawable && <WithdrawQuote quoteId={quote.id} />}

        <QuoteConversation quote={quote} side="staff" />
        <Link href="/admin/quotes" className="inline-block font-medium text-sky-800 hover:underline">
          ← {t('adminBack')}
        </Link>
      </div>
    </NextIntlClientProvider>
  );
}
