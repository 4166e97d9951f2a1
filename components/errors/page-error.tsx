'use client';

import { useEffect, useSyncExternalStore } from 'react';
import { useTranslations } from 'next-intl';
import { isOffline, subscribeOnline } from '@/lib/pwa/offline-notice';

const ACTION =
  'inline-flex h-10 items-center justify-center rounded-md px-4 text-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-sky-500/60';

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
  const offline = useSyncExternalStore(subscribeOnline, isOffline, () => false);
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
        {/* Plain elements styled like the shop's buttons: every page's first load carries this boundary, and
            components/ui/button would bring tailwind-merge (about 9 KB gzip) with it. */}
        <button
          type="button"
          onClick={() => window.location.reload()}
          className={`${ACTION} bg-sky-700 text-white hover:bg-sky-800`}
        >
          {t('retry')}
        </button>
        <a
          href={homeHref}
          className={`${ACTION} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
        >
          {t('home')}
        </a>
      </div>
    </div>
  );
}
