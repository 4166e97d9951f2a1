'use client';

import * as React from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Trash2Icon, XIcon } from 'lucide-react';
import { useAuth } from '@/components/auth/auth-provider';
import { CartLineImage } from './cart-line-image';
import { cartLineIdentity, lineControlLabel, lineVariantText } from '@/lib/cart/line-label';
import { displayPrice, formatInteger, formatPrice, formatUnitPrice, roundUnitPrice } from '@/lib/format';
import { ConfirmAction } from './confirm-action';
import { useCart } from './cart-provider';
import { FreeShippingProgress } from './free-shipping-progress';
import { ClearCartButton } from './clear-cart-button';

/**
 * The cart dropdown of the header (spec 2.6): the lines with a remove action, the free-shipping
 * progress and the totals for signed-in customers (guests see no prices), clear, 'Ver carrinho'
 * and 'Fazer Pedido'. Remove and clear ask first. Escape, a click outside or a path change close it.
 */
export function CartDropdown({
  id,
  open,
  onClose,
  triggerRef,
}: {
  id: string;
  open: boolean;
  onClose: () => void;
  triggerRef: React.RefObject<HTMLButtonElement | null>;
}) {
  const t = useTranslations('Cart');
  const { viewer } = useAuth();
  const { items, summary, loading, signedIn, removeItem } = useCart();
  const panelRef = React.useRef<HTMLDivElement>(null);
  const pro = viewer?.userType === 'pro';

  React.useEffect(() => {
    if (!open) return;
    panelRef.current?.focus();
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (panelRef.current?.contains(target) || triggerRef.current?.contains(target)) return;
      onClose();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) {
        onClose();
        triggerRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, onClose, triggerRef]);

  if (!open) return null;
  return (
    <div
      ref={panelRef}
      id={id}
      role="dialog"
      aria-label={t('title')}
      tabIndex={-1}
      data-testid="cart-dropdown"
      // On a phone the panel spans the screen under the header's first row (anchored to the cart
      // button it would start left of the screen); from 768 px it hangs from the button.
      className="fixed inset-x-4 top-[var(--header-height)] z-50 rounded-xl border bg-white text-slate-900 shadow-xl outline-none md:absolute md:inset-x-auto md:right-0 md:top-full md:mt-2 md:w-[24rem]"
    >
      <div className="flex items-center justify-between border-b px-4 py-3">
        <p className="font-semibold">
          {t('title')} <span className="text-sm font-normal text-slate-500">({t('lines', { count: items.length })})</span>
        </p>
        <button
          type="button"
          onClick={() => {
            onClose();
            triggerRef.current?.focus();
          }}
          aria-label={t('closeCart')}
          className="grid size-8 place-items-center rounded-full hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-sky-500"
        >
          <XIcon aria-hidden className="size-4" />
        </button>
      </div>
      {loading ? (
        <p className="px-4 py-6 text-sm text-slate-600">{t('loading')}</p>
      ) : items.length === 0 ? (
        <div className="space-y-3 px-4 py-6 text-sm text-slate-600">
          <p>{t('empty')}</p>
          <Link href="/produtos" onClick={onClose} className="font-semibold text-sky-800 hover:underline">
            {t('continueShopping')}
          </Link>
        </div>
      ) : (
        <>
          <ul className="max-h-80 divide-y overflow-y-auto" data-testid="cart-dropdown-lines">
            {items.map((item) => {
              // Finish and size tell two models of one product apart (the package is in the quantity line).
              const identity = cartLineIdentity(item);
              const name = item.product ? identity.displayName : null;
              const variant = item.product ? lineVariantText({ ...identity, itemsPerPackage: 1 }) : '';
              const lineTotal = pro ? item.total_price : item.total_price_with_tax;
              // The unit the line is computed from (4 decimals; with IVA for a particular), so units × unit = the line.
              const unitShown =
                item.unit_price_at_purchase === null ? null : pro ? item.unit_price_at_purchase : roundUnitPrice(item.unit_price_at_purchase * (1 + (item.tax_rate ?? 23) / 100));
              return (
                <li key={item.id} className="flex gap-3 px-4 py-3" data-testid="cart-dropdown-line">
                  <CartLineImage item={item} size={48} quality={70} className="size-12 shrink-0 rounded-md border" />
                  <div className="min-w-0 flex-1 text-sm">
                    {item.product && name ? (
                      <Link href={item.product.url} onClick={onClose} className="line-clamp-2 font-medium hover:underline">
                        {name}
                      </Link>
                    ) : (
                      <p className="font-medium text-red-700">{t('productUnavailable')}</p>
                    )}
                    {variant && (
                      <p className="text-xs font-medium text-slate-800" data-testid="line-variant">
                        {variant}
                      </p>
                    )}
                    <p className="font-mono text-xs text-slate-600">{item.product?.code}</p>
                    <p className="text-xs text-slate-600">
                      {t('quantityShort', { packages: item.quantity_of_packages, perPackage: item.items_per_package })}
                    </p>
                    {signedIn && unitShown !== null && (
                      <p className="text-xs text-slate-600" data-testid="cart-dropdown-unit">
                        {formatInteger(item.quantity_of_packages * item.items_per_package)} × {formatUnitPrice(unitShown)}
                      </p>
                    )}
                    {signedIn && (
                      <p className="text-sm font-semibold">
                        {displayPrice(lineTotal)} <span className="text-xs font-normal text-slate-500">{pro ? t('price.withoutVat') : t('price.withVat')}</span>
                      </p>
                    )}
                  </div>
                  <ConfirmAction
                    label={t('removeItem', { name: item.product ? lineControlLabel(identity) : '' })}
                    question={t('confirmRemove')}
                    confirmLabel={t('remove')}
                    cancelLabel={t('cancel')}
                    onConfirm={() => removeItem(item.id)}
                    testId="cart-remove"
                    className="grid size-8 shrink-0 place-items-center self-start rounded-full text-slate-500 hover:bg-red-50 hover:text-red-700 focus-visible:ring-2 focus-visible:ring-sky-500"
                  >
                    <Trash2Icon aria-hidden className="size-4" />
                  </ConfirmAction>
                </li>
              );
            })}
          </ul>
          <div className="space-y-3 border-t px-4 py-3 text-sm">
            {signedIn && summary.subtotal_with_tax !== null ? (
              <>
                <FreeShippingProgress summary={summary} />
                <dl className="space-y-1" data-testid="cart-dropdown-totals">
                  <div className="flex justify-between">
                    <dt>{t('subtotal')} <span className="text-xs text-slate-500">{t('price.withoutVat')}</span></dt>
                    <dd>{formatPrice(summary.subtotal)}</dd>
                  </div>
                  <div className="flex justify-between">
                    <dt>{t('vat')}</dt>
                    <dd>{formatPrice(summary.tax)}</dd>
                  </div>
                  <div className="flex justify-between">
                    <dt>{t('shipping')}</dt>
                    <dd>{summary.shipping === null ? '—' : summary.shipping === 0 ? t('freeShipping') : formatPrice(summary.shipping)}</dd>
                  </div>
                  <div className="flex justify-between text-base font-bold">
                    <dt>{t('total')}</dt>
                    <dd data-testid="cart-dropdown-total">{formatPrice(summary.total)}</dd>
                  </div>
                </dl>
              </>
            ) : (
              <p className="text-slate-600">{t('pricesOnLogin')}</p>
            )}
            <div className="flex items-center justify-between gap-2">
              <ClearCartButton testId="cart-clear" className="text-xs font-medium text-red-700 hover:underline focus-visible:ring-2 focus-visible:ring-sky-500" />
            </div>
            <div className="grid grid-cols-2 gap-2">
              <Link
                href="/cart"
                onClick={onClose}
                className="rounded-md border px-3 py-2 text-center font-semibold hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-sky-500"
              >
                {t('viewCart')}
              </Link>
              <Link
                href="/checkout"
                onClick={onClose}
                prefetch={false}
                className="rounded-md bg-sky-700 px-3 py-2 text-center font-semibold text-white hover:bg-sky-800 focus-visible:ring-2 focus-visible:ring-sky-500"
              >
                {t('placeOrder')}
              </Link>
            </div>
          </div>
        </>
      )}
    </div>
  );
}
