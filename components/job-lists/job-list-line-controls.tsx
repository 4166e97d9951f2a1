'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Trash2Icon } from 'lucide-react';
import { QuantityInput, useQuantityConfirm } from '@/components/cart/quantity-input';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { call } from '@/lib/cart/client-api';
import { checkQuantity, needsQuantityConfirmation, type QuantityRule } from '@/lib/cart/packages';

/**
 * A line's package count and its removal. The box is the shop's one quantity box
 * (components/cart/quantity-input.tsx): a count that is not a whole number from 1 to 9 999, or
 * that the model's pack rule refuses, is said under it (with the nearest allowed counts) and
 * nothing is sent; above the threshold the count is confirmed first; the server still judges and
 * its message goes under the box.
 */
export function JobListLineControls({
  listId,
  lineId,
  code,
  packages,
  rule,
  itemsPerPackage = 1,
  unitPrice,
}: {
  listId: number;
  lineId: number;
  code: string;
  packages: number;
  /** The model's pack rule in units (sales minimum and increment). */
  rule?: QuantityRule;
  itemsPerPackage?: number;
  /** The unit price as the page shows it (for the confirmation's value), when known. */
  unitPrice?: number | null;
}) {
  const t = useTranslations('JobLists');
  const tQty = useTranslations('Cart.quantity');
  const router = useRouter();
  const [value, setValue] = React.useState(String(packages));
  const [error, setError] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  const { ask, dialog } = useQuantityConfirm();
  const id = `line-${lineId}-packages`;

  async function save(text: string) {
    const check = checkQuantity(text, rule, itemsPerPackage);
    if (check.kind === 'empty') return setError(tQty('empty'));
    // Refused as typed: the message (and the allowed counts) are under the box; nothing is sent.
    if (check.kind !== 'ok') return document.getElementById(id)?.focus();
    const units = check.quantity * itemsPerPackage;
    const lineValue = typeof unitPrice === 'number' && unitPrice > 0 ? unitPrice * units : null;
    if (needsQuantityConfirmation(units, lineValue) && !(await ask({ units, value: lineValue, name: code, action: 'save' }))) return;
    setBusy(true);
    const res = await call('PATCH', `/api/job-lists/${listId}/lines/${lineId}`, { quantity_of_packages: check.quantity });
    setBusy(false);
    if (!res.ok) return setError(res.details?.quantity_of_packages?.[0] ?? res.message ?? t('errorGeneric'));
    setError(null);
    toast.success(t('lineUpdated'));
    router.refresh();
  }

  async function remove() {
    setBusy(true);
    const res = await call('DELETE', `/api/job-lists/${listId}/lines/${lineId}`);
    setBusy(false);
    if (!res.ok) return toast.error(res.message ?? t('errorGeneric'));
    toast.success(t('lineRemoved'));
    router.refresh();
  }

  return (
    <div className="flex flex-col gap-1">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save(value);
        }}
        noValidate
        className="flex items-start gap-1.5"
      >
        <label htmlFor={id} className="sr-only">
          {t('quantityLabel', { code })}
        </label>
        <QuantityInput
          id={id}
          value={value}
          onValueChange={(v) => {
            setValue(v);
            setError(null);
          }}
          rule={rule}
          itemsPerPackage={itemsPerPackage}
          problem={error}
          disabled={busy}
          size="sm"
          inputClassName="w-20"
          testId="job-line-quantity"
        />
        <Button type="submit" size="sm" variant="outline" disabled={busy || value === String(packages)}>
          {t('update')}
        </Button>
        <Button type="button" size="sm" variant="ghost" disabled={busy} onClick={remove} aria-label={t('removeLine', { code })}>
          <Trash2Icon aria-hidden />
        </Button>
      </form>
      {dialog}
    </div>
  );
}
