'use client';

import * as React from 'react';
import { useTranslations } from 'next-intl';
import { MinusIcon, PlusIcon } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { MAX_PACKAGES, checkQuantity, type QuantityRule } from '@/lib/cart/packages';
import { formatPrice } from '@/lib/format';
import { cn } from '@/lib/utils';

/**
 * The one quantity box of the shop: the model picker, the product page's model list,
 * the cart's lines, the job lists and the quote dialog. What is typed stays as typed (never
 * rewritten, never clamped); what is not a whole number from 1 to 9 999 shows
 * "Indique um número inteiro entre 1 e 9 999" under the box (role=alert, tied to the box with
 * aria-describedby), and a count the model's pack rule refuses offers the nearest allowed counts
 * as buttons ("Vende-se em múltiplos de 10 (mínimo 10): 10 ou 20?"). The caller decides what to
 * send with `checkQuantity` (lib/cart/packages.ts): the same rule everywhere.
 */
export function QuantityInput({
  value,
  onValueChange,
  label,
  rule,
  itemsPerPackage = 1,
  problem,
  disabled,
  onEnter,
  onEscape,
  onBlur,
  onChoose,
  stepper,
  id,
  describedBy,
  className,
  inputClassName,
  size = 'md',
  testId,
  messageClassName,
}: {
  value: string;
  onValueChange: (value: string) => void;
  /** Accessible name of the box (omit when a <label htmlFor={id}> names it). */
  label?: string;
  rule?: QuantityRule | null;
  itemsPerPackage?: number;
  /** A message from outside the box (empty on add, the server's answer): shown instead of the box's own. */
  problem?: string | null;
  disabled?: boolean;
  onEnter?: () => void;
  /** Escape in the box (the cart puts the saved quantity back). */
  onEscape?: () => void;
  onBlur?: () => void;
  /** A suggested count was chosen (default: it replaces the text). */
  onChoose?: (quantity: number) => void;
  /** − / + buttons: `step` packages, never below `minimum` nor above the maximum. */
  stepper?: { decrease: string; increase: string; step: number; minimum: number; onStep?: (next: number) => void };
  id?: string;
  /** Ids of other texts describing the box (a hint). */
  describedBy?: string;
  className?: string;
  inputClassName?: string;
  size?: 'sm' | 'md';
  testId?: string;
  messageClassName?: string;
}) {
  const t = useTranslations('Cart.quantity');
  const ownId = React.useId();
  const inputId = id ?? `${ownId}-quantity`;
  const messageId = `${inputId}-message`;
  const check = checkQuantity(value, rule, itemsPerPackage);
  const message: React.ReactNode =
    problem ??
    (check.kind === 'invalid' ? (
      t('invalid')
    ) : check.kind === 'pack' && rule ? (
      <>
        {t('packRule', { increment: rule.increment, minimum: rule.minimum })}{' '}
        {check.choices.map((choice, i) => (
          <React.Fragment key={choice}>
            {i > 0 && ` ${t('or')} `}
            <button
              type="button"
              className="rounded border border-amber-400 bg-white px-1.5 font-semibold text-amber-950 underline-offset-2 hover:bg-amber-100 focus-visible:ring-2 focus-visible:ring-sky-500"
              aria-label={t('useChoice', { quantity: choice })}
              data-testid="quantity-choice"
              disabled={disabled}
              onClick={() => (onChoose ? onChoose(choice) : onValueChange(String(choice)))}
            >
              {choice}
            </button>
          </React.Fragment>
        ))}
        ?
      </>
    ) : null);
  const current = check.kind === 'ok' || check.kind === 'pack' ? check.quantity : null;
  const h = size === 'sm' ? 'h-8' : 'h-9';
  const box = size === 'sm' ? 'size-8' : 'size-9';

  const step = (direction: 1 | -1) => {
    if (!stepper) return;
    const base = current ?? stepper.minimum;
    const next = Math.min(MAX_PACKAGES, Math.max(stepper.minimum, base + direction * stepper.step));
    if (stepper.onStep) stepper.onStep(next);
    else onValueChange(String(next));
  };

  const input = (
    <input
      id={inputId}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      aria-label={label}
      aria-invalid={message ? true : undefined}
      aria-describedby={[describedBy, message ? messageId : null].filter(Boolean).join(' ') || undefined}
      className={cn(
        h,
        'w-16 text-center text-sm outline-none focus-visible:ring-2 focus-visible:ring-sky-500 aria-invalid:bg-red-50 aria-invalid:text-red-900',
        stepper ? 'border-x' : 'rounded-md border px-2',
        inputClassName,
      )}
      value={value}
      disabled={disabled}
      data-testid={testId}
      onChange={(e) => onValueChange(e.target.value)}
      onBlur={onBlur}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && onEnter) {
          e.preventDefault();
          onEnter();
        }
        if (e.key === 'Escape' && onEscape) onEscape();
      }}
    />
  );

  return (
    <div className={cn('min-w-0 space-y-1', className)}>
      {stepper ? (
        <div className="inline-flex items-center rounded-md border bg-white">
          <button
            type="button"
            className={cn(box, 'grid place-items-center rounded-l-md hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40 focus-visible:ring-2 focus-visible:ring-sky-500')}
            aria-label={stepper.decrease}
            disabled={disabled || current === null || current <= stepper.minimum}
            onClick={() => step(-1)}
          >
            <MinusIcon aria-hidden className="size-4" />
          </button>
          {input}
          <button
            type="button"
            className={cn(box, 'grid place-items-center rounded-r-md hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40 focus-visible:ring-2 focus-visible:ring-sky-500')}
            aria-label={stepper.increase}
            disabled={disabled || (current !== null && current + stepper.step > MAX_PACKAGES)}
            onClick={() => step(1)}
          >
            <PlusIcon aria-hidden className="size-4" />
          </button>
        </div>
      ) : (
        input
      )}
      {message ? (
        <div id={messageId} role="alert" className={cn('max-w-72 text-xs text-red-700', check.kind === 'pack' && !problem && 'text-amber-900', messageClassName)} data-testid="quantity-message">
          {message}
        </div>
      ) : null}
    </div>
  );
}

