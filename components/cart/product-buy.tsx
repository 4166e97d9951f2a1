'use client';

import * as React from 'react';
import { useTranslations } from 'next-intl';
import { ShoppingCartIcon } from 'lucide-react';
import { useAuth } from '@/components/auth/auth-provider';
import { DESKTOP_QUERY, useMediaQuery } from '@/components/layout/use-media-query';
import { PickerSlot, PriceSkeleton, usePickerOpener } from './card-buy';

// Prices and quantity rows are for signed-in customers: their code loads only for them.
const signedIn = () => import('./product-buy-signed-in');
const ProductPrice = React.lazy(() => signedIn().then((m) => ({ default: m.ProductPrice })));
const ModelPrice = React.lazy(() => signedIn().then((m) => ({ default: m.ModelPrice })));
const ModelAdd = React.lazy(() => signedIn().then((m) => ({ default: m.ModelAdd })));

/**
 * The product page's price box (client leaf): for a signed-in customer the lowest model price
 * ("desde" when models differ); for a visitor the server-rendered `children` (no price); and the
 * add-to-cart button that opens the model picker for everyone.
 */
export function ProductBuyBox({
  productCode,
  productName,
  modelCodes,
  children,
  quoteAction,
}: {
  productCode: string;
  productName: string;
  modelCodes: string[];
  children: React.ReactNode;
  /** 'Pedir orçamento', given by the page with its texts; the same for every visitor. */
  quoteAction?: React.ReactNode;
}) {
  const t = useTranslations('Cart');
  const { viewer } = useAuth();
  const { open, setOpen, needed, triggerRef, openPicker, preload } = usePickerOpener();
  return (
    <div className="space-y-3">
      {viewer ? (
        <React.Suspense fallback={<PriceSkeleton label={t('price.loading')} className="h-6 w-28" />}>
          <ProductPrice modelCodes={modelCodes} />
        </React.Suspense>
      ) : (
        children
      )}
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          // Below 768 px the page lists its models as cards with their own quantity and add:
          // the button takes the customer there instead of the picker.
          const models = document.getElementById('modelos');
          if (!window.matchMedia(DESKTOP_QUERY).matches && models) {
            models.scrollIntoView({ block: 'start' });
            models.focus({ preventScroll: true });
            return;
          }
          openPicker();
        }}
        onPointerEnter={preload}
        onFocus={preload}
        data-testid="product-add-to-cart"
        className="inline-flex h-11 items-center gap-2 rounded-md bg-sky-700 px-5 font-semibold text-white hover:bg-sky-800 focus-visible:ring-[3px] focus-visible:ring-sky-500/60"
      >
        <ShoppingCartIcon aria-hidden className="size-5" />
        {t('picker.addToCart')}
      </button>
      {quoteAction}
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

/** The price cell of a model in the product page's table: signed-in customers only, else '—'. */
export function ModelPriceCell({ modelCode }: { modelCode: string }) {
  const { viewer } = useAuth();
  if (!viewer) return <span className="text-slate-400">—</span>;
  return (
    <React.Suspense fallback={null}>
      <ModelPrice modelCode={modelCode} />
    </React.Suspense>
  );
}

/**
 * The add-to-cart cell of a model (signed-in customers): quantity and the add button. The product
 * page lists its models twice — a table from 768 px, cards below — and `media`
 * says which one this cell is in: only the one on screen mounts its row.
 */
export function ModelAddCell({ media, ...props }: { productCode: string; modelCode: string; productName: string; media?: 'desktop' | 'phone' }) {
  const { viewer } = useAuth();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  if (!viewer) return null;
  if ((media === 'desktop' && !desktop) || (media === 'phone' && desktop)) return null;
  return (
    <React.Suspense fallback={null}>
      <ModelAdd {...props} />
    </React.Suspense>
  );
}
