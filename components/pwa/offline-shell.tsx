'use client';

import * as React from 'react';
import { useTranslations } from 'next-intl';
import { WifiOffIcon } from 'lucide-react';
import { formatOrderDateTime } from '@/lib/orders/format';
import { clearCachedSessionKeys, runDailyHygiene, UPDATE_CHECK_MS } from '@/lib/pwa/hygiene';
import { askWorker, workerSupported } from '@/lib/pwa/client';
import { OFFLINE_NOTICE_EVENT, subscribeOnline } from '@/lib/pwa/offline-notice';

function whenIdle(run: () => void) {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 5_000 });
  else setTimeout(run, 1_000);
}

const subscribeNothing = () => () => {};

const PRECACHE_DELAY_MS = 5_000;

/** Same-origin files the page loaded (for a first visit, before the worker was in control). */
function loadedFiles(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => name.startsWith(window.location.origin));
}

/**
 * Spec 4's offline shell on every page: registers /sw.js once the page has loaded (nothing on the
 * first paint), checks for a new worker every 30 minutes, clears the session's cached product keys
 * when one takes over (SERVICE_WORKER_UPDATED), runs the daily cache hygiene, and while the
 * device is offline shows a banner and stops forms (search, checkout, contact…) from being sent
 * into nothing: what was typed stays where it was.
 */
export function OfflineShell({ enabled }: { enabled: boolean }) {
  const t = useTranslations('Offline');
  const online = React.useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
  // Set by the service worker on a page it served from its copy (server/pwa/service-worker.js).
  const savedAt = React.useSyncExternalStore(subscribeNothing, () => (window as { __cagOfflineSavedAt?: string }).__cagOfflineSavedAt ?? null, () => null);
  const [backOnline, setBackOnline] = React.useState(false);
  const [blocked, setBlocked] = React.useState<string | null>(null);

  React.useEffect(() => {
    let backTimer: ReturnType<typeof setTimeout> | undefined;
    const goOffline = () => {
      clearTimeout(backTimer);
      setBackOnline(false);
    };
    const goOnline = () => {
      setBlocked(null);
      setBackOnline(true);
      clearTimeout(backTimer);
      backTimer = setTimeout(() => setBackOnline(false), 4_000);
    };
    // Capture phase on window: before React's own submit handlers, so no form is sent (nor reset).
    const guard = (event: Event) => {
      if (navigator.onLine) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      const form = event.target instanceof HTMLFormElement ? event.target : null;
      setBlocked(form?.getAttribute('role') === 'search' ? t('searchBlocked') : t('submitBlocked'));
    };
    const notice = (event: Event) => setBlocked((event as CustomEvent<string>).detail);
    window.addEventListener('offline', goOffline);
    window.addEventListener('online', goOnline);
    window.addEventListener('submit', guard, true);
    window.addEventListener(OFFLINE_NOTICE_EVENT, notice);
    return () => {
      clearTimeout(backTimer);
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('online', goOnline);
      window.removeEventListener('submit', guard, true);
      window.removeEventListener(OFFLINE_NOTICE_EVENT, notice);
    };
  }, [t]);

  React.useEffect(() => {
    if (!enabled || !workerSupported() || !window.isSecureContext) return;
    let interval: ReturnType<typeof setInterval> | undefined;
    let precacheTimer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: string } | null)?.type === 'SERVICE_WORKER_UPDATED') clearCachedSessionKeys(window.sessionStorage);
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    const start = async () => {
      if (cancelled) return;
      const wasControlled = Boolean(navigator.serviceWorker.controller);
      try {
        const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' });
        interval = setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
        const ready = await navigator.serviceWorker.ready;
        if (!wasControlled) {
          if (!navigator.serviceWorker.controller) ready.active?.postMessage({ type: 'CLAIM' });
          ready.active?.postMessage({ type: 'PAGE_LOADED', url: window.location.href, assets: loadedFiles() });
        }
        // The rest of the build's files, fetched and kept by the worker (menus, dialogs: offline too):
        // from the second page of a visit on, a while after it loaded, never on a first visit's
        // bandwidth.
        if (wasControlled) precacheTimer = setTimeout(() => ready.active?.postMessage({ type: 'PRECACHE' }), PRECACHE_DELAY_MS);
        const answer = await askWorker<{ version: string }>({ type: 'GET_VERSION' }, 5_000);
        if (answer?.version) {
          await runDailyHygiene({
            now: Date.now(),
            current: answer.version,
            cacheNames: () => caches.keys(),
            deleteCache: (name) => caches.delete(name),
            local: window.localStorage,
            session: window.sessionStorage,
            reload: () => window.location.reload(),
          });
        }
      } catch {
        // No worker (private mode, storage full): the shop works online as before.
      }
    };
    const onLoad = () => whenIdle(() => void start());
    if (document.readyState === 'complete') onLoad();
    else window.addEventListener('load', onLoad, { once: true });
    return () => {
      cancelled = true;
      clearInterval(interval);
      clearTimeout(precacheTimer);
      window.removeEventListener('load', onLoad);
      navigator.serviceWorker.removeEventListener('message', onMessage);
    };
  }, [enabled]);

  const fromCopy = savedAt !== null && !Number.isNaN(Date.parse(savedAt));
  if (online && !backOnline && !fromCopy) return null;
  const savedDate = fromCopy ? formatOrderDateTime(savedAt) : '';
  return (
    <div
      role="status"
      data-testid="offline-banner"
      data-state={online ? 'online' : 'offline'}
      className={`sticky top-0 z-[60] border-b px-4 py-2 text-center text-sm ${online ? 'border-emerald-300 bg-emerald-50 text-emerald-900' : 'border-amber-300 bg-amber-50 text-amber-950'}`}
    >
      {online ? (
        <>
          {t('back')}
          {fromCopy && (
            <>
              {' '}
              {t('staleCopy', { date: savedDate })}{' '}
              <button type="button" onClick={() => window.location.reload()} className="font-semibold underline underline-offset-2">
                {t('reload')}
              </button>
            </>
          )}
        </>
      ) : (
        <>
          <WifiOffIcon aria-hidden className="mr-1.5 inline size-4 align-[-2px]" />
          <strong className="font-semibold">{t('title')}</strong>{' '}
          {fromCopy && (
            <span className="font-medium" data-testid="offline-saved-at">
              {t('savedPage', { date: savedDate })}{' '}
            </span>
          )}
          {t('text')}
          {blocked && (
            <span role="alert" data-testid="offline-blocked" className="mt-1 block font-medium">
              {blocked}
            </span>
          )}
        </>
      )}
    </div>
  );
}
