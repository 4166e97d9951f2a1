'use client';

import * as React from 'react';
import { useTranslations } from 'next-intl';
import type { ModelRow } from '@/lib/cart/types';
import { PriceSkeleton } from './card-buy';
import { loadModels, peekModels } from './models-store';
import { formatPercent } from '@/lib/format';
import { lowestPrice, PriceDisplay } from './price-display';
import { usePrices } from './pricing-store';

/** The product's models once the element is on screen (signed-in customers only: for prices). */
function useVisibleModels(productCode: string, enabled: boolean, ref: React.RefObject<HTMLElement | null>) {
  const [fetched, setModels] = React.useState<ModelRow[] | null>(null);
  // Held lists (the listing's prefetch, an earlier page) serve at once; `enabled` only turns on
  // after hydration (the session is known on the client only), so this never differs from the server.
  const held = enabled && !fetched ? peekModels(productCode) : null;
  React.useEffect(() => {
    if (!enabled || peekModels(productCode)) return;
    let cancelled = false;
    const fetchNow = () =>
      loadModels(productCode)
        .then((list) => !cancelled && setModels(list))
        .catch(() => !cancelled && setModels([]));
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') {
      void fetchNow();
      return () => {
        cancelled = true;
      };
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          io.disconnect();
          void fetchNow();
        }
      },
      { rootMargin: '200px' },
    );
    io.observe(el);
    return () => {
      cancelled = true;
      io.disconnect();
    };
  }, [productCode, enabled, ref]);
  return fetched ?? held;
}

/**
 * A card's price block for a signed-in customer: the lowest model price ("desde" when models
 * differ) as their kind of account sees it, and the discount badge (discount above 0) over the
 * card's image. The models are asked when the card comes into view; every card's codes go into
 * one pricing call (pricing-store.ts).
 */
export function CardPrice({ productCode }: { productCode: string }) {
  const t = useTranslations('Cart.price');
  const ref = React.useRef<HTMLSpanElement>(null);
  const models = useVisibleModels(productCode, true, ref);
  const codes = React.useMemo(() => (models ? models.map((m) => m.code) : null), [models]);
  const { signedIn, userType, prices, loading } = usePrices(codes);
  const best = lowestPrice(codes ? codes.map((c) => prices[c]) : []);
  return (
    <span ref={ref} className="block">
      {signedIn && best.maxDiscount > 0 && (
        <span className="absolute left-3 top-3 z-10 rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white shadow" data-testid="discount-badge">
          {t('discountBadge', { percent: formatPercent(best.maxDiscount) })}
        </span>
      )}
      {!userType || codes === null || loading ? (
        <PriceSkeleton label={t('loading')} />
      ) : (
        <PriceDisplay entry={best.entry} userType={userType} from={best.from} compact />
      )}
    </span>
  );
}
