'use client';

import * as React from 'react';
import { toasterWanted } from './toast';

// sonner loads with the first toast (components/ui/toast.ts), not with the page. React.lazy, not
// next/dynamic: Next preloads next/dynamic chunks with the page.
const Toaster = React.lazy(() => import('./sonner').then((m) => ({ default: m.Toaster })));

/** Where the Toaster lives in the root layout; empty until a toast is shown. */
export function ToasterSlot() {
  const wanted = React.useSyncExternalStore(toasterWanted.subscribe, toasterWanted.get, () => false);
  return wanted ? (
    <React.Suspense fallback={null}>
      <Toaster />
    </React.Suspense>
  ) : null;
}
