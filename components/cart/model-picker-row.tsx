'use client';

import * as React from 'react';
import { useTranslations } from 'next-intl';
import { CheckIcon, Loader2Icon } from 'lucide-react';
import { toast } from '@/components/ui/toast';
import { checkQuantity, needsQuantityConfirmation, offeredPackageSizes, quantityRule } from '@/lib/cart/packages';
import type { ModelRow } from '@/lib/cart/types';
import type { PriceEntry } from '@/lib/pricing/types';
import { cn } from '@/lib/utils';
import type { AddOutcome } from './cart-provider';
import { PriceDisplay } from './price-display';
import { QuantityInput, useQuantityConfirm } from './quantity-input';

export const ROW_FEEDBACK_MS = 3_000;

export type RowStatus = 'idle' | 'adding' | 'success' | 'error';

/**
 * One model in the picker (spec 4 "Model picker row"): size, packages, price for signed-in
 * customers, the quantity box with − / + (components/cart/quantity-input.tsx: what is typed stays
 * as typed; anything that is not a whole number from 1 to 9 999, or a count the model's pack
 * rule refuses, is said under the box and nothing is added), then idle → adding (yellow,
 * disabled) → success (green check 3 s, quantity back to the start) or error (the message 3 s).
 * An empty box on add says 'Por favor selecione uma quantidade válida' and goes back to the
 * start (spec 5); a quantity above the threshold is confirmed first; the server's refusal (the
 * line maximum) stays under the box until the quantity changes.
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
  const tQty = useTranslations('Cart.quantity');
  const tToast = useTranslations('Cart.toast');
  const rule = quantityRule(model);
  const start = rule.minimum;
  const [quantity, setQuantity] = React.useState(String(start));
  const [status, setStatus] = React.useState<RowStatus>('idle');
  const [message, setMessage] = React.useState<string | null>(null);
  const [problem, setProblem] = React.useState<string | null>(null);
  const { ask, dialog } = useQuantityConfirm();
  const inputId = `${React.useId()}-quantity`;
  const timer = React.useRef<number | null>(null);
  React.useEffect(() => () => {
    if (timer.current) window.clearTimeout(timer.current);
  }, []);
  const later = (fn: () => void) => {
    if (timer.current) window.clearTimeout(timer.current);
    timer.current = window.setTimeout(fn, ROW_FEEDBACK_MS);
  };

  const busy = status === 'adding';
  const offered = offeredPackageSizes(model);
  const label = model.size ? `${model.code} (${model.size})` : model.code;
  const unitPrice = price ? (userType === 'pro' ? price.userPrice : price.priceWithTax) : null;

  const change = (next: string) => {
    setQuantity(next);
    setProblem(null);
  };

  /** The row's error state (spec 4: the message for 3 s). */
  const fail = (text: string) => {
    setStatus('error');
    setMessage(text);
    later(() => {
      setStatus('idle');
      setMessage(null);
    });
  };

  const focusBox = () => document.getElementById(inputId)?.focus();

  const add = async () => {
    if (busy) return;
    const check = checkQuantity(quantity, rule);
    if (check.kind === 'empty') {
      // Spec 5: the message, and the box back to its start.
      setQuantity(String(start));
      setProblem(tQty('empty'));
      focusBox();
      return;
    }
    // Refused as typed (the message and the choices are already under the box): nothing is sent.
    if (check.kind !== 'ok') {
      focusBox();
      return;
    }
    const q = check.quantity;
    if (needsQuantityConfirmation(q, unitPrice && unitPrice > 0 ? unitPrice * q : null)) {
      const confirmed = await ask({ units: q, value: unitPrice && unitPrice > 0 ? unitPrice * q : null, name: `${label} — ${productName}`, action: 'add' });
      if (!confirmed) {
        focusBox();
        return;
      }
    }
    setStatus('adding');
    setMessage(null);
    setProblem(null);
    const outcome = await onAdd(model.id, q);
    if (outcome.ok) {
      setStatus('success');
      toast.success(tToast('addedTitle'), { description: tToast('addedOne', { n: q, product: productName }) });
      later(() => {
        setStatus('idle');
        setQuantity(String(start));
      });
    } else if (outcome.refused && outcome.message) {
      // The server's own answer (e.g. the line maximum and how many can still be added).
      setStatus('idle');
      setProblem(outcome.message);
    } else fail(t('rowError'));
  };

  const controls = (
    <div className="flex items-start gap-2">
      <QuantityInput
        id={inputId}
        value={quantity}
        onValueChange={change}
        label={t('quantityOf', { model: label })}
        rule={rule}
        problem={problem}
        disabled={busy}
        size="sm"
        inputClassName="w-14"
        onEnter={() => void add()}
        stepper={{ decrease: t('decrease', { model: label }), increase: t('increase', { model: label }), step: rule.increment, minimum: start }}
      />
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
          status === 'success' && 'bg-emerald-700',
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
      {dialog}
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
          {t('packages')}: {offered.length ? offered.map((n) => (n === 1 ? t('unit') : String(n))).join(' · ') : '—'}
          {rule.increment > 1 || rule.minimum > 1 ? ` · ${t('packRuleNote', { increment: rule.increment, minimum: rule.minimum })}` : ''}
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
