'use client';

import * as React from 'react';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { adminFetch, jsonInit } from '@/components/admin/admin-fetch';
import { toast } from '@/components/ui/toast';

/** Up / down of one catalogue in the public order (`order`: every catalogue's id, in order). */
export function ReorderButtons({ id, title, order }: { id: number; title: string; order: number[] }) {
  const t = useTranslations('Admin.SupplierCatalogues');
  const router = useRouter();
  const [busy, setBusy] = React.useState(false);
  const index = order.indexOf(id);
  const move = async (delta: -1 | 1) => {
    const next = [...order];
    const j = index + delta;
    if (index < 0 || j < 0 || j >= next.length) return;
    [next[index], next[j]] = [next[j]!, next[index]!];
    setBusy(true);
    const result = await adminFetch('/api/admin/supplier-catalogues/order', jsonInit('POST', { ids: next }));
    setBusy(false);
    if (result.ok) {
      toast.success(result.message ?? t('reordered'));
      router.refresh();
    } else toast.error(result.message ?? t('failed'));
  };
  const cls = 'rounded border bg-white p-1 hover:bg-slate-50 disabled:opacity-40';
  return (
    <span className="inline-flex gap-1">
      <button type="button" className={cls} disabled={busy || index <= 0} onClick={() => void move(-1)} aria-label={t('moveUp', { title })}>
        <ArrowUp aria-hidden className="size-4" />
      </button>
      <button type="button" className={cls} disabled={busy || index < 0 || index >= order.length - 1} onClick={() => void move(1)} aria-label={t('moveDown', { title })}>
        <ArrowDown aria-hidden className="size-4" />
      </button>
    </span>
  );
}
