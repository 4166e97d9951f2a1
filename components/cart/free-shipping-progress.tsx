'use client';

import { useTranslations } from 'next-intl';
import { formatPrice } from '@/lib/format';
import type { CartSummary } from '@/lib/cart/summary';

/** Free-shipping progress of spec 2.6/9: toward 350 € with IVA, capped at 100 %. */
export function FreeShippingProgress({ summary }: { summary: CartSummary }) {
  const t = useTranslations('Cart');
  if (summary.free_shipping_progress === null) return null;
  const progress = Math.min(100, Math.max(0, summary.free_shipping_progress));
  const reached = progress >= 100;
  return (
    <div className="space-y-1" data-testid="free-shipping">
      <p className="text-xs text-slate-700">
        {reached ? t('freeShippingReached') : t('freeShippingMissing', { amount: formatPrice(summary.missing_for_free_shipping) })}
      </p>
      <div
        role="progressbar"
        aria-label={t('freeShippingProgress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress)}
        data-testid="free-shipping-progress"
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className={reached ? 'h-full bg-emerald-600' : 'h-full bg-sky-600'} style={{ width: `${progress}%` }} />
      </div>
    </div>
  );
}
