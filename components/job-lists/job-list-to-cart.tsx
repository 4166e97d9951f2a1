'use client';

import * as React from 'react';
import { useTranslations } from 'next-intl';
import { ShoppingCartIcon } from 'lucide-react';
import { useOptionalCart } from '@/components/cart/cart-provider';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { call } from '@/lib/cart/client-api';

interface ToCartResult {
  cart_id: string;
  added: { model_code: string }[];
  unavailable: { model_code: string; model_name: string; reason: string }[];
}

/**
 * "Passar para o carrinho": the whole list, or the lines ticked in the form `formId` (checkboxes
 * named `line`). The cart prices the lines at today's prices; the header's badge follows; lines
 * that could not be added are listed here.
 */
export function JobListToCart({ listId, formId }: { listId: number; formId: string }) {
  const t = useTranslations('JobLists');
  const cart = useOptionalCart();
  const [busy, setBusy] = React.useState(false);
  const [unavailable, setUnavailable] = React.useState<ToCartResult['unavailable']>([]);
  const [error, setError] = React.useState<string | null>(null);

  async function send(chosen: boolean) {
    let lineIds: number[] | undefined;
    if (chosen) {
      const form = document.getElementById(formId) as HTMLFormElement | null;
      lineIds = form ? new FormData(form).getAll('line').map(Number) : [];
      if (lineIds.length === 0) return setError(t('lineIdsInvalid'));
    }
    setBusy(true);
    setError(null);
    const res = await call<ToCartResult>('POST', `/api/job-lists/${listId}/to-cart`, lineIds ? { line_ids: lineIds } : {});
    setBusy(false);
    if (!res.ok || !res.data) return setError(res.message ?? t('errorGeneric'));
    setUnavailable(res.data.unavailable);
    toast.success(res.message ?? t('movedToCart', { count: res.data.added.length }));
    await cart?.refresh();
  }

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <Button type="button" disabled={busy} onClick={() => send(false)} data-testid="job-list-all-to-cart">
          <ShoppingCartIcon aria-hidden />
          {t('allToCart')}
        </Button>
        <Button type="button" variant="outline" disabled={busy} onClick={() => send(true)}>
          {t('selectedToCart')}
        </Button>
      </div>
      <p className="text-xs text-slate-600">{t('toCartHint')}</p>
      <div aria-live="polite">
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        {unavailable.length > 0 && (
          <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="job-list-unavailable">
            <p className="font-semibold">{t('unavailableTitle')}</p>
            <ul className="mt-1 list-disc pl-5">
              {unavailable.map((u) => (
                <li key={u.model_code}>
                  <span className="font-mono">{u.model_code}</span> — {u.model_name}: {u.reason}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </div>
  );
}
