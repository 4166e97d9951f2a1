'use client';

import * as React from 'react';
import { useTranslations } from 'next-intl';
import type { Viewer } from '@/lib/auth/viewer';
import type { FeatureFlags } from '@/lib/flags';
import { Avatar, RoleBadge } from './avatar';

export { Avatar, RoleBadge } from './avatar';

// The menu (Radix DropdownMenu with its entries) loads when it is first opened, or when the
// pointer or focus comes to the button. React.lazy, not next/dynamic: Next preloads next/dynamic
// chunks with the page.
const loadDropdown = () => import('./user-menu-content');
const UserMenuDropdown = React.lazy(() =>
  loadDropdown().then((m) => ({ default: m.UserMenuDropdown })),
);

const triggerClassName =
  'ml-1 inline-flex h-10 items-center gap-2 rounded-full border border-slate-300 bg-white py-0.5 pl-0.5 pr-3 text-sm font-semibold text-slate-900 outline-none hover:bg-slate-100 focus-visible:ring-[3px] focus-visible:ring-sky-500/60';

/**
 * The signed-in user's menu (spec 2.6): account, favourites, orders, settings, Admin Dashboard,
 * Sair. Until it is first opened the page holds only its button (avatar and badge), which
 * behaves as Radix's trigger does: a pointer press or Enter, Space and ArrowDown open it. Then
 * the Radix dropdown takes the button's place for good.
 */
export function UserMenu({ viewer, flags }: { viewer: Viewer; flags: FeatureFlags }) {
  const t = useTranslations('Auth.menu');
  const [open, setOpen] = React.useState(false);
  const [needed, setNeeded] = React.useState(false);
  const [viaKeyboard, setViaKeyboard] = React.useState(false);
  const [, startTransition] = React.useTransition();
  const face = (
    <>
      <span className="sr-only">{t('label', { name: viewer.displayName })}</span>
      <Avatar viewer={viewer} />
      <RoleBadge viewer={viewer} className="hidden lg:inline-flex" />
    </>
  );
  const preload = () => void loadDropdown().catch(() => {});
  // A transition: the button stays on screen (and focused) while the menu's code loads.
  const openFirst = (keyboard: boolean) =>
    startTransition(() => {
      setViaKeyboard(keyboard);
      setNeeded(true);
      setOpen(true);
    });
  const button = (
    <button
      type="button"
      className={triggerClassName}
      data-testid="user-menu-trigger"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      onPointerEnter={preload}
      onFocus={preload}
      onPointerDown={(event) => {
        if (event.button !== 0 || event.ctrlKey) return;
        // As Radix: no focus on the button, the menu gets it.
        event.preventDefault();
        openFirst(false);
      }}
      onKeyDown={(event) => {
        if (!['Enter', ' ', 'ArrowDown'].includes(event.key)) return;
        event.preventDefault();
        openFirst(true);
      }}
    >
      {face}
    </button>
  );
  // One boundary from the start, so that the transition keeps the button shown while loading.
  return (
    <React.Suspense fallback={button}>
      {needed ? (
        <UserMenuDropdown
          viewer={viewer}
          flags={flags}
          open={open}
          onOpenChange={(next) => {
            setViaKeyboard(false);
            setOpen(next);
          }}
          triggerClassName={triggerClassName}
          face={face}
          viaKeyboard={viaKeyboard}
        />
      ) : (
        button
      )}
    </React.Suspense>
  );
}
