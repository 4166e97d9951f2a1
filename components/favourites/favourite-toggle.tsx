'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { HeartIcon } from 'lucide-react';
import { useAuth } from '@/components/auth/auth-provider';
import { useComingSoon } from '@/components/layout/coming-soon-dialog';
import { toast } from '@/components/ui/toast';
import { cn } from '@/lib/utils';
import { favouritesAllowed, useFavourites } from './favourites-store';

export interface FavouriteToggleProps {
  productCode: string;
  /** `icon` (cards: a round button in the image corner) or `labelled` (the text beside the heart). */
  variant?: 'icon' | 'labelled';
  /**
   * The state the page already knows (the account area reads it on the server), shown until the
   * page's store has loaded. Cached catalogue pages pass nothing: their hearts start empty.
   */
  favourite?: boolean;
  /** Re-render the page after a removal (the favourites list drops the product). */
  refreshOnRemove?: boolean;
  className?: string;
}

/**
 * The heart of a product (spec 2.6 and 4, guarded actions). A guest gets the login
 * dialog on the login tab, or the coming-soon dialog where registration or favourites are off
 * (the header's favourites button follows the same rules; admins pass the flags). A signed-in
 * customer toggles at once (`aria-pressed`), and the heart goes back with a toast when the call
 * fails. The state comes from the page's one store (components/favourites/favourites-store.tsx).
 */
export function FavouriteToggle({ productCode, variant = 'icon', favourite, refreshOnRemove = false, className }: FavouriteToggleProps) {
  const t = useTranslations('Favourites');
  const { viewer, loading, openLogin } = useAuth();
  const comingSoon = useComingSoon();
  const router = useRouter();
  const store = useFavourites();
  const { flags, want } = store;
  const allowed = favouritesAllowed(flags, viewer);

  React.useEffect(() => {
    if (allowed) want();
  }, [allowed, want]);

  const pressed = allowed ? (store.state(productCode) ?? favourite ?? false) : false;
  const busy = allowed && store.busy(productCode);
  const label = pressed ? t('remove') : t('add');
  const guestDialog = !viewer && flags.ENABLE_FAVORITES && flags.ENABLE_DASHBOARD && flags.ENABLE_USER_REGISTRATION;

  const onClick = async () => {
    if (!viewer) {
      // The session is still being read: a click now would ask a signed-in customer to log in.
      if (loading) return;
      if (guestDialog) openLogin('login');
      else comingSoon.open();
      return;
    }
    if (!allowed) {
      comingSoon.open();
      return;
    }
    if (busy) return;
    const next = !pressed;
    const outcome = await store.set(productCode, next);
    if (outcome === 'failed') toast.error(t(next ? 'addFailed' : 'removeFailed'));
    else if (outcome === 'ok' && !next && refreshOnRemove) router.refresh();
  };

  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={variant === 'icon' ? label : undefined}
      aria-haspopup={viewer ? undefined : 'dialog'}
      aria-busy={busy || undefined}
      title={label}
      data-testid="favourite-toggle"
      data-product-code={productCode}
      data-feature-off={viewer ? (allowed ? undefined : '') : guestDialog ? undefined : ''}
      onClick={() => void onClick()}
      className={cn(
        'inline-flex items-center justify-center gap-2 outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-sky-500/60',
        variant === 'icon'
          ? 'size-9 rounded-full bg-white/90 text-slate-600 shadow-sm hover:bg-white hover:text-red-600'
          : 'h-9 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50',
        pressed && 'text-red-600',
        className,
      )}
    >
      <HeartIcon aria-hidden className={cn('size-5 shrink-0', pressed && 'fill-current')} />
      {variant === 'labelled' && <span>{label}</span>}
    </button>
  );
}
