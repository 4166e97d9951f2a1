'use client';

import * as React from 'react';
import { useTranslations } from 'next-intl';
import { useRefreshingAction } from '@/components/forms/use-refreshing-action';
import { Button } from '@/components/ui/button';
import { clearCacheTagAction, clearCustomerPricesAction } from '@/server/cache/admin-actions';

/** The two actions of /admin/cache-performance: clear one tag, clear one customer's prices. */
export function CacheActions({ tags }: { tags: string[] }) {
  const t = useTranslations('Admin.Cache.actions');
  const { run, busy } = useRefreshingAction();
  const [tag, setTag] = React.useState('');
  const [customer, setCustomer] = React.useState('');
  const tagId = React.useId();
  const customerId = React.useId();

  return (
    <div className="grid gap-4 md:grid-cols-2">
      <form
        className="space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          void run(() => clearCacheTagAction({ tag }), { onDone: () => setTag('') });
        }}
      >
        <label htmlFor={tagId} className="block text-sm font-medium text-slate-800">
          {t('tag')}
        </label>
        <input id={tagId} list={`${tagId}-list`} value={tag} onChange={(e) => setTag(e.target.value)} maxLength={200} placeholder="catalogue, product:P100001, search…" className="w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm" />
        <datalist id={`${tagId}-list`}>
          {tags.map((x) => (
            <option key={x} value={x} />
          ))}
        </datalist>
        <p className="text-xs text-slate-600">{t('tagHelp')}</p>
        <Button type="submit" variant="outline" disabled={busy !== null || !tag.trim()}>
          {t('clearTag')}
        </Button>
      </form>
      <form
        className="space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          void run(() => clearCustomerPricesAction({ customer }), { onDone: () => setCustomer('') });
        }}
      >
        <label htmlFor={customerId} className="block text-sm font-medium text-slate-800">
          {t('customer')}
        </label>
        <input id={customerId} value={customer} onChange={(e) => setCustomer(e.target.value)} maxLength={254} placeholder="cliente@empresa.pt ou 12" className="w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm" />
        <p className="text-xs text-slate-600">{t('customerHelp')}</p>
        <Button type="submit" variant="outline" disabled={busy !== null || !customer.trim()}>
          {t('clearPrices')}
        </Button>
      </form>
    </div>
  );
}
