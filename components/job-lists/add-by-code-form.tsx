'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast';
import { call } from '@/lib/cart/client-api';
import { QuantityInput, useQuantityConfirm } from '@/components/cart/quantity-input';
import { checkQuantity, needsQuantityConfirmation } from '@/lib/cart/packages';

/** "Adicionar por código": a model code and a number of units (packages of one); the cart's rules apply on the server. */
export function AddByCodeForm({ listId }: { listId: number }) {
  const t = useTranslations('JobLists');
  const tQty = useTranslations('Cart.quantity');
  const router = useRouter();
  const [code, setCode] = React.useState('');
  const [quantity, setQuantity] = React.useState('1');
  const [error, setError] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  const { ask, dialog } = useQuantityConfirm();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!code.trim()) return setError(t('addCodeLabel'));
    // The shop's one quantity rule: what it refuses is said under the box and nothing is sent.
    const check = checkQuantity(quantity);
    if (check.kind === 'empty') return setError(tQty('empty'));
    if (check.kind !== 'ok') return document.getElementById('add-quantity')?.focus();
    if (needsQuantityConfirmation(check.quantity, null) && !(await ask({ units: check.quantity, name: code.trim(), action: 'save' }))) return;
    setBusy(true);
    const res = await call('POST', `/api/job-lists/${listId}/lines`, { code: code.trim(), quantity_of_packages: check.quantity });
    setBusy(false);
    if (!res.ok) return setError(res.details?.quantity_of_packages?.[0] ?? res.message ?? t('errorGeneric'));
    setError(null);
    setCode('');
    setQuantity('1');
    toast.success(t('lineAdded'));
    router.refresh();
  }

  return (
    <form onSubmit={submit} noValidate className="rounded-lg border border-slate-200 bg-white p-4 shadow-xs" data-testid="job-list-add-code">
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">{t('addLine')}</legend>
        <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex-1 space-y-1.5">
            <Label htmlFor="add-code">{t('addCodeLabel')}</Label>
            <Input id="add-code" value={code} maxLength={60} autoComplete="off" onChange={(e) => setCode(e.target.value)} aria-describedby={error ? 'add-code-error' : undefined} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="add-quantity">{t('addQuantityLabel')}</Label>
            <QuantityInput id="add-quantity" value={quantity} onValueChange={setQuantity} inputClassName="w-24" />
          </div>
          <Button type="submit" variant="outline" disabled={busy}>
            {t('add')}
          </Button>
        </div>
        {error && (
          <p id="add-code-error" role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        )}
      </fieldset>
      {dialog}
    </form>
  );
}
