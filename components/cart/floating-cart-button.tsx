'use client';

import * as React from 'react';
import { usePathname } from 'next/navigation';
import { useCart } from './cart-provider';

const underPath = (path: string, base: string) => path === base || path.startsWith(`${base}/`);

/**
 * Spec 4 "Floating cart button": shown when the cart has items, is not loading, the path is not
 * /cart, /checkout* or /admin*, and it was not dismissed (a dismissal stands until the count rises).
 */
export function shouldShowFloatingCart({
  count,
  loading,
  pathname,
  dismissedAt,
}: {
  count: number;
  loading: boolean;
  pathname: string;
  /** The count when dismissed, or null. */
  dismissedAt: number | null;
}): boolean {
  if (loading || count <= 0) return false;
  if (pathname === '/cart' || underPath(pathname, '/cart') || underPath(pathname, '/checkout') || underPath(pathname, '/admin')) return false;
  if (dismissedAt !== null && count <= dismissedAt) return false;
  return true;
}

// The button itself (hint, hover details, dismissal) loads once there is something to show.
const FloatingCartView = React.lazy(() => import('./floating-cart-view').then((m) => ({ default: m.FloatingCartView })));

/** Mounted once by the shop layout; renders nothing (and loads nothing) while the cart is empty. */
export function FloatingCartButton() {
  const pathname = usePathname() ?? '/';
  const { items, loading } = useCart();
  if (!shouldShowFloatingCart({ count: items.length, loading, pathname, dismissedAt: null })) return null;
  return (
    <React.Suspense fallback={null}>
      <FloatingCartView />
    </React.Suspense>
  );
}
