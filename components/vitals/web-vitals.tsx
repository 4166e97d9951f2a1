'use client';

import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';

/** The reporter (and next/web-vitals with it) in a chunk of its own, fetched only after the page has loaded. */
const VitalsReporter = dynamic(() => import('./vitals-reporter'), { ssr: false });

/**
 * Browser web vitals for staff (/admin/cache-performance): once the page has loaded and the
 * browser is idle, loads the reporter, which sends LCP, INP, CLS and TTFB with the page type when
 * the page is hidden or left. Costs nothing before the first paint: no script of its own in the
 * first load beyond this leaf.
 */
export function WebVitals() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancelled = false;
    const start = () => {
      const idle = (window as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }).requestIdleCallback;
      if (idle) idle(() => !cancelled && setReady(true), { timeout: 3_000 });
      else setTimeout(() => !cancelled && setReady(true), 200);
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', start);
    };
  }, []);
  return ready ? <VitalsReporter /> : null;
}
