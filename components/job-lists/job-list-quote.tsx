'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { FileTextIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { call } from '@/lib/cart/client-api';

/** 'Pedir orçamento desta obra': the list's lines as a quote request, then /quote-success. */
export function JobListQuote({ listId }: { listId: number }) {
  const t = useTranslations('JobLists');
  const router = useRouter();
  const [busy, setBusy] = React.useState(false);
  async function ask() {
    setBusy(true);
    const res = await call<{ number: string }>('POST', `/api/job-lists/${listId}/quote`);
    setBusy(false);
    if (!res.ok || !res.data) {
      toast.error(res.message ?? t('errorGeneric'));
      return;
    }
    router.push(`/quote-success?number=${encodeURIComponent(res.data.number)}`);
  }
  return (
    <Button type="button" variant="outline" onClick={ask} disabled={busy} aria-busy={busy || undefined} data-testid="job-list-quote">
      <FileTextIcon aria-hidden />
      {busy ? t('quoting') : t('quote')}
    </Button>
  );
}
