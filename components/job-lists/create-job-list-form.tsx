'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { PlusIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { call } from '@/lib/cart/client-api';
import { JOB_LIST_NAME_MAX } from '@/lib/validation/job-lists';

/** "Nova obra": a name, then the new list's page. */
export function CreateJobListForm() {
  const t = useTranslations('JobLists');
  const router = useRouter();
  const [name, setName] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setError(t('nameRequired'));
    setBusy(true);
    setError(null);
    const res = await call<{ id: number }>('POST', '/api/job-lists', { name });
    setBusy(false);
    if (!res.ok || !res.data) return setError(res.details?.name?.[0] ?? res.message ?? t('errorGeneric'));
    router.push(`/dashboard/obras/${res.data.id}`);
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 shadow-xs sm:flex-row sm:items-end" data-testid="job-list-create">
      <div className="flex-1 space-y-1.5">
        <Label htmlFor="job-list-name">{t('nameLabel')}</Label>
        <Input
          id="job-list-name"
          value={name}
          maxLength={JOB_LIST_NAME_MAX}
          placeholder={t('namePlaceholder')}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'job-list-name-error' : undefined}
        />
        {error && (
          <p id="job-list-name-error" role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      <Button type="submit" disabled={busy}>
        <PlusIcon aria-hidden />
        {t('create')}
      </Button>
    </form>
  );
}
