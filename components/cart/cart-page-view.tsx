'use client';

import * as React from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Trash2Icon } from 'lucide-react';
import { useAuth } from '@/components/auth/auth-provider';
import { Button } from '@/components/ui/button';
import { CartLineImage } from './cart-line-image';
import { cartLineIdentity, lineControlLabel, lineVariantText } from '@/lib/cart/line-label';
import { checkQuantity, needsQuantityConfirmation, quantityRule, roundUpPackages } from '@/lib/cart/packages';
import type { CartItem } from '@/lib/cart/types';
import { displayPrice, formatInteger, formatPercent, formatPrice, formatUnitPrice, roundUnitPrice } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useCart, type CartOutcome } from './cart-provider';
import { CartSummaryView } from './cart-summary-view';
import { ConfirmAction } from './confirm-action';
import { QuantityInput, useQuantityConfirm } from './quantity-input';
import { QuickOrder } from './quick-order';
import { ClearCartButton } from './clear-cart-button';

/** A unit price with IVA at the price list's precision (4 decimals), as the shop computes it. */
const withTax = (net: number | null, rate: number | null) => (net === null ? null : roundUnitPrice(net * (1 + (rate ?? 23) / 100)));

/** The smallest number of packages a line may have (pack multiples of its model). */
function minimumPackages(item: CartItem): number {
  return roundUpPackages(quantityRule(item), 1, item.items_per_package) ?? 1;
}

/**
 * /cart (spec 2.6): the lines with quantity editing, packages, units and prices as the
 * customer's kind of account sees them (none for a guest), the summary with 'Fazer Pedido', and
 * the quick order. `quoteAction`: 'Pedir orçamento', given by the page with its texts.
 */
export function CartPageView({ quoteAction }: { quoteAction?: React.ReactNode } = {}) {
  const t = useTranslations('CartPage');
  const { viewer, openLogin } = useAuth();
  const { items, summary, loading, signedIn, updateQuantity, removeItem, quickOrder } = useCart();
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
              <ClearCartButton testId="cart-page-clear" className="text-sm font-medium text-red-700 hover:underline focus-visible:ring-2 focus-visible:ring-sky-500" />
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
 * Below 768 px: the total and 'Fazer Pedido' stay at the bottom of the screen,
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
  const [problem, setProblem] = React.useState<string | null>(null);
  const [askRemove, setAskRemove] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  const { ask, dialog } = useQuantityConfirm();
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

  /**
   * Saves the quantity typed (or chosen) when it is a whole number from 1 to 9 999 that the
   * model's pack rule allows; anything else stays in the box with its message and nothing is
   * sent. 0 asks to remove the line (spec 4); an empty box goes back to the saved
   * quantity; above the threshold the quantity is confirmed first.
   */
  const commit = async (text: string) => {
    if (text.trim() === '0') {
      setDraft(null);
      setProblem(null);
      setAskRemove(true);
      return;
    }
    const check = checkQuantity(text, rule, item.items_per_package);
    if (check.kind === 'empty') {
      setDraft(null);
      return;
    }
    if (check.kind !== 'ok') {
      setDraft(text);
      return;
    }
    const q = check.quantity;
    if (q === item.quantity_of_packages) {
      setDraft(null);
      return;
    }
    const units = q * item.items_per_package;
    const unit = pro ? item.unit_price_at_purchase : withTax(item.unit_price_at_purchase, item.tax_rate);
    const value = signedIn && unit !== null && unit > 0 ? unit * units : null;
    if (needsQuantityConfirmation(units, value)) {
      setDraft(String(q));
      const confirmed = await ask({ units, value, name: item.product ? `${item.product.code} — ${label}` : label, action: 'save' });
      if (!confirmed) return;
    }
    setBusy(true);
    const outcome = await onQuantity(q);
    setBusy(false);
    if (outcome.ok) {
      setDraft(null);
      setProblem(null);
    } else {
      setDraft(String(q));
      setProblem(outcome.message);
    }
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
          <QuantityInput
            value={shown}
            onValueChange={(v) => {
              setDraft(v);
              setProblem(null);
            }}
            label={t('quantityOf', { name: label })}
            rule={rule}
            itemsPerPackage={item.items_per_package}
            problem={problem}
            disabled={busy || locked}
            testId="line-quantity"
            onBlur={() => {
              if (draft !== null) void commit(draft);
            }}
            onEnter={() => {
              if (draft !== null) void commit(draft);
            }}
            onEscape={() => {
              setDraft(null);
              setProblem(null);
            }}
            onChoose={(q) => void commit(String(q))}
            stepper={{
              decrease: t('decrease', { name: label }),
              increase: t('increase', { name: label }),
              step,
              minimum,
              onStep: (next) => void commit(String(next)),
            }}
          />
          {dialog}
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
                      {t('basePrice', { price: formatUnitPrice(item.base_unit_price) })}
                    </s>
                    <span className="mr-1 rounded bg-red-600 px-1 text-xs font-semibold text-white">
                      {t('discount', { percent: formatPercent(item.discount_percentage ?? 0) })}
                    </span>
                  </>
                )}
                <span data-testid="line-unit-price">{formatUnitPrice(unitShown)}</span> <span className="text-xs text-slate-500">{vatLabel}</span>
              </span>
              <span className={cn('ml-auto text-base font-bold text-slate-900')}>
                <span className="sr-only">{t('lineTotal')}: </span>
                <span data-testid="line-total">{displayPrice(lineShown)}</span> <span className="text-xs font-normal text-slate-500">{vatLabel}</span>
              </span>
            </>
          )}
        </div>
        {signedIn && previousShown !== null && (
          <p className="text-xs text-amber-800" data-testid="line-price-changed">
            {t('priceChanged', { price: formatUnitPrice(previousShown) })}
          </p>
        )}
      </div>
    </li>
  );
}
