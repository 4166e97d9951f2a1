'use client';

import * as React from 'react';
import { useTranslations } from 'next-intl';
import { useRefreshingAction } from '@/components/forms/use-refreshing-action';
import { Button } from '@/components/ui/button';
import { createErpAccountAction, linkErpClientAction } from '@/server/erp/actions';

/** "Ligar" (to a suggested account or an account number) and "Criar conta" of one ERP client. */
export function ErpClientActions({ erpClientId, candidates }: { erpClientId: string; candidates: { id: number; name: string }[] }) {
  const t = useTranslations('Admin.Erp.clients');
  const { run, busy: running } = useRefreshingAction();
  const busy = running !== null;
  const [accountId, setAccountId] = React.useState('');
  const inputId = React.useId();

  return (
    <div className="flex flex-wrap items-center gap-2">
      {candidates.map((c) => (
        <Button key={c.id} type="button" size="sm" variant="outline" disabled={busy} onClick={() => void run(() => linkErpClientAction({ erpClientId, accountId: c.id }))}>
          {t('linkTo', { name: c.name })}
        </Button>
      ))}
      <form
        className="flex items-center gap-1"
        onSubmit={(e) => {
          e.preventDefault();
          if (accountId) void run(() => linkErpClientAction({ erpClientId, accountId }));
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          {t('accountId')}
        </label>
        <input id={inputId} inputMode="numeric" value={accountId} onChange={(e) => setAccountId(e.target.value.replace(/\D/g, ''))} placeholder={t('accountId')} className="w-28 rounded-md border border-slate-300 px-2 py-1 text-sm" />
        <Button type="submit" size="sm" variant="outline" disabled={busy || !accountId}>
          {t('link')}
        </Button>
      </form>
      <Button type="button" size="sm" disabled={busy} onClick={() => void run(() => createErpAccountAction({ erpClientId }))}>
        {t('create')}
      </Button>
    </div>
  );
}
