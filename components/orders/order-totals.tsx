import { getTranslations } from 'next-intl/server';
import { formatPrice } from '@/lib/format';
import { cn } from '@/lib/utils';

/** The totals of an order (server/orders OrderTotals, euros). */
export interface OrderTotalsValue {
  subtotal: number;
  tax: number;
  subtotal_with_tax: number;
  shipping: number;
  total: number;
}

/**
 * Goods without IVA, IVA, goods with IVA, shipping ('Grátis' at 0) and the total: the order's own
 * figures as stored, never recomputed. Async server component; reused by the checkout review and success.
 */
export async function OrderTotals({ totals, className }: { totals: OrderTotalsValue; className?: string }) {
  const t = await getTranslations('Orders.totals');
  return (
    <dl aria-label={t('label')} className={cn('space-y-2 text-sm', className)} data-testid="order-totals">
      <Row label={t('goods')} value={formatPrice(totals.subtotal)} testId="totals-goods" />
      <Row label={t('tax')} value={formatPrice(totals.tax)} testId="totals-tax" />
      <Row label={t('goodsWithTax')} value={formatPrice(totals.subtotal_with_tax)} testId="totals-goods-with-tax" />
      <Row label={t('shipping')} value={totals.shipping === 0 ? t('free') : formatPrice(totals.shipping)} testId="totals-shipping" />
      <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base font-bold text-slate-900">
        <dt>{t('total')}</dt>
        <dd data-testid="totals-total">{formatPrice(totals.total)}</dd>
      </div>
    </dl>
  );
}

function Row({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium tabular-nums text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
