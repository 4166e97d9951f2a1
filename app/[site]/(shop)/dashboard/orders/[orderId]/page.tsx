import { cache, type ReactNode } from 'react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ArrowLeft, FileDown } from 'lucide-react';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { OrderAddress } from '@/components/orders/order-address';
import { OrderHistory } from '@/components/orders/order-history';
import { OrderLinesTable } from '@/components/orders/order-lines-table';
import { OrderStatusBadge } from '@/components/orders/order-status-badge';
import { OrderTotals } from '@/components/orders/order-totals';
import { PaymentInstructions } from '@/components/orders/payment-instructions';
import { ReorderButton } from '@/components/orders/reorder-button';
import { Button } from '@/components/ui/button';
import { formatOrderLongDate } from '@/lib/orders/format';
import type { OrderStatus } from '@/lib/orders/status';
import { pageMetadata } from '@/lib/seo';
import { isDbId } from '@/lib/validation/ids';
import { AppError } from '@/server/errors';
import { getViewer, requirePageAccess } from '@/server/auth/session';
import { getOrder, type OrderDetail } from '@/server/orders/queries';

export const dynamic = 'force-dynamic';

type Params = Promise<{ orderId: string }>;

/** One read per request for the metadata and the page (null: not this customer's, or no such order). */
const readOrder = cache(async (userId: string, orderId: string): Promise<OrderDetail | null> => {
  if (!isDbId(orderId)) return null;
  try {
    return await getOrder(userId, Number(orderId));
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') return null;
    throw err;
  }
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { orderId } = await params;
  const [t, viewer] = await Promise.all([getTranslations('Orders.page'), getViewer()]);
  // The number only in the customer's own tab title; anyone else gets the generic one.
  const order = viewer ? await readOrder(viewer.id, orderId) : null;
  return pageMetadata({
    title: order ? t('orderTitle', { number: order.number }) : t('listTitle'),
    description: t('orderDescription'),
    path: `/dashboard/orders/${encodeURIComponent(orderId)}`,
    noindex: true,
  });
}

/** States in which a payment is still to be made (bank transfer, Multibanco, MB WAY: pending; at pickup: until collected). */
function showsInstructions(order: OrderDetail): boolean {
  if (order.status === 'pending_payment') return true;
  const atPickup: readonly OrderStatus[] = ['confirmed', 'preparing', 'ready_for_pickup'];
  return order.payment_method === 'pay_at_pickup' && atPickup.includes(order.status);
}

/** One term of the order's details: its label over its value. */
function DetailRow({ label, testId, valueClassName = 'font-medium text-slate-900', children }: { label: string; testId: string; valueClassName?: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className={valueClassName} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/**
 * /dashboard/orders/{orderId} — one order (spec 2.3): number, date, state, the lines and
 * totals as placed, delivery address or pickup place, billing address with NIF, payment (with the
 * instructions while it is due), PO reference, notes, history, the PDF and 'Voltar a encomendar'.
 * Another customer's order is a 404, like one that does not exist.
 */
export default async function OrderPage({ params }: { params: Params }) {
  const { orderId } = await params;
  const viewer = await requirePageAccess(`/dashboard/orders/${encodeURIComponent(orderId)}`);
  const order = await readOrder(viewer.id, orderId);
  if (!order) notFound();
  const t = await getTranslations('Orders');
  const pickup = order.delivery_method !== 'delivery';

  return (
    <div className="space-y-8" data-testid="order-detail" data-order-number={order.number}>
      <Breadcrumbs
        items={[
          { label: 'A minha conta', href: '/dashboard' },
          { label: t('page.listTitle'), href: '/dashboard/orders' },
          { label: order.number, href: `/dashboard/orders/${order.id}` },
        ]}
      />

      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-2">
          <h2 className="flex flex-wrap items-center gap-3 text-2xl font-bold tracking-tight text-slate-900">
            {t('page.orderTitle', { number: order.number })}
            <OrderStatusBadge status={order.status} className="text-sm" />
          </h2>
          <p className="text-slate-600">
            <time dateTime={order.placed_at}>{t('page.placedOn', { date: formatOrderLongDate(order.placed_at) })}</time>
          </p>
        </div>
        <div className="flex flex-col items-start gap-3 sm:items-end">
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <a href={`/api/orders/${order.id}/pdf`} download={`${order.number}.pdf`} aria-label={t('page.downloadPdfLabel', { number: order.number })} data-testid="order-pdf">
                <FileDown aria-hidden />
                {t('page.downloadPdf')}
              </a>
            </Button>
          </div>
          <ReorderButton orderId={order.id} />
        </div>
      </header>

      {showsInstructions(order) && <PaymentInstructions payment={order.payment} headingLevel={3} />}

      <section aria-labelledby="artigos" className="space-y-3">
        <h3 id="artigos" className="text-xl font-semibold text-slate-900">
          {t('page.linesTitle')}
        </h3>
        <OrderLinesTable lines={order.lines} caption={t('lines.caption', { number: order.number })} />
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="totais" className="rounded-lg border border-slate-200 bg-white p-5 shadow-xs">
          <h3 id="totais" className="mb-3 text-lg font-semibold text-slate-900">
            {t('page.totalsTitle')}
          </h3>
          <OrderTotals totals={order.totals} />
        </section>

        <section aria-labelledby="dados" className="rounded-lg border border-slate-200 bg-white p-5 shadow-xs">
          <h3 id="dados" className="mb-3 text-lg font-semibold text-slate-900">
            {t('page.detailsTitle')}
          </h3>
          <dl className="space-y-3 text-sm">
            <DetailRow label={t('page.deliveryMethod')} testId="order-delivery-method">
              {t(`delivery.${order.delivery_method}`)}
            </DetailRow>
            <DetailRow label={t('page.paymentMethod')} testId="order-payment-method">
              {t.has(`payment.${order.payment_method}`) ? t(`payment.${order.payment_method}`) : order.payment_method}
            </DetailRow>
            {order.po_reference && (
              <DetailRow label={t('page.poReference')} testId="order-po-reference">
                {order.po_reference}
              </DetailRow>
            )}
            {order.notes && (
              <DetailRow label={t('page.notes')} testId="order-notes" valueClassName="whitespace-pre-line text-slate-900">
                {order.notes}
              </DetailRow>
            )}
          </dl>
        </section>

        <section aria-labelledby="entrega" className="rounded-lg border border-slate-200 bg-white p-5 shadow-xs">
          <h3 id="entrega" className="mb-3 text-lg font-semibold text-slate-900">
            {pickup ? t('page.pickupTitle') : t('page.deliveryTitle')}
          </h3>
          <OrderAddress address={order.delivery_address} showLabel={!pickup} testId="order-delivery-address" />
        </section>

        <section aria-labelledby="faturacao" className="rounded-lg border border-slate-200 bg-white p-5 shadow-xs">
          <h3 id="faturacao" className="mb-3 text-lg font-semibold text-slate-900">
            {t('page.billingTitle')}
          </h3>
          <OrderAddress address={order.billing_address} testId="order-billing-address" />
        </section>
      </div>

      {order.history.length > 0 && (
        <section aria-labelledby="historico" className="space-y-3">
          <h3 id="historico" className="text-xl font-semibold text-slate-900">
            {t('page.historyTitle')}
          </h3>
          <OrderHistory history={order.history} viewerId={viewer.id} />
        </section>
      )}

      <Link href="/dashboard/orders" className="inline-flex items-center gap-1 font-medium text-sky-800 underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden className="size-4" />
        {t('page.back')}
      </Link>
    </div>
  );
}
