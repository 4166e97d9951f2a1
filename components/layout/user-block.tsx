'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { LogInIcon, UserRoundIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import type { FeatureFlags } from '@/lib/flags';
import { GuardedLink } from './guarded-link';
import { ACCOUNT_LINKS, isAdminPath } from './nav-config';

export interface UserBlockProps {
  flags: FeatureFlags;
  className?: string;
  /** Called when the control was used (the mobile menu closes itself). */
  onAction?: () => void;
}

/**
 * The guest's user block (spec 2.6): 'Área Privada' to /login, or the coming-soon dialog where
 * registration is off. On /admin paths it reads 'Entrar' and goes to /admin/login (admins are
 * never behind the flags). Signed-in states come with the authentication issue.
 */
export function UserBlock({ flags, className, onAction }: UserBlockProps) {
  const t = useTranslations('Header');
  const pathname = usePathname();
  if (isAdminPath(pathname)) {
    return (
      <Link href={ACCOUNT_LINKS.adminLogin} className={className} onClick={onAction}>
        <LogInIcon aria-hidden className="size-4" />
        {t('adminLogin')}
      </Link>
    );
  }
  return (
    <GuardedLink
      href={ACCOUNT_LINKS.login}
      enabled={flags.ENABLE_USER_REGISTRATION}
      className={cn(className)}
      onClick={onAction}
    >
      <UserRoundIcon aria-hidden className="size-4" />
      {t('privateArea')}
    </GuardedLink>
  );
}
