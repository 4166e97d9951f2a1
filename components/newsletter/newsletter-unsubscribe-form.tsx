'use client';

import * as React from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { useMessageText } from '@/lib/forms/use-message-text';
import { cn } from '@/lib/utils';
import { unsubscribeNewsletterAction } from '@/server/newsletter/actions';

/** The button of /newsletter/cancelar. */
export function NewsletterUnsubscribeForm({
  token,
  className,
}: {
  token: string;
  className?: string;
}) {
  const t = useTranslations('Newsletter');
  const text = useMessageText();
  const [state, setState] = React.useState<'idle' | 'submitting' | 'done' | 'error'>('idle');
  const [error, setError] = React.useState<string | null>(null);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setState('submitting');
    try {
      const result = await unsubscribeNewsletterAction({ token });
      if (result.ok) {
        setState('done');
        return;
      }
      setError(result.error.message);
    } catch {
      setError(null);
    }
    setState('error');
  }

  if (state === 'done') {
    return (
      <div
        role="status"
        className={cn(
          'rounded-md border border-green-200 bg-green-50 p-4 text-green-800',
          className,
        )}
      >
        <p className="font-semibold">{t('unsubscribe.doneTitle')}</p>
        <p>{t('unsubscribe.doneText')}</p>
      </div>
    );
  }

  return (
    <form
      onSubmit={onSubmit}
      className={cn('space-y-4', className)}
      data-testid="newsletter-unsubscribe-form"
    >
      <Button
        type="submit"
        disabled={state === 'submitting'}
        className="h-11 bg-sky-700 px-6 text-white hover:bg-sky-800"
      >
        {state === 'submitting' ? t('unsubscribe.submitting') : t('unsubscribe.button')}
      </Button>
      {state === 'error' && (
        <div role="alert" className="text-red-600">
          <p className="font-medium">{text(error) ?? t('errorTitle')}</p>
          {!error && <p>{t('errorDescription')}</p>}
        </div>
      )}
    </form>
  );
}
