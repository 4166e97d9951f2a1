'use client';

import { useTranslations } from 'next-intl';
import { HeartIcon } from 'lucide-react';
import type { FeatureFlags } from '@/lib/flags';
import { GuardedLink } from './guarded-link';
import { ACCOUNT_LINKS } from './nav-config';

/**
 * Favourites control of the header. A guest is sent to log in (spec 4, guarded actions); where
 * favourites or registration are off, the coming-soon dialog opens instead. The favourites list
 * itself comes with its own issue.
 */
export function FavoritesButton({ flags, className }: { flags: FeatureFlags; className?: string }) {
  const t = useTranslations('Header');
  return (
    <GuardedLink
      href={ACCOUNT_LINKS.login}
      enabled={flags.ENABLE_FAVORITES && flags.ENABLE_USER_REGISTRATION}
      className={className}
      aria-label={t('favorites')}
      title={t('favorites')}
    >
      <HeartIcon aria-hidden className="size-5" />
    </GuardedLink>
  );
}
