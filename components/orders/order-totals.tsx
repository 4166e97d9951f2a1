import { getTranslations } from 'next-intl/server';
import { formatPrice } from '@/lib/format';
import { cn } from '@/lib/utils';
import { GrandTotalRow, TotalRow } from './total-rows';

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
      <TotalRow label={t('goods')} value={formatPrice(totals.subtotal)} testId="totals-goods" />
      <TotalRow label={t('tax')} value={formatPrice(totals.tax)} testId="totals-tax" />
      <TotalRow label={t('goodsWithTax')} value={formatPrice(totals.subtotal_with_tax)} testId="totals-goods-with-tax" />
      <TotalRow label={t('shipping')} value={totals.shipping === 0 ? t('free') : formatPrice(totals.shipping)} testId="totals-shipping" />
      <GrandTotalRow label={t('total')} value={formatPrice(totals.total)} testId="totals-total" className="gap-4 border-slate-200 text-slate-900" />
    </dl>
  );
}

