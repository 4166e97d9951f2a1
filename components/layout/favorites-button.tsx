'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { HeartIcon } from 'lucide-react';
import { useAuth } from '@/components/auth/auth-provider';
import type { FeatureFlags } from '@/lib/flags';
import { useComingSoon } from './coming-soon-dialog';
import { ACCOUNT_LINKS } from './nav-config';

/**
 * Favourites control of the header (spec 4, guarded actions): a guest gets the login dialog on
 * the login tab, or the coming-soon dialog where registration or favourites are off; a signed-in
 * user goes to the favourites list (admins pass the flags).
 */
export function FavoritesButton({ flags, className }: { flags: FeatureFlags; className?: string }) {
  const t = useTranslations('Header');
  const { viewer, openLogin } = useAuth();
  const comingSoon = useComingSoon();
  const favouritesOn = flags.ENABLE_FAVORITES && flags.ENABLE_DASHBOARD;
  if (viewer && (viewer.isAdmin || favouritesOn)) {
    return (
      <Link href={ACCOUNT_LINKS.favorites} prefetch={false} className={className} aria-label={t('favorites')} title={t('favorites')}>
        <HeartIcon aria-hidden className="size-5" />
      </Link>
    );
  }
  const enabled = !viewer && favouritesOn && flags.ENABLE_USER_REGISTRATION;
  return (
    <button
      type="button"
      className={className}
      aria-label={t('favorites')}
      title={t('favorites')}
      aria-haspopup="dialog"
      data-feature-off={enabled ? undefined : ''}
      onClick={() => (enabled ? openLogin('login') : comingSoon.open())}
    >
      <HeartIcon aria-hidden className="size-5" />
    </button>
  );
}
