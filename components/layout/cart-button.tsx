'use client';

import * as React from 'react';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { ShoppingCartIcon } from 'lucide-react';
import { useOptionalCart } from '@/components/cart/cart-provider';
import { cn } from '@/lib/utils';
import { formatCartBadge } from './cart-badge';

// The dropdown (lines, progress, totals, confirmations) loads the first time it opens.
// React.lazy, not next/dynamic: Next preloads next/dynamic chunks with the page.
const loadDropdown = () => import('@/components/cart/cart-dropdown');
const CartDropdown = React.lazy(() => loadDropdown().then((m) => ({ default: m.CartDropdown })));

/**
 * Cart control of the header (spec 2.6): the count badge (lines, '99+' above 99, hidden while
 * loading or at zero) and the cart dropdown. A client leaf: the cached page carries no cart.
 */
export function CartButton({ className }: { className?: string }) {
  const t = useTranslations('Header');
  const cart = useOptionalCart();
  const pathname = usePathname();
  const count = cart && !cart.loading ? cart.items.length : 0;
  const badge = formatCartBadge(count);
  const [openAt, setOpenAt] = React.useState<string | null>(null);
  const open = openAt !== null && openAt === pathname;
  const [needed, setNeeded] = React.useState(false);
  if (open && !needed) setNeeded(true);
  const triggerRef = React.useRef<HTMLButtonElement>(null);
  const panelId = React.useId();
  const preload = () => void loadDropdown().catch(() => {});
  return (
    <span className="relative inline-flex">
      <button
        ref={triggerRef}
        type="button"
        className={cn('relative', className)}
        aria-label={t('cartLabel', { count: Math.max(0, count) })}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-state={open ? 'open' : 'closed'}
        data-testid="cart-button"
        onClick={() => setOpenAt(open ? null : pathname)}
        onPointerEnter={preload}
        onFocus={preload}
      >
        <ShoppingCartIcon aria-hidden className="size-5" />
        {badge && (
          <span
            aria-hidden
            data-testid="cart-count"
            className="absolute -top-1 -right-1 grid h-5 min-w-5 place-items-center rounded-full bg-amber-500 px-1 text-[11px] font-bold leading-none text-slate-950"
          >
            {badge}
          </span>
        )}
      </button>
      {needed && cart && (
        <React.Suspense fallback={null}>
          <CartDropdown id={panelId} open={open} onClose={() => setOpenAt(null)} triggerRef={triggerRef} />
        </React.Suspense>
      )}
    </span>
  );
}
