import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { ShoppingCartIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import { formatCartBadge } from './cart-badge';
import { ACCOUNT_LINKS } from './nav-config';

/**
 * Cart control of the header with its count badge (spec 2.6). A placeholder link to /cart until
 * the cart issue brings the dropdown; `count` is the number of cart lines.
 */
export async function CartButton({ count = 0, className }: { count?: number; className?: string }) {
  const t = await getTranslations('Header');
  const badge = formatCartBadge(count);
  return (
    <Link
      href={ACCOUNT_LINKS.cart}
      prefetch={false}
      className={cn('relative', className)}
      aria-label={t('cartLabel', { count: Math.max(0, count) })}
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
    </Link>
  );
}
