'use client';

import * as React from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { MinusIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useAuth } from '@/components/auth/auth-provider';
import { Button } from '@/components/ui/button';
import { CartLineImage } from './cart-line-image';
import { cartLineIdentity, lineControlLabel, lineVariantText } from '@/lib/cart/line-label';
import { MAX_PACKAGES, allowsQuantity, quantityRule, roundUpPackages } from '@/lib/cart/packages';
import { roundCents } from '@/lib/cart/summary';
import type { CartItem } from '@/lib/cart/types';
import { displayPrice, formatInteger, formatPrice } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useCart, type CartOutcome } from './cart-provider';
import { CartSummaryView } from './cart-summary-view';
import { ConfirmAction } from './confirm-action';
import { formatPercent } from './price-display';
import { QuickOrder } from './quick-order';

const withTax = (net: number | null, rate: number | null) => (net === null ? null : roundCents(net * (1 + (rate ?? 23) / 100)));

/** The smallest number of packages a line may have (pack multiples of its model). */
function minimumPackages(item: CartItem): number {
  return roundUpPackages(quantityRule(item), 1, item.items_per_package) ?? 1;
}

/**
 * /cart (spec 2.6, issue 10): the lines with quantity editing, packages, units and prices as the
 * customer's kind of account sees them (none for a guest), the summary with 'Fazer Pedido', and
 * the quick order. `quoteAction`: 'Pedir orçamento' (issue 12), given by the page with its texts.
 */
export function CartPageView({ quoteAction }: { quoteAction?: React.ReactNode } = {}) {
  const t = useTranslations('CartPage');
  const { viewer, openLogin } = useAuth();
  const { items, summary, loading, signedIn, updateQuantity, removeItem, clearCart, quickOrder } = useCart();
  const pro = viewer?.userType === 'pro';
  const hasLines = !loading && items.length > 0;

  return (
    // On a phone the sticky bar below covers the page's last 5 rem: room is kept for it.
    <div className={cn('grid gap-8 lg:grid-cols-[1fr_22rem]', hasLines && 'pb-24 md:pb-0')}>
      <div className="space-y-8">
        {loading ? (
          <p role="status" className="text-slate-600">
            {t('loading')}
          </p>
        ) : items.length === 0 ? (
          <div className="rounded-xl border bg-white p-8 text-center">
            <p className="text-slate-700">{t('empty')}</p>
            <Link href="/produtos" className="mt-3 inline-block font-semibold text-sky-800 hover:underline">
              {t('browse')}
            </Link>
          </div>
        ) : (
          <section aria-label={t('heading')} className="rounded-xl border bg-white">
            <ul className="divide-y" data-testid="cart-lines">
              {items.map((item) => (
                <CartLine
                  key={item.id}
                  item={item}
                  signedIn={signedIn}
                  pro={pro}
                  onQuantity={(q) => updateQuantity(item.id, q)}
                  onRemove={() => removeItem(item.id)}
                />
              ))}
            </ul>
            <div className="flex justify-end border-t px-4 py-3">
              <ConfirmAction
                label={t('clear')}
                question={t('confirmClear')}
                confirmLabel={t('confirm')}
                cancelLabel={t('cancel')}
                onConfirm={() => clearCart()}
                testId="cart-page-clear"
                className="text-sm font-medium text-red-700 hover:underline focus-visible:ring-2 focus-visible:ring-sky-500"
              >
                {t('clear')}
              </ConfirmAction>
            </div>
          </section>
        )}
        <QuickOrder submit={quickOrder} />
      </div>
      <aside aria-labelledby="cart-summary-title" className="h-fit space-y-4 rounded-xl border bg-white p-5 lg:sticky lg:top-28">
        <h2 id="cart-summary-title" className="text-lg font-bold text-slate-900">
          {t('summary')}
        </h2>
        <CartSummaryView summary={summary} signedIn={signedIn} />
        {!signedIn && (
          <Button type="button" variant="outline" className="w-full" onClick={() => openLogin('login')}>
            {t('login')}
          </Button>
        )}
        {items.length > 0 ? (
          // On a phone 'Fazer Pedido' lives in the sticky bar (one button, always in reach).
          <Link
            href="/checkout"
            prefetch={false}
            className="hidden rounded-md bg-sky-700 md:block px-4 py-3 text-center font-semibold text-white hover:bg-sky-800 focus-visible:ring-[3px] focus-visible:ring-sky-500/60"
          >
            {t('placeOrder')}
          </Link>
        ) : (
          <span aria-disabled="true" className="block rounded-md bg-slate-200 px-4 py-3 text-center font-semibold text-slate-500">
            {t('placeOrder')}
          </span>
        )}
        {quoteAction}
      </aside>
      {hasLines && <StickyOrderBar total={signedIn ? summary.total : null} lines={summary.count} />}
    </div>
  );
}

