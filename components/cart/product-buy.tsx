'use client';

import * as React from 'react';
import { useTranslations } from 'next-intl';
import { ShoppingCartIcon } from 'lucide-react';
import { useAuth } from '@/components/auth/auth-provider';
import type { ModelRow } from '@/lib/cart/types';
import { PickerSlot, usePickerOpener } from './card-buy';
import { useCart } from './cart-provider';
import { loadModels, peekModels } from './models-store';
import { lowestPrice, PriceDisplay } from './price-display';
import { usePrices } from './pricing-store';

// The quantity row loads only for signed-in customers (guests use the picker).
const ModelPickerRow = React.lazy(() => import('./model-picker-row').then((m) => ({ default: m.ModelPickerRow })));

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
}: {
  productCode: string;
  productName: string;
  modelCodes: string[];
  children: React.ReactNode;
}) {
  const t = useTranslations('Cart');
  const { viewer } = useAuth();
  const { signedIn, userType, prices, loading } = usePrices(viewer ? modelCodes : null);
  const { open, setOpen, needed, triggerRef, openPicker, preload } = usePickerOpener();
  const best = lowestPrice(modelCodes.map((c) => prices[c]));
  return (
    <div className="space-y-3">
      {signedIn && userType ? (
        <div className="rounded-xl border border-sky-100 bg-sky-50 p-4" data-testid="product-price">
          {loading ? (
            <span className="inline-block h-6 w-28 animate-pulse rounded bg-slate-200" role="status" aria-label={t('price.loading')} />
          ) : (
            <PriceDisplay entry={best.entry} userType={userType} from={best.from} className="text-lg" />
          )}
        </div>
      ) : (
        children
      )}
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={openPicker}
        onPointerEnter={preload}
        onFocus={preload}
        data-testid="product-add-to-cart"
        className="inline-flex h-11 items-center gap-2 rounded-md bg-sky-700 px-5 font-semibold text-white hover:bg-sky-800 focus-visible:ring-[3px] focus-visible:ring-sky-500/60"
      >
        <ShoppingCartIcon aria-hidden className="size-5" />
        {t('picker.addToCart')}
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

/** The price cell of a model in the product page's table: signed-in customers only, else '—'. */
export function ModelPriceCell({ modelCode }: { modelCode: string }) {
  const { viewer } = useAuth();
  const codes = React.useMemo(() => [modelCode], [modelCode]);
  const { signedIn, userType, prices, loading } = usePrices(viewer ? codes : null);
  if (!signedIn || !userType) return <span className="text-slate-400">—</span>;
  if (loading) return <span className="inline-block h-4 w-16 animate-pulse rounded bg-slate-200" />;
  return <PriceDisplay entry={prices[modelCode] ?? null} userType={userType} compact />;
}

/** The add-to-cart cell of a model (signed-in customers): quantity and the add button. */
export function ModelAddCell({ productCode, modelCode, productName }: { productCode: string; modelCode: string; productName: string }) {
  const { viewer } = useAuth();
  const { addItem } = useCart();
  const [fetched, setFetched] = React.useState<ModelRow[] | null>(null);
  const models = fetched ?? (viewer ? peekModels(productCode) : null);
  React.useEffect(() => {
    if (!viewer || peekModels(productCode)) return;
    let cancelled = false;
    loadModels(productCode)
      .then((list) => !cancelled && setFetched(list))
      .catch(() => !cancelled && setFetched([]));
    return () => {
      cancelled = true;
    };
  }, [viewer, productCode]);
  const codes = React.useMemo(() => [modelCode], [modelCode]);
  const { prices } = usePrices(viewer ? codes : null);
  if (!viewer) return null;
  const model = models?.find((m) => m.code === modelCode);
  if (!model) return null;
  return (
    <React.Suspense fallback={null}>
      <ModelPickerRow
        layout="cell"
        model={model}
        productName={productName}
        onAdd={(id, quantity) =>
          addItem({ product_id: id, selected_package_type: 'Unidade', items_per_package: 1, quantity_of_packages: quantity, unit_price: prices[modelCode]?.userPrice ?? null })
        }
      />
    </React.Suspense>
  );
}
