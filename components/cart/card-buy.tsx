'use client';

import * as React from 'react';
import { useTranslations } from 'next-intl';
import { ShoppingCartIcon } from 'lucide-react';
import { useAuth } from '@/components/auth/auth-provider';
import { DESKTOP_QUERY } from '@/components/layout/use-media-query';
import { toast } from '@/components/ui/toast';
import { isOffline, tellOffline } from '@/lib/pwa/offline-notice';

// The picker (Radix Dialog, rows) loads when first opened; hovering or focusing the button starts it.
const loadPicker = () => import('./model-picker-dialog');
const ModelPickerDialog = React.lazy(() =>
  loadPicker().then((m) => ({ default: m.ModelPickerDialog })),
);
// Prices are for signed-in customers only: their code loads with the first signed-in card.
const CardPrice = React.lazy(() => import('./card-price').then((m) => ({ default: m.CardPrice })));

/** Opens the picker, or below 768 px the info toast of spec 5 instead of the quick add. */
export function usePickerOpener() {
  // One translator for the card (its price label and the messages below): a listing renders fifty.
  const t = useTranslations();
  const [open, setOpen] = React.useState(false);
  const [needed, setNeeded] = React.useState(false);
  if (open && !needed) setNeeded(true);
  const triggerRef = React.useRef<HTMLButtonElement>(null);
  const openPicker = () => {
    if (isOffline()) {
      // The picker needs the models and prices from the server: said at once, nothing opened.
      tellOffline(t('Offline.cartBlocked'));
      return;
    }
    if (!window.matchMedia(DESKTOP_QUERY).matches) {
      toast.info(t('Cart.toast.mobile'));
      return;
    }
    setOpen(true);
  };
  const preload = () => void loadPicker().catch(() => {});
  return { t, open, setOpen, needed, triggerRef, openPicker, preload };
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
      <ModelPickerDialog
        open={open}
        onOpenChange={setOpen}
        productCode={productCode}
        productName={productName}
        returnFocus={returnFocus}
      />
    </React.Suspense>
  );
}

/**
 * The buying part of a product card (spec 2.5): for signed-in customers the price block and the
 * discount badge (card-price.tsx, loaded only for them: guests download no pricing code), 'Ver
 * detalhes →' for visitors; and the add-to-cart button that opens the model picker.
 */
export function CardBuy({
  productCode,
  productName,
}: {
  productCode: string;
  productName: string;
}) {
  const { viewer } = useAuth();
  const { t, open, setOpen, needed, triggerRef, openPicker, preload } = usePickerOpener();
  return (
    <div className="flex flex-wrap items-end justify-between gap-2">
      <div className="min-w-0 text-sm">
        {viewer ? (
          <React.Suspense fallback={<PriceSkeleton label={t('Cart.price.loading')} />}>
            <CardPrice productCode={productCode} />
          </React.Suspense>
        ) : (
          <span className="font-medium text-sky-800">{t('Cart.price.seeDetails')}</span>
        )}
      </div>
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={t('Cart.picker.addProduct', { product: productName })}
        title={t('Cart.picker.addToCart')}
        data-testid="card-add-to-cart"
        onClick={openPicker}
        onPointerEnter={preload}
        onFocus={preload}
        // Spec 5: no quick add below 768 px (the button is not shown where it cannot
        // work; usePickerOpener's info message stays for whoever reaches it).
        className="relative z-10 hidden size-9 shrink-0 place-items-center rounded-full bg-sky-700 md:inline-grid text-white hover:bg-sky-800 focus-visible:ring-[3px] focus-visible:ring-sky-500/60"
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

export function PriceSkeleton({
  label,
  className = 'h-5 w-20',
}: {
  label: string;
  className?: string;
}) {
  return (
    <span
      className={`inline-block animate-pulse rounded bg-slate-200 ${className}`}
      aria-label={label}
      role="status"
    />
  );
}
