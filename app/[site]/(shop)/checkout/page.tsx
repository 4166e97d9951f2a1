import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { CheckoutForm, type CheckoutPaymentOption } from '@/components/checkout/checkout-form';
import { ReviewLines } from '@/components/checkout/review-lines';
import { clientMessages } from '@/lib/i18n/client-messages';
import { PAYMENT_METHODS } from '@/lib/orders/status';
import { pageMetadata } from '@/lib/seo';
import { listAddresses } from '@/server/addresses';
import { requirePageAccess } from '@/server/auth/session';
import { shopFacts } from '@/server/orders/place-order';
import { checkoutReview } from '@/server/orders/review';
import { QuoteLines } from '@/components/quotes/quote-view';
import { isDbId } from '@/lib/validation/ids';
import { getQuote } from '@/server/quotes/read';
import type { QuoteDetail } from '@/lib/quotes/types';
import { paymentMethod } from '@/server/payments';
import { getAccountBillingForUser } from '@/server/pro-accounts/accounts';
import { orNotFound } from '@/app/_shared/or-not-found';

export const dynamic = 'force-dynamic';

const PAGE_PATH = '/checkout';

export const metadata: Metadata = pageMetadata({
  title: 'Finalizar encomenda',
  description: 'Entrega ou levantamento, faturação, pagamento e revisão da encomenda.',
  path: PAGE_PATH,
  noindex: true,
});

/** The answered quote `?quote={id}` of this customer, or null (any other id: the 404 page). */
async function quoteToAccept(userId: string, raw: string | string[] | undefined): Promise<QuoteDetail | null> {
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !isDbId(raw)) notFound();
  // getQuote first joins the customer's guest quotes (asked with their e-mail) to the account.
  return orNotFound(getQuote({ kind: 'user', userId }, Number(raw)));
}

/**
 * /checkout (spec 2.1; login required, off on the production host): the customer's
 * cart priced now — or, with `?quote={id}`, an answered quote at its quoted prices and shipping
 * — their addresses and the shop's pickup places, the payment methods this shop
 * offers; the choices and 'Confirmar encomenda' are the client leaf CheckoutForm.
 */
export default async function CheckoutPage({ searchParams }: { searchParams: Promise<{ quote?: string | string[] }> }) {
  const viewer = await requirePageAccess(PAGE_PATH);
  const t = await getTranslations('CheckoutPage');
  const quote = await quoteToAccept(viewer.id, (await searchParams).quote);
  const [review, addresses, shop, company] = await Promise.all([
    quote ? null : checkoutReview(viewer.id),
    listAddresses(viewer.id),
    shopFacts(),
    viewer.userType === 'pro' ? getAccountBillingForUser(viewer.id) : null,
  ]);
  // A professional bills the company of their account: a new billing address starts
  // from its fiscal name, NIF and address (approval saves it as their default billing address
  // when it is whole).
  const billingDefaults = company ? { name: company.name, nif: company.nif, line1: company.line1, postal_code: company.postalCode, locality: company.locality } : undefined;
  // The methods this shop takes now (Multibanco / MB WAY only with the provider's credentials);
  // pay at pickup stays listed with a home delivery, shown as possible only with a pickup.
  const payments: CheckoutPaymentOption[] = PAYMENT_METHODS.filter((id) => paymentMethod(id).enabled()).map((id) => ({
    id,
    pickupOnly: !paymentMethod(id).accepts('delivery'),
  }));
  const form = (goods: { net: number; tax: number; gross: number; deliveryShipping: number }, unavailable: string[], lines: React.ReactNode) => (
    <NextIntlClientProvider messages={clientMessages(['Checkout'])}>
      <CheckoutForm
        addresses={addresses}
        places={{ showroom: shop.showroom, warehouse: shop.warehouse }}
        payments={payments}
        goods={goods}
        unavailable={unavailable}
        customerName={viewer.fiscalName || viewer.fullName || viewer.displayName}
        billingDefaults={billingDefaults}
        quoteId={quote?.id}
      >
        {lines}
      </CheckoutForm>
    </NextIntlClientProvider>
  );

  let body: React.ReactNode;
  if (quote) {
    const totals = quote.totals;
    body =
      quote.status === 'answered' && totals ? (
        <>
          <p className="mb-6 rounded-lg border border-sky-200 bg-sky-50 p-4 text-sky-900" data-testid="checkout-quote">
            {t('quote', { number: quote.number })}
          </p>
          {form(
            { net: totals.subtotal, tax: totals.tax, gross: Math.round((totals.subtotal + totals.tax) * 100) / 100, deliveryShipping: totals.shipping },
            [],
            <QuoteLines quote={quote} />,
          )}
        </>
      ) : (
        <div className="rounded-xl border bg-white p-8 text-center" data-testid="checkout-quote-closed">
          <p className="text-slate-700">{t('quoteClosed', { number: quote.number })}</p>
          <Link href={`/dashboard/quotes/${quote.id}`} className="mt-3 inline-block font-semibold text-sky-800 hover:underline">
            {t('openQuote')}
          </Link>
        </div>
      );
  } else if (!review || review.lines.length === 0) {
    body = (
      <div className="rounded-xl border bg-white p-8 text-center" data-testid="checkout-empty">
        <p className="text-slate-700">{t('empty')}</p>
        <Link href="/produtos" className="mt-3 inline-block font-semibold text-sky-800 hover:underline">
          {t('browse')}
        </Link>
      </div>
    );
  } else {
    const { summary } = review;
    body = form(
      { net: summary.subtotal ?? 0, tax: summary.tax ?? 0, gross: summary.subtotal_with_tax ?? 0, deliveryShipping: summary.shipping ?? 0 },
      review.unavailable,
      <ReviewLines lines={review.lines} pro={viewer.userType === 'pro'} />,
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 pb-16 pt-8">
      <Breadcrumbs
        items={[
          quote ? { label: quote.number, href: `/dashboard/quotes/${quote.id}` } : { label: t('cart'), href: '/cart' },
          { label: t('heading'), href: PAGE_PATH },
        ]}
      />
      <h1 className="mb-6 mt-6 text-3xl font-bold tracking-tight text-slate-900">{t('heading')}</h1>
      {body}
    </div>
  );
}
