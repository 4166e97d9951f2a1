'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Trash2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { call } from '@/lib/cart/client-api';
import { MAX_PACKAGES } from '@/lib/cart/packages';

/** A line's package count (the server checks the model's minimum and increment) and its removal. */
export function JobListLineControls({ listId, lineId, code, packages, step }: { listId: number; lineId: number; code: string; packages: number; step: number }) {
  const t = useTranslations('JobLists');
  const router = useRouter();
  const [value, setValue] = React.useState(String(packages));
  const [error, setError] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  const id = `line-${lineId}-packages`;

  async function update(event: React.FormEvent) {
    event.preventDefault();
    const n = Number(value);
    setBusy(true);
    const res = await call('PATCH', `/api/job-lists/${listId}/lines/${lineId}`, { quantity_of_packages: Number.isFinite(n) ? n : value });
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
      <form onSubmit={update} noValidate className="flex items-center gap-1.5">
        <label htmlFor={id} className="sr-only">
          {t('quantityLabel', { code })}
        </label>
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_PACKAGES}
          step={step}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          className="h-8 w-20"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          data-testid="job-line-quantity"
        />
        <Button type="submit" size="sm" variant="outline" disabled={busy || value === String(packages)}>
          {t('update')}
        </Button>
        <Button type="button" size="sm" variant="ghost" disabled={busy} onClick={remove} aria-label={t('removeLine', { code })}>
          <Trash2Icon aria-hidden />
        </Button>
      </form>
      {error && (
        <p id={`${id}-error`} role="alert" className="max-w-56 text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
