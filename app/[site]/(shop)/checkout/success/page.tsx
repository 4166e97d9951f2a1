import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { CheckCircle2 } from 'lucide-react';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { PaymentInstructions } from '@/components/orders/payment-instructions';
import { formatPrice } from '@/lib/format';
import { pageMetadata } from '@/lib/seo';
import { isDbId } from '@/lib/validation/ids';
import { requirePageAccess } from '@/server/auth/session';
import { getOrder, type OrderDetail } from '@/server/orders/queries';
import { orNotFound } from '@/app/_shared/or-not-found';

export const dynamic = 'force-dynamic';

const PAGE_PATH = '/checkout/success';

export const metadata: Metadata = pageMetadata({
  title: 'Encomenda registada',
  description: 'O número da encomenda, o que acontece a seguir e como pagar.',
  path: PAGE_PATH,
  noindex: true,
});

/** What happens next, in the order it happens, for the order's payment and delivery. */
function nextSteps(order: OrderDetail): string[] {
  const pickup = order.delivery_method !== 'delivery';
  const steps: string[] = [];
  if (order.status === 'pending_payment') steps.push('pay');
  else steps.push('confirmed');
  steps.push(pickup ? 'preparePickup' : 'prepareDelivery');
  steps.push(pickup ? (order.payment_method === 'pay_at_pickup' ? 'pickupAndPay' : 'pickup') : 'delivery');
  steps.push('invoice');
  return steps;
}

/**
 * /checkout/success?order={id} (spec 2.1): the order number, what happens next and,
 * while the order waits for its payment, how to pay. Only the order's customer sees it (another
 * id is the 404 page, like an unknown one).
 */
export default async function CheckoutSuccessPage({ searchParams }: { searchParams: Promise<{ order?: string | string[] }> }) {
  const viewer = await requirePageAccess(PAGE_PATH);
  const t = await getTranslations('CheckoutPage.success');
  const tOrders = await getTranslations('Orders');
  const raw = (await searchParams).order;
  const id = typeof raw === 'string' ? raw : null;
  if (!id || !isDbId(id)) notFound();
  const order = await orNotFound(getOrder(viewer.id, Number(id)));
  const pickup = order.delivery_method !== 'delivery';
  const place = order.delivery_method === 'pickup_warehouse' ? tOrders('delivery.warehouseLabel') : tOrders('delivery.showroomLabel');

  return (
    <div className="mx-auto max-w-3xl px-4 pb-16 pt-8">
      <Breadcrumbs items={[{ label: t('crumb'), href: `${PAGE_PATH}?order=${order.id}` }]} />
      <div className="mt-6 flex items-start gap-3">
        <CheckCircle2 aria-hidden className="mt-1 size-8 shrink-0 text-emerald-600" />
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('title', { number: order.number })}</h1>
          <p className="mt-2 text-slate-700">{t('thanks', { email: viewer.email })}</p>
        </div>
      </div>

      <dl className="mt-6 grid gap-4 rounded-xl border bg-white p-5 sm:grid-cols-3" data-testid="success-summary">
        <div>
          <dt className="text-sm text-slate-600">{t('number')}</dt>
          <dd className="font-semibold text-slate-900">{order.number}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{t('total')}</dt>
          <dd className="font-semibold text-slate-900">{formatPrice(order.totals.total)}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{t('status')}</dt>
          <dd className="font-semibold text-slate-900">{tOrders(`status.${order.status}`)}</dd>
        </div>
        <div className="sm:col-span-3">
          <dt className="text-sm text-slate-600">{pickup ? t('pickupAt') : t('deliverTo')}</dt>
          <dd className="text-slate-900">
            {pickup ? `${place} — ` : ''}
            {[order.delivery_address.line1, order.delivery_address.line2, `${order.delivery_address.postal_code} ${order.delivery_address.locality}`]
              .filter(Boolean)
              .join(', ')}
          </dd>
        </div>
      </dl>

      {order.status === 'pending_payment' && (
        <section aria-labelledby="success-payment" className="mt-6 space-y-3">
          <h2 id="success-payment" className="text-xl font-bold text-slate-900">
            {t('howToPay')}
          </h2>
          <PaymentInstructions order={order} heading={false} />
        </section>
      )}

      <section aria-labelledby="success-next" className="mt-6 space-y-3">
        <h2 id="success-next" className="text-xl font-bold text-slate-900">
          {t('next')}
        </h2>
        <ol className="list-decimal space-y-2 pl-6 text-slate-700">
          {nextSteps(order).map((step) => (
            <li key={step}>{t(`steps.${step}`, { place })}</li>
          ))}
        </ol>
      </section>

      <div className="mt-8 flex flex-wrap gap-3">
        <Link
          href={`/dashboard/orders/${order.id}`}
          className="rounded-md bg-sky-700 px-4 py-2.5 font-semibold text-white hover:bg-sky-800 focus-visible:ring-[3px] focus-visible:ring-sky-500/60"
        >
          {t('viewOrder')}
        </Link>
        <a
          href={`/api/orders/${order.id}/pdf`}
          download={`${order.number}.pdf`}
          data-testid="success-order-pdf"
          className="rounded-md border border-slate-300 px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50"
        >
          {t('pdf')}
        </a>
        <Link href="/produtos" className="px-2 py-2.5 font-medium text-sky-800 hover:underline">
          {t('continue')}
        </Link>
      </div>
    </div>
  );
}
