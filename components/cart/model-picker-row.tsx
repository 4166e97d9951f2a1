'use client';

import * as React from 'react';
import { useTranslations } from 'next-intl';
import { CheckIcon, Loader2Icon, MinusIcon, PlusIcon } from 'lucide-react';
import { toast } from '@/components/ui/toast';
import { MAX_PACKAGES, allowsQuantity, packageSizes, quantityRule, roundUpPackages } from '@/lib/cart/packages';
import type { ModelRow } from '@/lib/cart/types';
import type { PriceEntry } from '@/lib/pricing/types';
import { cn } from '@/lib/utils';
import type { AddOutcome } from './cart-provider';
import { PriceDisplay } from './price-display';

export const ROW_FEEDBACK_MS = 3_000;

export type RowStatus = 'idle' | 'adding' | 'success' | 'error';

/**
 * Spec 5 "Cart and model picker": what the quantity box keeps while typing. Empty stays empty;
 * anything else that is not an integer ≥ 1 becomes 1; at most 9,999.
 */
export function normaliseQuantityInput(raw: string): string {
  const trimmed = raw.trim();
  if (trimmed === '') return '';
  const n = /^\d+$/.test(trimmed) ? Number(trimmed) : NaN;
  if (!Number.isInteger(n) || n < 1) return '1';
  return String(Math.min(n, MAX_PACKAGES));
}

/**
 * One model in the picker (spec 4 "Model picker row"): size, packages, price for signed-in
 * customers, quantity − / input / + (minus disabled at the minimum, 1 for most models), then
 * idle → adding (yellow, disabled) → success (green check 3 s, quantity back to the start) or
 * error (the message 3 s). A model sold in packs rounds the quantity up, with a notice.
 */
