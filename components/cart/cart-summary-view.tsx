'use client';

import { useTranslations } from 'next-intl';
import { formatInteger, formatPrice } from '@/lib/format';
import type { CartSummary } from '@/lib/cart/summary';
import { FreeShippingProgress } from './free-shipping-progress';
import { GrandTotalRow, TotalRow } from '@/components/orders/total-rows';

/**
 * The summary of /cart (spec 3 "Cart summary"): lines, packages and units for everyone; net
 * subtotal, IVA, subtotal with IVA, shipping (7 € below 350 € with IVA, else free) and total only
 * for signed-in customers — a guest's lines carry no prices.
 */
export function CartSummaryView({ summary, signedIn }: { summary: CartSummary; signedIn: boolean }) {
  const t = useTranslations('CartPage');
  const priced = signedIn && summary.subtotal !== null && summary.total !== null;
  return (
    <div className="space-y-4">
      <dl className="space-y-2 text-sm" data-testid="cart-summary">
        <TotalRow label={t('lines')} value={formatInteger(summary.count)} testId="summary-lines" />
        <TotalRow label={t('items')} value={formatInteger(summary.total_items)} testId="summary-items" />
        <TotalRow label={t('totalUnits')} value={formatInteger(summary.total_units)} testId="summary-units" />
        {priced && (
          <>
            <TotalRow label={t('subtotal')} value={formatPrice(summary.subtotal)} testId="summary-subtotal" />
            <TotalRow label={t('vat')} value={formatPrice(summary.tax)} testId="summary-vat" />
            <TotalRow label={t('subtotalWithVat')} value={formatPrice(summary.subtotal_with_tax)} testId="summary-subtotal-with-vat" />
            <TotalRow
              label={t('shipping')}
              value={summary.shipping === null ? '—' : summary.shipping === 0 ? t('freeShipping') : formatPrice(summary.shipping)}
              testId="summary-shipping"
            />
            <GrandTotalRow label={t('total')} value={formatPrice(summary.total)} testId="summary-total" />
          </>
        )}
      </dl>
      {priced ? <FreeShippingProgress summary={summary} /> : <p className="text-sm text-slate-600">{t('guestPrices')}</p>}
    </div>
  );
}

