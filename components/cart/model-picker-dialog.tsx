'use client';

import * as React from 'react';
import { useTranslations } from 'next-intl';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { restoreFocus } from '@/components/ui/focus-return';
import { toast } from '@/components/ui/toast';
import type { ModelRow } from '@/lib/cart/types';
import { useCart } from './cart-provider';
import { loadModels, peekModels } from './models-store';
import { lineLabel } from '@/lib/cart/line-label';
import { ModelPickerRow } from './model-picker-row';
import { usePrices } from './pricing-store';

/**
 * The model picker (spec 2.5, 4): one row per model of the product with its quantity and add
 * button; prices beside the rows for a signed-in customer. Loaded (code and models) the first
 * time it opens; the models may already be held by the listing's prefetch.
 */
export function ModelPickerDialog({
  open,
  onOpenChange,
  productCode,
  productName,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  productCode: string;
  productName: string;
  returnFocus?: () => HTMLElement | null;
}) {
  const t = useTranslations('Cart.picker');
  const tToast = useTranslations('Cart.toast');
  const { addItem } = useCart();
  const [models, setModels] = React.useState<ModelRow[] | null>(() => peekModels(productCode));
  const [failed, setFailed] = React.useState(false);
  React.useEffect(() => {
    if (!open || models) return;
    let cancelled = false;
    loadModels(productCode)
      .then((list) => {
        if (cancelled) return;
        setFailed(false);
        setModels(list);
      })
      .catch(() => {
        if (cancelled) return;
        setFailed(true);
        toast.error(tToast('errorTitle'), { description: tToast('modelsFailed') });
      });
    return () => {
      cancelled = true;
    };
  }, [open, models, productCode, tToast]);
  const codes = React.useMemo(() => models?.map((m) => m.code) ?? null, [models]);
  const { signedIn, userType, prices } = usePrices(codes);
  const onAdd = React.useCallback(
    (modelId: number, quantity: number) => {
      const seen = models?.find((m) => m.id === modelId);
      const price = seen ? prices[seen.code] : null;
      return addItem({
        product_id: modelId,
        selected_package_type: 'Unidade',
        items_per_package: 1,
        quantity_of_packages: quantity,
        unit_price: price?.userPrice ?? null,
      });
    },
    [addItem, models, prices],
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={t('close')}
        data-testid="model-picker"
        className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
        onCloseAutoFocus={(event) => restoreFocus(event, returnFocus?.())}
      >
        <DialogHeader>
          <DialogTitle>{t('title')}</DialogTitle>
          <DialogDescription>{t('description', { product: productName })}</DialogDescription>
        </DialogHeader>
        {failed ? (
          <p role="alert" className="text-sm text-red-700">
            {tToast('modelsFailed')}
          </p>
        ) : !models ? (
          <p className="text-sm text-slate-600" role="status">
            {t('loading')}
          </p>
        ) : models.length === 0 ? (
          <p className="text-sm text-slate-600">{t('noModels')}</p>
        ) : (
          <ul className="divide-y">
            {models.map((model) => (
              <ModelPickerRow
                key={model.id}
                model={model}
                // The toast names the model, not only the product.
                productName={lineLabel({ productName, modelName: model.name, size: model.size, code: model.code })}
                price={signedIn ? (prices[model.code] ?? null) : undefined}
                userType={userType}
                onAdd={onAdd}
              />
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
