'use client';

import { useEffect, useState, type ComponentType } from 'react';

/**
 * Browser web vitals for staff (/admin/cache-performance): once the page has loaded and the
 * browser is idle, fetches the reporter (./vitals-reporter, with next/web-vitals, in a chunk of its
 * own), which sends LCP, INP, CLS and TTFB with the page type when the page is hidden or left.
 * Nothing of it is in the first load but this leaf (a plain dynamic import: next/dynamic's wrapper
 * would add about 1 kB to every page), and nothing runs before the first paint.
 */
export function WebVitals() {
  const [Reporter, setReporter] = useState<ComponentType | null>(null);
  useEffect(() => {
    let cancelled = false;
    const load = () =>
      void import('./vitals-reporter').then(
        (m) => !cancelled && setReporter(() => m.default),
        () => undefined,
      );
    const start = () => {
      const idle = (window as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }).requestIdleCallback;
      if (idle) idle(load, { timeout: 3_000 });
      else setTimeout(load, 200);
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', start);
    };
  }, []);
  return Reporter ? <Reporter /> : null;
}
