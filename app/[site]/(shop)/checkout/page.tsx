import type { Metadata } from 'next';
import Link from 'next/link';
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
import { paymentMethod } from '@/server/payments';

export const dynamic = 'force-dynamic';

const PAGE_PATH = '/checkout';

export const metadata: Metadata = pageMetadata({
  title: 'Finalizar encomenda',
  description: 'Entrega ou levantamento, faturação, pagamento e revisão da encomenda.',
  path: PAGE_PATH,
  noindex: true,
});

/**
 * /checkout (spec 2.1, issue 11; login required, off on the production host): the customer's
 * cart priced now, their addresses and the shop's pickup places, the payment methods this shop
 * offers; the choices and 'Confirmar encomenda' are the client leaf CheckoutForm.
 */
export default async function CheckoutPage() {
  const viewer = await requirePageAccess(PAGE_PATH);
  const t = await getTranslations('CheckoutPage');
  const [review, addresses, shop] = await Promise.all([checkoutReview(viewer.id), listAddresses(viewer.id), shopFacts()]);
  // The methods this shop takes now (Multibanco / MB WAY only with the provider's credentials);
  // pay at pickup stays listed with a home delivery, shown as possible only with a pickup.
  const payments: CheckoutPaymentOption[] = PAYMENT_METHODS.filter((id) => paymentMethod(id).enabled()).map((id) => ({
    id,
    pickupOnly: !paymentMethod(id).accepts('delivery'),
  }));
  const { summary } = review;

  return (
    <div className="mx-auto max-w-7xl px-4 pb-16 pt-8">
      <Breadcrumbs
        items={[
          { label: t('cart'), href: '/cart' },
          { label: t('heading'), href: PAGE_PATH },
        ]}
      />
      <h1 className="mb-6 mt-6 text-3xl font-bold tracking-tight text-slate-900">{t('heading')}</h1>
      {review.lines.length === 0 ? (
        <div className="rounded-xl border bg-white p-8 text-center" data-testid="checkout-empty">
          <p className="text-slate-700">{t('empty')}</p>
          <Link href="/produtos" className="mt-3 inline-block font-semibold text-sky-800 hover:underline">
            {t('browse')}
          </Link>
        </div>
      ) : (
        <NextIntlClientProvider messages={clientMessages(['Checkout'])}>
          <CheckoutForm
            addresses={addresses}
            places={{ showroom: shop.showroom, warehouse: shop.warehouse }}
            payments={payments}
            goods={{
              net: summary.subtotal ?? 0,
              tax: summary.tax ?? 0,
              gross: summary.subtotal_with_tax ?? 0,
              deliveryShipping: summary.shipping ?? 0,
            }}
            unavailable={review.unavailable}
            customerName={viewer.fiscalName || viewer.fullName || viewer.displayName}
          >
            <ReviewLines lines={review.lines} pro={viewer.userType === 'pro'} />
          </CheckoutForm>
        </NextIntlClientProvider>
      )}
    </div>
  );
}