export interface QuantityConfirmRequest {
  /** Units (packages × items per package). */
  units: number;
  /** The line's value as shown to the customer, when a price is known. */
  value?: number | null;
  /** What is being added (the model's code and name). */
  name: string;
  action: 'add' | 'save' | 'request';
}

/**
 * The confirmation above the threshold (lib/cart/packages.ts `needsQuantityConfirmation`): a
 * dialog naming the quantity and the value before adding or saving. `ask` resolves true when
 * confirmed; render `dialog` once in the component.
 */
export function useQuantityConfirm(): { ask: (request: QuantityConfirmRequest) => Promise<boolean>; dialog: React.ReactNode } {
  const t = useTranslations('Cart.quantity');
  const [pending, setPending] = React.useState<QuantityConfirmRequest | null>(null);
  const resolveRef = React.useRef<((ok: boolean) => void) | null>(null);
  const ask = React.useCallback(
    (request: QuantityConfirmRequest) =>
      new Promise<boolean>((resolve) => {
        resolveRef.current?.(false);
        resolveRef.current = resolve;
        setPending(request);
      }),
    [],
  );
  const answer = (ok: boolean) => {
    const resolve = resolveRef.current;
    resolveRef.current = null;
    setPending(null);
    resolve?.(ok);
  };
  React.useEffect(() => () => resolveRef.current?.(false), []);
  const action = pending ? t(pending.action === 'add' ? 'actionAdd' : pending.action === 'save' ? 'actionSave' : 'actionRequest') : '';
  const dialog = (
    <AlertDialog open={pending !== null} onOpenChange={(open) => !open && answer(false)}>
      <AlertDialogContent data-testid="quantity-confirm">
        <AlertDialogHeader>
          <AlertDialogTitle>{t('confirmTitle')}</AlertDialogTitle>
          <AlertDialogDescription>
            {pending ? t('confirmUnits', { action, units: pending.units, name: pending.name }) : null}
            {pending && typeof pending.value === 'number' && pending.value > 0 ? ` ${t('confirmValue', { value: formatPrice(pending.value) })}` : null}{' '}
            {t('confirmQuestion')}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel onClick={() => answer(false)}>{t('cancel')}</AlertDialogCancel>
          <AlertDialogAction onClick={() => answer(true)} data-testid="quantity-confirm-yes">
            {t('confirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
  return { ask, dialog };
}
