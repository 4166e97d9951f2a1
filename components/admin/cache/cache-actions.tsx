'use client';

import * as React from 'react';
import { useTranslations } from 'next-intl';
import { useRefreshingAction } from '@/components/forms/use-refreshing-action';
import { Button } from '@/components/ui/button';
import { clearCacheTagAction, clearCustomerPricesAction } from '@/server/cache/admin-actions';

/** One clearing form: a labelled text field, its help, and the button (enabled once something is typed). */
function ClearForm({
  label,
  help,
  submit,
  maxLength,
  placeholder,
  suggestions,
  busy,
  onSubmit,
}: {
  label: string;
  help: string;
  submit: string;
  maxLength: number;
  placeholder: string;
  suggestions?: string[];
  busy: boolean;
  /** Runs the action with the value; resolves to true when the field may be cleared. */
  onSubmit: (value: string) => Promise<boolean>;
}) {
  const [value, setValue] = React.useState('');
  const id = React.useId();
  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit(value).then((done) => done && setValue(''));
      }}
    >
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input id={id} list={suggestions ? `${id}-list` : undefined} value={value} onChange={(e) => setValue(e.target.value)} maxLength={maxLength} placeholder={placeholder} className="w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm" />
      {suggestions ? (
        <datalist id={`${id}-list`}>
          {suggestions.map((x) => (
            <option key={x} value={x} />
          ))}
        </datalist>
      ) : null}
      <p className="text-xs text-slate-600">{help}</p>
      <Button type="submit" variant="outline" disabled={busy || !value.trim()}>
        {submit}
      </Button>
    </form>
  );
}

/** The two actions of /admin/cache-performance: clear one tag, clear one customer's prices. */
export function CacheActions({ tags }: { tags: string[] }) {
  const t = useTranslations('Admin.Cache.actions');
  const { run, busy } = useRefreshingAction();
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <ClearForm
        label={t('tag')}
        help={t('tagHelp')}
        submit={t('clearTag')}
        maxLength={200}
        placeholder="catalogue, product:P100001, search…"
        suggestions={tags}
        busy={busy !== null}
        onSubmit={(tag) => run(() => clearCacheTagAction({ tag }))}
      />
      <ClearForm
        label={t('customer')}
        help={t('customerHelp')}
        submit={t('clearPrices')}
        maxLength={254}
        placeholder="cliente@empresa.pt ou 12"
        busy={busy !== null}
        onSubmit={(customer) => run(() => clearCustomerPricesAction({ customer }))}
      />
    </div>
  );
}
