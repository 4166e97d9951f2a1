/**
 * Says "this needs a connection" in the offline banner (components/pwa/offline-shell.tsx), which
 * is always on the page, rather than in a toast whose code may never have been loaded while the
 * device was online.
 */
export const OFFLINE_NOTICE_EVENT = 'cag:offline-notice';

/** `useSyncExternalStore`'s subscription to the browser's online/offline events (with isOffline or navigator.onLine). */
export function subscribeOnline(changed: () => void): () => void {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
}

export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && !navigator.onLine;
}

export function tellOffline(message: string): void {
  window.dispatchEvent(new CustomEvent<string>(OFFLINE_NOTICE_EVENT, { detail: message }));
}
