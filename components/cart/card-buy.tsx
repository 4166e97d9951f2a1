'use client';

import * as React from 'react';
import { useTranslations } from 'next-intl';
import { ShoppingCartIcon } from 'lucide-react';
import { useAuth } from '@/components/auth/auth-provider';
import { DESKTOP_QUERY } from '@/components/layout/use-media-query';
import { toast } from '@/components/ui/toast';
import type { ModelRow } from '@/lib/cart/types';
import { loadModels, peekModels } from './models-store';
import { formatPercent, lowestPrice, PriceDisplay } from './price-display';
import { usePrices } from './pricing-store';

// The picker (Radix Dialog, rows) loads when first opened; hovering or focusing the button starts it.
const loadPicker = () => import('./model-picker-dialog');
const ModelPickerDialog = React.lazy(() => loadPicker().then((m) => ({ default: m.ModelPickerDialog })));

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

/** Opens the picker, or below 768 px the info toast of spec 5 instead of the quick add. */
export function usePickerOpener() {
  const t = useTranslations('Cart.toast');
  const [open, setOpen] = React.useState(false);
  const [needed, setNeeded] = React.useState(false);
  if (open && !needed) setNeeded(true);
  const triggerRef = React.useRef<HTMLButtonElement>(null);
  const openPicker = () => {
    if (!window.matchMedia(DESKTOP_QUERY).matches) {
      toast.info(t('mobile'));
      return;
    }
    setOpen(true);
  };
  const preload = () => void loadPicker().catch(() => {});
  return { open, setOpen, needed, triggerRef, openPicker, preload };
}

export function PickerSlot({
  needed,
  open,
  setOpen,
  returnFocus,
  productCode,
  productName,
}: {
  needed: boolean;
  open: boolean;
  setOpen: (open: boolean) => void;
  returnFocus: () => HTMLElement | null;
  productCode: string;
  productName: string;
}) {
  if (!needed) return null;
  return (
    <React.Suspense fallback={null}>
      <ModelPickerDialog open={open} onOpenChange={setOpen} productCode={productCode} productName={productName} returnFocus={returnFocus} />
    </React.Suspense>
  );
}

/**
 * The buying part of a product card (spec 2.5): the price block for signed-in customers — the
 * lowest model price ("desde" when models differ) as their kind of account sees it — or 'Ver
 * detalhes →' for visitors; the discount badge (signed in, discount above 0); and the
 * add-to-cart button that opens the model picker. Prices come from the pricing endpoint only.
 */
export function CardBuy({ productCode, productName }: { productCode: string; productName: string }) {
  const t = useTranslations('Cart');
  const { viewer } = useAuth();
  const ref = React.useRef<HTMLDivElement>(null);
  const models = useVisibleModels(productCode, viewer !== null, ref);
  const codes = React.useMemo(() => (viewer && models ? models.map((m) => m.code) : null), [viewer, models]);
  const { signedIn, userType, prices, loading } = usePrices(codes);
  const { open, setOpen, needed, triggerRef, openPicker, preload } = usePickerOpener();
  const best = lowestPrice(codes ? codes.map((c) => prices[c]) : []);
  return (
    <div ref={ref} className="flex flex-wrap items-end justify-between gap-2">
      {signedIn && best.maxDiscount > 0 && (
        <span
          className="absolute left-3 top-3 z-10 rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white shadow"
          data-testid="discount-badge"
        >
          {t('price.discountBadge', { percent: formatPercent(best.maxDiscount) })}
        </span>
      )}
      <div className="min-w-0 text-sm">
        {signedIn && userType ? (
          codes === null || loading ? (
            <span className="inline-block h-5 w-20 animate-pulse rounded bg-slate-200" aria-label={t('price.loading')} role="status" />
          ) : (
            <PriceDisplay entry={best.entry} userType={userType} from={best.from} compact />
          )
        ) : (
          <span className="font-medium text-sky-800">{t('price.seeDetails')}</span>
        )}
      </div>
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={t('picker.addProduct', { product: productName })}
        title={t('picker.addToCart')}
        data-testid="card-add-to-cart"
        onClick={openPicker}
        onPointerEnter={preload}
        onFocus={preload}
        className="relative z-10 inline-grid size-9 shrink-0 place-items-center rounded-full bg-sky-700 text-white hover:bg-sky-800 focus-visible:ring-[3px] focus-visible:ring-sky-500/60"
      >
        <ShoppingCartIcon aria-hidden className="size-4" />
      </button>
      <PickerSlot
        needed={needed}
        open={open}
        setOpen={setOpen}
        returnFocus={() => triggerRef.current}
        productCode={productCode}
        productName={productName}
      />
    </div>
  );
}
