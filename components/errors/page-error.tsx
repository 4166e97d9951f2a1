'use client';

import { useEffect, useSyncExternalStore } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';

function subscribeOnline(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * What a page shows when it fails in the browser or on the server (Next's error boundary): in
 * Portuguese, inside the shop's or the admin's frame, with a retry (a full reload: a failed
 * script is fetched again) and the way home. Offline, it says that part of the page is not kept
 * on this device rather than blaming the shop.
 */
export function PageError({
  error,
  homeHref = '/',
}: {
  error: Error & { digest?: string };
  homeHref?: string;
}) {
  const t = useTranslations('Errors');
  const offline = useSyncExternalStore(
    subscribeOnline,
    () => !navigator.onLine,
    () => false,
  );
  useEffect(() => console.error(error), [error]);
  return (
    <div
      className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-12 text-center"
      data-testid="page-error"
    >
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('pageTitle')}</h1>
      <p className="text-slate-600" role="alert">
        {offline ? t('pageOffline') : t('pageText')}
      </p>
      {error.digest && <p className="text-xs text-slate-400">Ref. {error.digest}</p>}
      <div className="flex flex-wrap justify-center gap-3">
        <Button type="button" onClick={() => window.location.reload()}>
          {t('retry')}
        </Button>
        <Button asChild variant="outline">
          <a href={homeHref}>{t('home')}</a>
        </Button>
      </div>
    </div>
  );
}