export function ModelPickerRow({
  model,
  productName,
  price,
  userType,
  onAdd,
  layout = 'list',
}: {
  model: ModelRow;
  productName: string;
  /** undefined: no price shown (guest); null: no price ('-'). */
  price?: PriceEntry | null;
  userType?: 'pro' | 'particular' | null;
  onAdd: (modelId: number, quantity: number) => Promise<AddOutcome>;
  layout?: 'list' | 'cell';
}) {
  const t = useTranslations('Cart.picker');
  const tToast = useTranslations('Cart.toast');
  const rule = quantityRule(model);
  const start = rule.minimum;
  const [quantity, setQuantity] = React.useState(String(start));
  const [status, setStatus] = React.useState<RowStatus>('idle');
  const [message, setMessage] = React.useState<string | null>(null);
  const [notice, setNotice] = React.useState<string | null>(null);
  const timer = React.useRef<number | null>(null);
  React.useEffect(() => () => {
    if (timer.current) window.clearTimeout(timer.current);
  }, []);
  const later = (fn: () => void) => {
    if (timer.current) window.clearTimeout(timer.current);
    timer.current = window.setTimeout(fn, ROW_FEEDBACK_MS);
  };

  const n = Number(quantity);
  const current = quantity === '' || !Number.isInteger(n) ? null : n;
  const busy = status === 'adding';
  const sizes = packageSizes(model);
  const label = model.size ? `${model.code} (${model.size})` : model.code;

  const step = (direction: 1 | -1) => {
    const base = current ?? start;
    const next = direction === 1 ? base + rule.increment : base - rule.increment;
    setQuantity(String(Math.min(MAX_PACKAGES, Math.max(start, next))));
    setNotice(null);
  };

  /** The row's error state (spec 4: the message for 3 s), optionally with the quantity back at its start. */
  const fail = (text: string, resetQuantity: boolean) => {
    if (resetQuantity) setQuantity(String(start));
    setStatus('error');
    setMessage(text);
    later(() => {
      setStatus('idle');
      setMessage(null);
    });
  };

  const add = async () => {
    if (busy) return;
    if (current === null || current < 1) {
      fail(t('invalidQuantity'), true);
      return;
    }
    let q = current;
    if (!allowsQuantity(rule, q)) {
      const rounded = roundUpPackages(rule, q);
      if (rounded === null) {
        fail(t('invalidQuantity'), true);
        return;
      }
      q = rounded;
      setQuantity(String(q));
      setNotice(t('roundedUp', { increment: rule.increment, minimum: rule.minimum, quantity: q }));
    }
    setStatus('adding');
    setMessage(null);
    const outcome = await onAdd(model.id, q);
    if (outcome.ok) {
      setStatus('success');
      toast.success(tToast('addedTitle'), { description: tToast('addedOne', { n: q, product: productName }) });
      later(() => {
        setStatus('idle');
        setQuantity(String(start));
        setNotice(null);
      });
    } else fail(t('rowError'), false);
  };

  const controls = (
    <div className="flex items-center gap-2">
      <div className="flex items-center rounded-md border">
        <button
          type="button"
          className="grid size-8 place-items-center rounded-l-md hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40 focus-visible:ring-2 focus-visible:ring-sky-500"
          aria-label={t('decrease', { model: label })}
          disabled={busy || current === null || current <= start}
          onClick={() => step(-1)}
        >
          <MinusIcon aria-hidden className="size-4" />
        </button>
        <input
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          aria-label={t('quantityOf', { model: label })}
          className="h-8 w-14 border-x text-center text-sm outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
          value={quantity}
          disabled={busy}
          onChange={(e) => {
            setQuantity(normaliseQuantityInput(e.target.value));
            setNotice(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void add();
            }
          }}
        />
        <button
          type="button"
          className="grid size-8 place-items-center rounded-r-md hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40 focus-visible:ring-2 focus-visible:ring-sky-500"
          aria-label={t('increase', { model: label })}
          disabled={busy || (current ?? 0) >= MAX_PACKAGES}
          onClick={() => step(1)}
        >
          <PlusIcon aria-hidden className="size-4" />
        </button>
      </div>
      <button
        type="button"
        data-status={status}
        aria-label={t('addModel', { model: label })}
        disabled={busy}
        onClick={() => void add()}
        className={cn(
          'inline-flex h-8 min-w-24 items-center justify-center gap-1 rounded-md px-3 text-sm font-semibold text-white transition-colors focus-visible:ring-2 focus-visible:ring-sky-500',
          status === 'idle' && 'bg-sky-700 hover:bg-sky-800',
          status === 'adding' && 'cursor-wait bg-amber-400 text-slate-950',
          status === 'success' && 'bg-emerald-600',
          status === 'error' && 'bg-red-600 hover:bg-red-700',
        )}
      >
        {status === 'adding' ? (
          <>
            <Loader2Icon aria-hidden className="size-4 animate-spin" />
            {t('adding')}
          </>
        ) : status === 'success' ? (
          <>
            <CheckIcon aria-hidden className="size-4" data-testid="row-success" />
            {t('added')}
          </>
        ) : (
          t('add')
        )}
      </button>
    </div>
  );

  const feedback = (
    <>
      {message && (
        <p role="alert" className="text-xs text-red-700" data-testid="row-error">
          {message}
        </p>
      )}
      {notice && (
        <p role="status" className="text-xs text-amber-800" data-testid="row-notice">
          {notice}
        </p>
      )}
    </>
  );

  if (layout === 'cell') {
    return (
      <div className="space-y-1" data-testid="model-row" data-model-code={model.code}>
        {controls}
        {feedback}
      </div>
    );
  }

  return (
    <li className="grid gap-2 py-3 sm:grid-cols-[1fr_auto] sm:items-center" data-testid="model-row" data-model-code={model.code}>
      <div className="min-w-0 text-sm">
        <p className="font-medium text-slate-900">
          {model.size || model.name}
          <span className="ml-2 font-mono text-xs text-slate-500">{model.code}</span>
        </p>
        <p className="text-xs text-slate-600">
          {t('packages')}: {sizes.length ? [t('unit'), ...sizes.map(String)].join(' · ') : t('unit')}
          {model.stock_status === 'out_of_stock' ? ` · ${t('outOfStock')}` : model.stock_status === 'on_order' ? ` · ${t('onOrder')}` : ''}
        </p>
        {price !== undefined && userType && <PriceDisplay entry={price} userType={userType} compact className="mt-1 text-sm" />}
      </div>
      <div className="space-y-1">
        {controls}
        {feedback}
      </div>
    </li>
  );
}