/**
 * Below 768 px (issue 22 item 7): the total and 'Fazer Pedido' stay at the bottom of the screen,
 * above the lines and the quick order, instead of coming after all of them. A guest sees the
 * number of lines (no prices).
 */
function StickyOrderBar({ total, lines }: { total: number | null; lines: number }) {
  const t = useTranslations('CartPage');
  return (
    <div
      role="region"
      aria-label={t('stickyBar')}
      data-testid="cart-sticky-bar"
      className="fixed inset-x-0 bottom-0 z-30 border-t bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_16px_rgba(15,23,42,0.08)] backdrop-blur md:hidden"
    >
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4">
        <p className="min-w-0 text-sm text-slate-700">
          {total !== null ? (
            <>
              <span className="block text-xs">{t('stickyTotal')}</span>
              <span className="text-lg font-bold text-slate-900" data-testid="sticky-total">
                {formatPrice(total)}
              </span>
            </>
          ) : (
            <span data-testid="sticky-lines">{t('stickyLines', { count: lines, shown: formatInteger(lines) })}</span>
          )}
        </p>
        <Link
          href="/checkout"
          prefetch={false}
          className="shrink-0 rounded-md bg-sky-700 px-5 py-3 text-center font-semibold text-white hover:bg-sky-800 focus-visible:ring-[3px] focus-visible:ring-sky-500/60"
        >
          {t('placeOrder')}
        </Link>
      </div>
    </div>
  );
}

