'use client';

import * as React from 'react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { ShoppingCartIcon, XIcon } from 'lucide-react';
import { formatPrice } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useCart } from './cart-provider';
import { shouldShowFloatingCart } from './floating-cart-button';

/** Session storage: the line count at which the visitor dismissed the button. */
export const FLOATING_DISMISSED_KEY = 'cart-floating-dismissed';
export const FLOATING_HINT_MS = 3_000;


function readDismissed(): number | null {
  try {
    const raw = window.sessionStorage.getItem(FLOATING_DISMISSED_KEY);
    const n = raw === null ? NaN : Number(raw);
    return Number.isFinite(n) ? n : null;
  } catch {
    return null;
  }
}

/**
 * The floating cart button: pulses with the hint 'Tem itens no carrinho' for 3 s when it appears
 * or the count rises; on hover or focus it expands with the count and the subtotal (signed-in
 * customers; guests see no prices). Its small ✕ dismisses it for the session.
 */
export function FloatingCartView() {
  const t = useTranslations('Cart');
  const pathname = usePathname() ?? '/';
  const { items, loading, summary, signedIn } = useCart();
  const count = items.length;
  // Read at once on the client: the button is hidden while the cart loads (hydration included).
  const [dismissedAt, setDismissedAt] = React.useState<number | null>(() => (typeof window === 'undefined' ? null : readDismissed()));
  const [hint, setHint] = React.useState(false);
  const lastCount = React.useRef<number | null>(null);

  // A rising count clears the dismissal and pulses again.
  React.useEffect(() => {
    if (loading) return;
    const previous = lastCount.current;
    lastCount.current = count;
    if (count <= 0) return;
    if (previous === null || count > previous) {
      if (previous !== null) {
        try {
          window.sessionStorage.removeItem(FLOATING_DISMISSED_KEY);
        } catch {
          // ignore
        }
        setDismissedAt(null);
      }
      setHint(true);
      const timer = window.setTimeout(() => setHint(false), FLOATING_HINT_MS);
      return () => window.clearTimeout(timer);
    }
  }, [count, loading]);

  if (!shouldShowFloatingCart({ count, loading, pathname, dismissedAt })) return null;

  const dismiss = () => {
    try {
      window.sessionStorage.setItem(FLOATING_DISMISSED_KEY, String(count));
    } catch {
      // ignore
    }
    setDismissedAt(count);
  };

  return (
    <div className="fixed bottom-5 right-5 z-40 flex items-center gap-2" data-testid="floating-cart">
      {hint && (
        <span role="status" className="rounded-full bg-slate-900 px-3 py-1.5 text-xs font-medium text-white shadow-lg">
          {t('floatingHint')}
        </span>
      )}
      <div className="group relative">
        <Link
          href="/cart"
          aria-label={t('floatingLabel', { count })}
          className={cn(
            'flex h-14 items-center gap-3 rounded-full bg-sky-700 px-4 text-white shadow-xl outline-none transition-all hover:bg-sky-800 focus-visible:ring-4 focus-visible:ring-sky-300',
            hint && 'animate-pulse',
          )}
        >
          <span className="relative">
            <ShoppingCartIcon aria-hidden className="size-6" />
            <span aria-hidden className="absolute -right-2 -top-2 grid h-5 min-w-5 place-items-center rounded-full bg-amber-400 px-1 text-[11px] font-bold text-slate-950">
              {count > 99 ? '99+' : count}
            </span>
          </span>
          <span className="hidden flex-col text-left text-xs leading-tight group-hover:flex group-focus-within:flex" data-testid="floating-cart-details">
            <span className="font-semibold">{t('lines', { count })}</span>
            {signedIn && summary.subtotal_with_tax !== null && <span>{formatPrice(summary.subtotal_with_tax)}</span>}
          </span>
        </Link>
        <button
          type="button"
          onClick={dismiss}
          aria-label={t('floatingDismiss')}
          className="absolute -left-2 -top-2 grid size-6 place-items-center rounded-full border bg-white text-slate-600 shadow hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-sky-500"
        >
          <XIcon aria-hidden className="size-3.5" />
        </button>
      </div>
    </div>
  );
}
