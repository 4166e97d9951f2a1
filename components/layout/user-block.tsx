'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { LogInIcon, UserRoundIcon } from 'lucide-react';
import { useAuth } from '@/components/auth/auth-provider';
import { UserMenu } from '@/components/auth/user-menu';
import { cx } from '@/lib/class-names';
import type { FeatureFlags } from '@/lib/flags';
import { useComingSoon } from './coming-soon-dialog';
import { ACCOUNT_LINKS, isAdminPath } from './nav-config';

export interface UserBlockProps {
  flags: FeatureFlags;
  className?: string;
  /** Called when the control was used (the mobile menu closes itself). */
  onAction?: () => void;
}

/**
 * The user block of the header (spec 2.6), in its three states: loading (a skeleton circle),
 * anonymous ('Área Privada' opening the login dialog, or the coming-soon dialog where
 * registration is off; 'Entrar' to /admin/login on admin paths) and signed in (badge and menu).
 */
export function UserBlock({ flags, className, onAction }: UserBlockProps) {
  const t = useTranslations('Header');
  const pathname = usePathname();
  const { viewer, loading, openLogin } = useAuth();
  const comingSoon = useComingSoon();
  if (loading) {
    // The skeleton circle of spec 2.6, in a box the size of the 'Área Privada' button it usually
    // becomes (same classes, hidden where the button is): the header does not move when it loads.
    return (
      <span
        aria-label="A carregar sessão"
        role="status"
        data-testid="user-skeleton"
        // Important (`!`): these win over the button's colours, hover and transparent-header ones included.
        className={cx(className ?? 'ml-1 inline-flex h-10 items-center', 'relative border-transparent! bg-transparent! text-transparent!')}
      >
        <span aria-hidden className="invisible inline-flex items-center gap-2">
          <UserRoundIcon className="size-4" />
          {t('privateArea')}
        </span>
        <span aria-hidden className="absolute top-0 right-0 size-10 animate-pulse rounded-full bg-slate-200" />
      </span>
    );
  }
  if (viewer) return <UserMenu viewer={viewer} flags={flags} />;
  if (isAdminPath(pathname)) {
    return (
      <Link href={ACCOUNT_LINKS.adminLogin} className={className} onClick={onAction}>
        <LogInIcon aria-hidden className="size-4" />
        {t('adminLogin')}
      </Link>
    );
  }
  if (!flags.ENABLE_USER_REGISTRATION) {
    return (
      <button
        type="button"
        className={className}
        aria-haspopup="dialog"
        data-feature-off=""
        onClick={() => {
          onAction?.();
          comingSoon.open();
        }}
      >
        <UserRoundIcon aria-hidden className="size-4" />
        {t('privateArea')}
      </button>
    );
  }
  // A link to /login (it works without JavaScript); with JavaScript it opens the login dialog.
  return (
    <Link
      href={ACCOUNT_LINKS.login}
      prefetch={false}
      className={className}
      aria-haspopup="dialog"
      onClick={(event) => {
        event.preventDefault();
        onAction?.();
        openLogin('login');
      }}
    >
      <UserRoundIcon aria-hidden className="size-4" />
      {t('privateArea')}
    </Link>
  );
}