function CartLine({
  item,
  signedIn,
  pro,
  onQuantity,
  onRemove,
}: {
  item: CartItem;
  signedIn: boolean;
  pro: boolean;
  onQuantity: (quantity: number) => Promise<CartOutcome>;
  onRemove: () => Promise<CartOutcome>;
}) {
  const t = useTranslations('CartPage');
  const [draft, setDraft] = React.useState<string | null>(null);
  const [notice, setNotice] = React.useState<string | null>(null);
  const [askRemove, setAskRemove] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  const rule = quantityRule(item);
  const minimum = minimumPackages(item);
  const step = rule.increment > 1 ? Math.max(1, Math.ceil(rule.increment / item.items_per_package)) : 1;
  // What tells this line apart from another model of the same product (finish, size, package): shown and in every accessible name.
  const identity = cartLineIdentity(item);
  const name = item.product ? identity.displayName : null;
  const variant = item.product ? lineVariantText(identity) : '';
  const label = item.product ? lineControlLabel(identity) : item.id;
  const shown = draft ?? String(item.quantity_of_packages);
  // A model no longer sold: its line can stay (checkout names it) or be removed, not be changed (the server refuses).
  const locked = item.product?.active === false;

  const commit = async (raw: number) => {
    setDraft(null);
    if (!Number.isFinite(raw)) return;
    if (raw < 1) {
      // Spec 4: below 1 removes the line — after the confirmation.
      setAskRemove(true);
      return;
    }
    let q = Math.min(MAX_PACKAGES, Math.floor(raw));
    if (!allowsQuantity(rule, q, item.items_per_package)) {
      const rounded = roundUpPackages(rule, q, item.items_per_package);
      if (rounded === null) return;
      q = rounded;
      setNotice(t('roundedUp', { increment: rule.increment, minimum: rule.minimum, quantity: q }));
    } else setNotice(null);
    if (q === item.quantity_of_packages) return;
    setBusy(true);
    await onQuantity(q);
    setBusy(false);
  };

  const unitNet = item.unit_price_at_purchase;
  const unitShown = pro ? unitNet : withTax(unitNet, item.tax_rate);
  const lineShown = pro ? item.total_price : item.total_price_with_tax;
  const previousShown = item.previous_unit_price === null ? null : pro ? item.previous_unit_price : withTax(item.previous_unit_price, item.tax_rate);
  const discounted = pro && (item.discount_percentage ?? 0) > 0 && (item.base_unit_price ?? 0) > 0 && (unitNet ?? 0) > 0;
  const vatLabel = pro ? t('withoutVat') : t('withVat');

  return (
    <li className="grid gap-4 p-4 sm:grid-cols-[5rem_1fr]" data-testid="cart-line" data-model-code={item.product?.code}>
      <CartLineImage item={item} size={80} quality={75} className="size-20 rounded-lg border" />
      <div className="min-w-0 space-y-2">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            {item.product && name ? (
              <Link href={item.product.url} className="font-semibold text-slate-900 hover:underline">
                {name}
              </Link>
            ) : (
              <p className="font-semibold text-red-700" data-testid="line-unavailable">
                {t('productUnavailable')}
              </p>
            )}
            {variant && (
              <p className="text-sm font-medium text-slate-800" data-testid="line-variant">
                {variant}
              </p>
            )}
            {item.product && (
              <p className="text-xs text-slate-600">
                {t('modelCode')} <span className="font-mono" data-testid="line-code">{item.product.code}</span>
              </p>
            )}
          </div>
          <ConfirmAction
            label={t('removeItem', { name: label })}
            question={t('confirmRemove')}
            confirmLabel={t('remove')}
            cancelLabel={t('cancel')}
            onConfirm={() => onRemove()}
            asking={askRemove}
            onAskingChange={setAskRemove}
            testId="cart-line-remove"
            className="grid size-9 shrink-0 place-items-center rounded-full text-slate-500 hover:bg-red-50 hover:text-red-700 focus-visible:ring-2 focus-visible:ring-sky-500"
          >
            <Trash2Icon aria-hidden className="size-4" />
          </ConfirmAction>
        </div>
        <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
          <div className="flex items-center rounded-md border">
            <button
              type="button"
              aria-label={t('decrease', { name: label })}
              className="grid size-9 place-items-center rounded-l-md hover:bg-slate-100 disabled:opacity-40 focus-visible:ring-2 focus-visible:ring-sky-500"
              disabled={busy || locked || item.quantity_of_packages <= minimum}
              onClick={() => void commit(Math.max(minimum, item.quantity_of_packages - step))}
            >
              <MinusIcon aria-hidden className="size-4" />
            </button>
            <input
              type="text"
              inputMode="numeric"
              aria-label={t('quantityOf', { name: label })}
              className="h-9 w-16 border-x text-center text-sm outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
              value={shown}
              disabled={busy || locked}
              data-testid="line-quantity"
              onChange={(e) => setDraft(e.target.value.replace(/[^\d]/g, ''))}
              onBlur={() => {
                if (draft !== null) void commit(draft === '' ? item.quantity_of_packages : Number(draft));
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  if (draft !== null) void commit(draft === '' ? item.quantity_of_packages : Number(draft));
                }
                if (e.key === 'Escape') setDraft(null);
              }}
            />
            <button
              type="button"
              aria-label={t('increase', { name: label })}
              className="grid size-9 place-items-center rounded-r-md hover:bg-slate-100 disabled:opacity-40 focus-visible:ring-2 focus-visible:ring-sky-500"
              disabled={busy || locked || item.quantity_of_packages >= MAX_PACKAGES}
              onClick={() => void commit(item.quantity_of_packages + step)}
            >
              <PlusIcon aria-hidden className="size-4" />
            </button>
          </div>
          <span className="text-sm text-slate-600" data-testid="line-units">
            {t('units', { count: item.quantity_of_packages * item.items_per_package })}
          </span>
          {signedIn && (
            <>
              <span className="text-sm">
                <span className="sr-only">{t('unitPrice')}: </span>
                {discounted && (
                  <>
                    <s className="mr-1 text-xs text-slate-500" data-testid="line-base">
                      {t('basePrice', { price: displayPrice(item.base_unit_price) })}
                    </s>
                    <span className="mr-1 rounded bg-red-600 px-1 text-xs font-semibold text-white">
                      {t('discount', { percent: formatPercent(item.discount_percentage ?? 0) })}
                    </span>
                  </>
                )}
                <span data-testid="line-unit-price">{displayPrice(unitShown)}</span> <span className="text-xs text-slate-500">{vatLabel}</span>
              </span>
              <span className={cn('ml-auto text-base font-bold text-slate-900')}>
                <span className="sr-only">{t('lineTotal')}: </span>
                <span data-testid="line-total">{displayPrice(lineShown)}</span> <span className="text-xs font-normal text-slate-500">{vatLabel}</span>
              </span>
            </>
          )}
        </div>
        {notice && (
          <p role="status" className="text-xs text-amber-800">
            {notice}
          </p>
        )}
        {signedIn && previousShown !== null && (
          <p className="text-xs text-amber-800" data-testid="line-price-changed">
            {t('priceChanged', { price: displayPrice(previousShown) })}
          </p>
        )}
      </div>
    </li>
  );
}
