'use client';

import * as React from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { RotateCcw } from 'lucide-react';
import { useOptionalCart } from '@/components/cart/cart-provider';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';

interface ReorderAnswer {
  added: { model_code: string; quantity_of_packages: number }[];
  unavailable: { model_code: string; model_name: string; reason: string }[];
}

type Outcome = { kind: 'done'; added: number; unavailable: ReorderAnswer['unavailable'] } | { kind: 'failed'; message: string };

/**
 * 'Voltar a encomendar': POST /api/orders/{id}/reorder puts the order's lines into the
 * customer's cart at today's prices; a toast says how many were added, the models no longer sold
 * are listed below the button (and in the toast), and the cart (header badge, dropdown) reloads.
 */
export function ReorderButton({ orderId, endpoint, label }: { orderId: number; endpoint?: string; label?: string }) {
  const t = useTranslations('Account.orders');
  const cart = useOptionalCart();
  const [busy, setBusy] = React.useState(false);
  const [outcome, setOutcome] = React.useState<Outcome | null>(null);

  const reorder = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const res = await fetch(endpoint ?? `/api/orders/${encodeURIComponent(String(orderId))}/reorder`, {
        method: 'POST',
        credentials: 'same-origin',
        cache: 'no-store',
        headers: { accept: 'application/json' },
      });
      const json = (await res.json().catch(() => null)) as { success?: boolean; data?: ReorderAnswer; message?: string; error?: { message?: string } } | null;
      if (!res.ok || !json?.success || !json.data) {
        const message = json?.error?.message || json?.message || t('reorderFailed');
        setOutcome({ kind: 'failed', message });
        toast.error(message);
        return;
      }
      const { added, unavailable } = json.data;
      setOutcome({ kind: 'done', added: added.length, unavailable });
      const missing = unavailable.map((u) => t('unavailableItem', { code: u.model_code, name: u.model_name, reason: u.reason })).join('\n');
      if (added.length > 0) {
        toast.success(t('reorderedTitle'), { description: [t('reorderedText', { count: added.length }), missing && `${t('unavailableTitle')}: ${missing}`].filter(Boolean).join('\n') });
      } else {
        toast.warning(t('reorderNothing'), { description: missing || undefined });
      }
      await cart?.refresh();
    } catch {
      setOutcome({ kind: 'failed', message: t('reorderFailed') });
      toast.error(t('reorderFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-3">
      <Button type="button" onClick={reorder} disabled={busy} aria-busy={busy || undefined} data-testid="reorder-button">
        <RotateCcw aria-hidden />
        {busy ? t('reordering') : (label ?? t('reorder'))}
      </Button>
      <div role="status" aria-live="polite" data-testid="reorder-result">
        {outcome?.kind === 'done' && (
          <div className="space-y-2 text-sm">
            <p className="text-slate-800">
              {outcome.added > 0 ? t('reorderedText', { count: outcome.added }) : t('reorderNothing')}{' '}
              {outcome.added > 0 && (
                <Link href="/cart" className="font-medium text-sky-800 underline-offset-4 hover:underline">
                  {t('viewCart')}
                </Link>
              )}
            </p>
            {outcome.unavailable.length > 0 && (
              <div className="rounded-md border border-amber-300 bg-amber-50 p-3">
                <p className="font-medium text-amber-900">{t('unavailableTitle')}</p>
                <ul className="mt-1 list-disc pl-5 text-amber-900" data-testid="reorder-unavailable">
                  {outcome.unavailable.map((u) => (
                    <li key={u.model_code}>{t('unavailableItem', { code: u.model_code, name: u.model_name, reason: u.reason })}</li>
                  ))}
                </ul>
              </div>
            )}
          </div>
        )}
        {outcome?.kind === 'failed' && <p className="text-sm text-red-700">{outcome.message}</p>}
      </div>
    </div>
  );
}
