'use client';

import * as React from 'react';
import { useTranslations } from 'next-intl';
import { useRefreshingAction } from '@/components/forms/use-refreshing-action';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import type { ActionResult, MessageRef } from '@/lib/errors';
import type { OrderStatus } from '@/lib/orders/status';
import { advanceOrderAction, cancelOrderAction, markOrderPaidAction } from '@/server/orders/admin-actions';

/**
 * The staff actions of /admin/orders/{id}: the next states as buttons, "mark paid" for a
 * bank transfer, and cancel with a reason. Each calls its server action, shows the answer as a
 * toast and refreshes the server-rendered page.
 */
export function OrderActions({
  orderId,
  next,
  statusLabels,
  canCancel,
  canMarkPaid,
  totalLabel,
}: {
  orderId: number;
  next: OrderStatus[];
  statusLabels: Record<string, string>;
  canCancel: boolean;
  canMarkPaid: boolean;
  totalLabel: string;
}) {
  const t = useTranslations('Admin.Orders.detail');
  const tRoot = useTranslations();
  const { run: runAction, busy: running } = useRefreshingAction();
  const busy = running !== null;
  const [reason, setReason] = React.useState('');
  const [reasonError, setReasonError] = React.useState<string | null>(null);
  const reasonId = React.useId();

  const run = (call: () => Promise<ActionResult<MessageRef>>) =>
    runAction(call, {
      onRefused: (error) => {
        const field = error.fieldErrors?.reason?.[0];
        if (field) setReasonError(tRoot(field));
      },
    });

  if (next.length === 0 && !canCancel && !canMarkPaid) return <p className="text-sm text-slate-600">{t('noActions')}</p>;

  return (
    <div className="space-y-4" data-testid="order-actions">
      <div className="flex flex-wrap gap-2">
        {canMarkPaid ? (
          <Button
            type="button"
            disabled={busy}
            onClick={() => {
              if (window.confirm(t('confirmMarkPaid', { total: totalLabel }))) void run(() => markOrderPaidAction({ orderId }));
            }}
          >
            {t('markPaid')}
          </Button>
        ) : null}
        {next.map((status) => (
          <Button key={status} type="button" variant="outline" disabled={busy} onClick={() => void run(() => advanceOrderAction({ orderId, to: status }))}>
            {t('moveTo', { status: statusLabels[status] ?? status })}
          </Button>
        ))}
      </div>
      {canCancel ? (
        <form
          noValidate
          className="space-y-2 rounded-lg border border-red-200 bg-red-50 p-3"
          onSubmit={(event) => {
            event.preventDefault();
            setReasonError(null);
            void run(() => cancelOrderAction({ orderId, reason })).then((ok) => ok && setReason(''));
          }}
        >
          <label htmlFor={reasonId} className="block text-sm font-medium text-red-900">
            {t('cancelReason')}
          </label>
          <Textarea
            id={reasonId}
            name="reason"
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${reasonId}-error` : undefined}
            disabled={busy}
          />
          {reasonError ? (
            <p id={`${reasonId}-error`} className="text-sm text-red-800">
              {reasonError}
            </p>
          ) : null}
          <Button type="submit" variant="destructive" disabled={busy}>
            {busy ? t('working') : t('cancelConfirm')}
          </Button>
        </form>
      ) : null}
    </div>
  );
}
