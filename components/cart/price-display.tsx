'use client';

import { useTranslations } from 'next-intl';
import { displayPrice, formatPercent, formatUnitPrice } from '@/lib/format';
import { hasDiscount, type PriceEntry } from '@/lib/pricing/types';
import { cn } from '@/lib/utils';

/**
 * One price as spec 5/6 and the law want it: a particular customer sees one price with IVA; a
 * professional the base price, the discount %, the final price and the saving, net and marked
 * "s/ IVA", with the price with IVA beside it — the saving ("Poupa") too in the compact form of
 * cards and model rows. Unit prices a line is computed from keep their decimals (formatUnitPrice:
 * a particular's price with IVA, a professional's net prices); the price with IVA beside a
 * professional's net price is for information, to the cent. A price is shown only when above 0, else '-'.
 */
export function PriceDisplay({
  entry,
  userType,
  from = false,
  compact = false,
  className,
}: {
  entry: PriceEntry | null;
  userType: 'pro' | 'particular';
  /** "desde": the lowest of several models. */
  from?: boolean;
  compact?: boolean;
  className?: string;
}) {
  const t = useTranslations('Cart.price');
  if (!entry || !(entry.userPrice > 0)) {
    return (
      <span className={className} data-testid="price-none">
        -
      </span>
    );
  }
  if (userType === 'particular') {
    return (
      <span className={cn('inline-flex flex-wrap items-baseline gap-1', className)} data-testid="price-particular">
        {from && <span className="text-xs text-slate-600">{t('from')}</span>}
        <span className="font-bold text-slate-900" data-testid="price-final">
          {formatUnitPrice(entry.priceWithTax)}
        </span>
        <span className="text-xs text-slate-600">{t('withVat')}</span>
      </span>
    );
  }
  const discounted = hasDiscount(entry);
  return (
    <span className={cn('flex flex-col gap-0.5', className)} data-testid="price-pro">
      {discounted && (
        <span className="flex flex-wrap items-baseline gap-1.5 text-xs">
          <span className="sr-only">{t('base')}:</span>
          <s className="text-slate-600" data-testid="price-base">
            {formatUnitPrice(entry.basePrice)}
          </s>
          <span className="rounded bg-red-600 px-1 font-semibold text-white" data-testid="price-discount">
            <span className="sr-only">{t('discount')} </span>
            {t('discountBadge', { percent: formatPercent(entry.discountPercentage) })}
          </span>
        </span>
      )}
      <span className="flex flex-wrap items-baseline gap-1">
        {from && <span className="text-xs text-slate-600">{t('from')}</span>}
        <span className="font-bold text-slate-900" data-testid="price-final">
          {formatUnitPrice(entry.userPrice)}
        </span>
        <span className="text-xs font-medium text-slate-600" data-testid="price-net-label">
          {t('withoutVat')}
        </span>
      </span>
      {discounted && (
        <span className={cn('font-medium text-emerald-800', compact ? 'text-xs' : 'text-sm')} data-testid="price-saving">
          {t('saving', { amount: formatUnitPrice(entry.basePrice - entry.userPrice) })}
        </span>
      )}
      <span className="text-xs text-slate-600" data-testid="price-with-vat">
        {displayPrice(entry.priceWithTax)} {t('withVat')}
      </span>
    </span>
  );
}

/** The model with the lowest positive price, and whether the prices differ ("desde"). */
export function lowestPrice(entries: readonly (PriceEntry | null | undefined)[]): { entry: PriceEntry | null; from: boolean; maxDiscount: number } {
  let best: PriceEntry | null = null;
  let maxDiscount = 0;
  const distinct = new Set<number>();
  for (const e of entries) {
    if (!e || !(e.userPrice > 0)) continue;
    distinct.add(e.userPrice);
    if (hasDiscount(e)) maxDiscount = Math.max(maxDiscount, e.discountPercentage);
    if (!best || e.userPrice < best.userPrice) best = e;
  }
  return { entry: best, from: distinct.size > 1, maxDiscount };
}
