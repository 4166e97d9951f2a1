'use client';

import * as React from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { DropdownMenu } from 'radix-ui';
import { HeartIcon, LayoutDashboardIcon, LogOutIcon, PackageIcon, SettingsIcon, ShieldIcon, UserRoundIcon } from 'lucide-react';
import { Avatar, RoleBadge } from './avatar';
import { isStaff } from '@/lib/auth/permissions';
import type { Viewer } from '@/lib/auth/viewer';
import type { FeatureFlags } from '@/lib/flags';
import { cn } from '@/lib/utils';
import { useAuth } from './auth-provider';
import { logout } from './logout';

export interface UserMenuDropdownProps {
  viewer: Viewer;
  flags: FeatureFlags;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The trigger's look and face (avatar and badge): those of the button shown before this loaded. */
  triggerClassName: string;
  face: React.ReactNode;
  /** Opened with the keyboard: the first entry gets focus, as Radix does for its own trigger. */
  viaKeyboard: boolean;
}

/**
 * The signed-in user's menu (spec 2.6) as a Radix dropdown: account, favourites, orders,
 * settings, Admin Dashboard, Sair. Loaded by UserMenu the first time the menu opens.
 */
export function UserMenuDropdown({ viewer, flags, open, onOpenChange, triggerClassName, face, viaKeyboard }: UserMenuDropdownProps) {
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
    <DropdownMenu.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger className={triggerClassName} data-testid="user-menu-trigger">
        {face}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-64 rounded-lg border bg-white p-1.5 shadow-lg"
          data-testid="user-menu"
          onFocus={(event) => {
            // This menu mounted after the key was pressed, so Radix did not see it: when it
            // gives focus to the menu, pass it on to the first entry as its trigger would have.
            if (!viaKeyboard || event.target !== event.currentTarget) return;
            event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
          }}
        >
          <div className="flex items-center gap-2 border-b px-2 pb-2 pt-1">
            <Avatar viewer={viewer} />
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold text-slate-900">{viewer.displayName}</p>
              <p className="truncate text-xs text-slate-600">{viewer.email}</p>
              <RoleBadge viewer={viewer} className="mt-0.5 inline-flex" />
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
