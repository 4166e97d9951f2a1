'use client';

import * as React from 'react';
import type { StaleData } from '@/lib/admin/stale';

/**
 * The version an admin form saves with, and the refusal of a save over a newer one (shown by
 * StaleNotice): `keepMine` keeps this user's edits on top of the newer version (the form takes
 * its version and the notice closes).
 */
export function useStaleVersion<V extends number | undefined>(loadedVersion: V) {
  const [version, setVersion] = React.useState<V | number>(loadedVersion);
  const [stale, setStale] = React.useState<StaleData | null>(null);
  const keepMine = () => {
    if (!stale) return;
    setVersion(stale.version);
    setStale(null);
  };
  return { version, setVersion, stale, setStale, keepMine };
}
