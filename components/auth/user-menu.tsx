'use client';

import * as React from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { DropdownMenu } from 'radix-ui';
import { HeartIcon, LayoutDashboardIcon, LogOutIcon, PackageIcon, SettingsIcon, ShieldIcon, UserRoundIcon } from 'lucide-react';
import { BADGE_TONE_CLASSES } from '@/lib/auth/badges';
import { isStaff } from '@/lib/auth/permissions';
import type { Viewer } from '@/lib/auth/viewer';
import type { FeatureFlags } from '@/lib/flags';
import { cn } from '@/lib/utils';
import { useAuth } from './auth-provider';
import { logout } from './logout';

export function RoleBadge({ viewer, className }: { viewer: Viewer; className?: string }) {
  return (
    <span className={cn('inline-flex max-w-40 truncate rounded px-1.5 py-0.5 text-[0.65rem] font-bold tracking-wide', BADGE_TONE_CLASSES[viewer.badge.tone], className)} data-testid="role-badge">
      {viewer.badge.label}
    </span>
  );
}

export function Avatar({ viewer, className }: { viewer: Viewer; className?: string }) {
  const initials = viewer.displayName
    .split(/\s+/)
    .map((w) => w[0])
    .filter(Boolean)
    .slice(0, 2)
    .join('')
    .toUpperCase();
  return viewer.avatarUrl ? (
    // eslint-disable-next-line @next/next/no-img-element -- a 256 px WebP we made ourselves
    <img src={viewer.avatarUrl} alt="" className={cn('size-9 rounded-full object-cover', className)} />
  ) : (
    <span aria-hidden className={cn('grid size-9 place-items-center rounded-full bg-sky-700 text-sm font-semibold text-white', className)}>
      {initials || <UserRoundIcon className="size-4" />}
    </span>
  );
}

/** The signed-in user's menu (spec 2.6): account, favourites, orders, settings, Admin Dashboard, Sair. */
export function UserMenu({ viewer, flags }: { viewer: Viewer; flags: FeatureFlags }) {
  const t = useTranslations('Auth.menu');
  const { setLoading } = useAuth();
  const dashboard = viewer.isAdmin || flags.ENABLE_DASHBOARD;
  const item = 'flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100';
  const entries = [
    { href: '/dashboard', label: t('account'), icon: UserRoundIcon, show: dashboard },
    { href: '/dashboard/favorites', label: t('favorites'), icon: HeartIcon, show: dashboard && (viewer.isAdmin || flags.ENABLE_FAVORITES) },
    { href: '/dashboard/orders', label: t('orders'), icon: PackageIcon, show: dashboard },
    { href: '/dashboard/settings', label: t('settings'), icon: SettingsIcon, show: dashboard },
  ];
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="ml-1 inline-flex h-10 items-center gap-2 rounded-full border border-slate-300 bg-white py-0.5 pl-0.5 pr-3 text-sm font-semibold text-slate-900 outline-none hover:bg-slate-100 focus-visible:ring-[3px] focus-visible:ring-sky-500/60"
        data-testid="user-menu-trigger"
      >
        <span className="sr-only">{t('label', { name: viewer.displayName })}</span>
        <Avatar viewer={viewer} />
        <RoleBadge viewer={viewer} className="hidden lg:inline-flex" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-50 w-64 rounded-lg border bg-white p-1.5 shadow-lg" data-testid="user-menu">
          <div className="flex items-center gap-2 border-b px-2 pb-2 pt-1">
            <Avatar viewer={viewer} />
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold text-slate-900">{viewer.displayName}</p>
              <p className="truncate text-xs text-slate-600">{viewer.email}</p>
              <RoleBadge viewer={viewer} className="mt-0.5" />
            </div>
          </div>
          <div className="py-1">
            {entries
              .filter((e) => e.show)
              .map(({ href, label, icon: Icon }) => (
                <DropdownMenu.Item key={href} asChild>
                  <Link href={href} prefetch={false} className={item}>
                    <Icon aria-hidden className="size-4 text-slate-500" />
                    {label}
                  </Link>
                </DropdownMenu.Item>
              ))}
            {viewer.isAdmin && (
              <DropdownMenu.Item asChild>
                <Link href="/admin" prefetch={false} className={item}>
                  <ShieldIcon aria-hidden className="size-4 text-purple-700" />
                  {t('adminDashboard')}
                </Link>
              </DropdownMenu.Item>
            )}
            {!viewer.isAdmin && isStaff(viewer) && (
              <DropdownMenu.Item asChild>
                <Link href="/admin/dashboard" prefetch={false} className={item}>
                  <LayoutDashboardIcon aria-hidden className="size-4 text-slate-500" />
                  {t('staffArea')}
                </Link>
              </DropdownMenu.Item>
            )}
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item
            className={cn(item, 'text-red-700')}
            onSelect={() => {
              setLoading(true);
              void logout();
            }}
          >
            <LogOutIcon aria-hidden className="size-4" />
            {t('logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
