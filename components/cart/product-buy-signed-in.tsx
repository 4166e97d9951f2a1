'use client';

import * as React from 'react';
import { useTranslations } from 'next-intl';
import { useAuth } from '@/components/auth/auth-provider';
import type { ModelRow } from '@/lib/cart/types';
import { PriceSkeleton } from './card-buy';
import { useCart } from './cart-provider';
import { lineLabel } from '@/lib/cart/line-label';
import { ModelPickerRow } from './model-picker-row';
import { loadModels, peekModels } from './models-store';
import { lowestPrice, PriceDisplay } from './price-display';
import { usePrices } from './pricing-store';

/**
 * The signed-in parts of the product page (product-buy.tsx loads this module for signed-in
 * customers only): the lowest model price, each model's price and its quantity row.
 */
export function ProductPrice({ modelCodes }: { modelCodes: string[] }) {
  const t = useTranslations('Cart.price');
  const { userType, prices, loading } = usePrices(modelCodes);
  const best = lowestPrice(modelCodes.map((c) => prices[c]));
  return (
    <div className="rounded-xl border border-sky-100 bg-sky-50 p-4" data-testid="product-price">
      {loading || !userType ? (
        <PriceSkeleton label={t('loading')} className="h-6 w-28" />
      ) : (
        <PriceDisplay entry={best.entry} userType={userType} from={best.from} className="text-lg" />
      )}
    </div>
  );
}

export function ModelPrice({ modelCode }: { modelCode: string }) {
  const t = useTranslations('Cart.price');
  const codes = React.useMemo(() => [modelCode], [modelCode]);
  const { userType, prices, loading } = usePrices(codes);
  if (loading || !userType) return <PriceSkeleton label={t('loading')} className="h-4 w-16" />;
  return <PriceDisplay entry={prices[modelCode] ?? null} userType={userType} compact />;
}

export function ModelAdd({ productCode, modelCode, productName }: { productCode: string; modelCode: string; productName: string }) {
  const { viewer } = useAuth();
  const { addItem } = useCart();
  const [fetched, setFetched] = React.useState<ModelRow[] | null>(null);
  const models = fetched ?? peekModels(productCode);
  React.useEffect(() => {
    if (peekModels(productCode)) return;
    let cancelled = false;
    loadModels(productCode)
      .then((list) => !cancelled && setFetched(list))
      .catch(() => !cancelled && setFetched([]));
    return () => {
      cancelled = true;
    };
  }, [productCode]);
  const codes = React.useMemo(() => [modelCode], [modelCode]);
  const { prices, userType } = usePrices(viewer ? codes : null);
  const model = models?.find((m) => m.code === modelCode);
  if (!model) return null;
  return (
    <ModelPickerRow
      layout="cell"
      model={model}
      // The toast names the model, not only the product.
      productName={lineLabel({ productName, modelName: model.name, size: model.size, code: model.code })}
      price={prices[modelCode] ?? null}
      userType={userType}
      onAdd={(id, quantity) =>
        addItem({ product_id: id, selected_package_type: 'Unidade', items_per_package: 1, quantity_of_packages: quantity, unit_price: prices[modelCode]?.userPrice ?? null })
      }
    />
  );
}
