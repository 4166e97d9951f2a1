'use client';

import * as React from 'react';
import { useAuth } from '@/components/auth/auth-provider';
import { PREFETCH_COUNT, PREFETCH_DELAY_MS, prefetchModels } from './models-store';

/**
 * Spec 4 "Prefetching" on listings: 2.5 s after the page shows, the model lists of its first 8
 * products are fetched (batches of 3, 150 ms apart) and kept 15 minutes in session storage, so
 * the picker opens at once; a signed-in customer's prices for them are asked on the way.
 */
export function ModelsPrefetch({ productCodes }: { productCodes: string[] }) {
  const { viewer, loading } = useAuth();
  const viewerId = loading ? null : (viewer?.id ?? null);
  const key = productCodes.slice(0, PREFETCH_COUNT).join('\u0000');
  React.useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      void prefetchModels(key.split('\u0000'), {
        signal: controller.signal,
        onModels: viewerId
          ? (models) =>
              // The pricing code loads for signed-in customers only.
              void import('./pricing-store').then(({ requestPrices, setPricingOwner }) => {
                setPricingOwner(viewerId);
                requestPrices(models.map((m) => m.code));
              })
          : undefined,
      });
    }, PREFETCH_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [key, viewerId]);
  return null;
}
