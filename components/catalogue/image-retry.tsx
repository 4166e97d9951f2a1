'use client';

import { useEffect } from 'react';
import { IMAGE_FALLBACK_ATTR, handleImageError } from '@/lib/catalogue/image-retry';

/**
 * One listener for every catalogue image of the page (spec 2.6 retry and fallback): `error`
 * events do not bubble, so it listens in the capture phase; images that failed before this ran
 * are handled on mount.
 */
export function ImageRetry() {
  useEffect(() => {
    const onError = (event: Event) => {
      if (event.target instanceof HTMLImageElement) handleImageError(event.target);
    };
    document.addEventListener('error', onError, true);
    for (const img of document.querySelectorAll<HTMLImageElement>(`img[${IMAGE_FALLBACK_ATTR}]`)) {
      if (img.complete && img.naturalWidth === 0 && img.getAttribute('src')) handleImageError(img);
    }
    return () => document.removeEventListener('error', onError, true);
  }, []);
  return null;
}
