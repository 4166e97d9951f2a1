'use client';

import * as React from 'react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import {
  HeartIcon,
  LogInIcon,
  LogOutIcon,
  PackageIcon,
  ShoppingCartIcon,
  UserRoundIcon,
} from 'lucide-react';
import { useAuth } from '@/components/auth/auth-provider';
import { logout } from '@/components/auth/logout';
import { Avatar, RoleBadge } from '@/components/auth/avatar';
import { NewsletterDialogTrigger } from '@/components/newsletter/newsletter-dialog';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { restoreFocus } from '@/components/ui/focus-return';
import type { FeatureFlags } from '@/lib/flags';
import { cn } from '@/lib/utils';
import { useComingSoon } from './coming-soon-dialog';
import { GuardedLink } from './guarded-link';
import { ACCOUNT_LINKS, isAdminPath, isNavLinkActive, MAIN_NAV } from './nav-config';
import { SearchBox } from './search-box';
import { UserBlock } from './user-block';

const rowClass =
  'flex w-full items-center gap-3 rounded-md px-3 py-2.5 text-left text-sm font-medium text-slate-800 outline-none transition-colors hover:bg-slate-100 focus-visible:ring-[3px] focus-visible:ring-sky-500/60 data-[active=true]:bg-sky-50 data-[active=true]:text-sky-900';

/** The 'Navegar' links: every link of the main navigation, dropdown children flattened. */
function navigateLinks(): { key: string; href: string; highlight?: boolean }[] {
  const seen = new Set<string>();
  const links: { key: string; href: string; highlight?: boolean }[] = [];
  for (const item of MAIN_NAV) {
    const entries: { key: string; href: string; highlight?: boolean }[] =
      item.kind === 'group' ? item.items : item.kind === 'link' ? [item] : [];
    for (const entry of entries) {
      if (seen.has(entry.href)) continue;
      seen.add(entry.href);
      links.push({ key: entry.key, href: entry.href, highlight: entry.highlight });
    }
  }
  return links;
}

const NAVIGATE_LINKS = navigateLinks();

export interface MobileMenuContentProps {
  flags: FeatureFlags;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  id: string;
  /** The header button, which gets focus back when the menu closes. */
  trigger: React.RefObject<HTMLElement | null>;
}

/**
 * The panel of the main menu below 768 px (see MobileMenu), loaded the first time it opens:
 * search, the user block, links to account, orders, favourites and cart, a 'Navegar' list with
 * the main links, and the login button. Links to features that are off open the coming-soon
 * dialog.
 */
export function MobileMenuContent({ flags, open, onOpenChange, id, trigger }: MobileMenuContentProps) {
  const t = useTranslations('MobileMenu');
  const tn = useTranslations('Nav');
  const pathname = usePathname();
  const close = () => onOpenChange(false);
  const admin = isAdminPath(pathname);
  const { viewer, openLogin, setLoading } = useAuth();
  const comingSoon = useComingSoon();
  const staff = viewer?.isAdmin === true;
  /** Spec 6: the login dialog, or "em breve" while registration is off. */
  const askLogin = () => {
    close();
    if (flags.ENABLE_USER_REGISTRATION) openLogin('login');
    else comingSoon.open();
  };

  const accountLinks = [
    {
      key: 'account',
      href: ACCOUNT_LINKS.account,
      icon: UserRoundIcon,
      enabled: staff || flags.ENABLE_DASHBOARD,
    },
    {
      key: 'orders',
      href: ACCOUNT_LINKS.orders,
      icon: PackageIcon,
      enabled: staff || flags.ENABLE_DASHBOARD,
    },
    {
      key: 'favorites',
      href: ACCOUNT_LINKS.favorites,
      icon: HeartIcon,
      enabled: staff || (flags.ENABLE_DASHBOARD && flags.ENABLE_FAVORITES),
    },
    { key: 'cart', href: ACCOUNT_LINKS.cart, icon: ShoppingCartIcon, enabled: true },
  ] as const;

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        id={id}
        onCloseAutoFocus={(event) => restoreFocus(event, trigger.current)}
        side="right"
        closeLabel={t('close')}
        className="w-full gap-0 overflow-y-auto p-0 sm:max-w-sm"
        data-testid="mobile-menu"
        // Focus the panel, not the search field: no on-screen keyboard popping up on open.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          (event.currentTarget as HTMLElement | null)?.focus();
        }}
      >
        <SheetHeader className="border-b pr-12">
          <SheetTitle className="text-lg">{t('title')}</SheetTitle>
          <SheetDescription className="sr-only">{t('description')}</SheetDescription>
        </SheetHeader>

        <div className="space-y-5 p-4">
          <SearchBox onNavigate={close} />

          {viewer ? (
            <section
              aria-label="Utilizador"
              className="flex items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
              data-testid="mobile-user"
            >
              <Avatar viewer={viewer} className="size-10" />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-semibold text-slate-900">
                  {viewer.displayName}
                </span>
                <span className="block truncate text-xs text-slate-600">{viewer.email}</span>
                <RoleBadge viewer={viewer} className="mt-1 inline-flex" />
              </span>
            </section>
          ) : (
            <section
              aria-label={t('guest')}
              className="flex items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
            >
              <span
                aria-hidden
                className="grid size-10 shrink-0 place-items-center rounded-full bg-slate-200 text-slate-600"
              >
                <UserRoundIcon className="size-5" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-semibold text-slate-900">{t('guest')}</span>
                <span className="block text-xs text-slate-600">{t('guestHint')}</span>
              </span>
              <UserBlock
                flags={flags}
                onAction={close}
                className="inline-flex h-9 shrink-0 items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-900 outline-none hover:bg-slate-100 focus-visible:ring-[3px] focus-visible:ring-sky-500/60"
              />
            </section>
          )}

          <ul className="space-y-0.5">
            {accountLinks.map(({ key, href, icon: Icon, enabled }) => (
              <li key={key}>
                {!viewer && key !== 'cart' && enabled ? (
                  // Spec 6: for a visitor the account entries prompt the login dialog.
                  <button
                    type="button"
                    className={rowClass}
                    aria-haspopup="dialog"
                    onClick={askLogin}
                  >
                    <Icon aria-hidden className="size-4 text-slate-500" />
                    {t(key)}
                  </button>
                ) : (
                  <GuardedLink
                    href={href}
                    enabled={enabled}
                    onClick={close}
                    className={rowClass}
                    data-active={isNavLinkActive(pathname, href)}
                    aria-current={isNavLinkActive(pathname, href) ? 'page' : undefined}
                  >
                    <Icon aria-hidden className="size-4 text-slate-500" />
                    {t(key)}
                  </GuardedLink>
                )}
              </li>
            ))}
          </ul>

          <nav aria-labelledby="mobile-menu-navigate">
            <h2
              id="mobile-menu-navigate"
              className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase"
            >
              {t('navigate')}
            </h2>
            <ul className="space-y-0.5">
              {NAVIGATE_LINKS.map((link) => {
                const active = isNavLinkActive(pathname, link.href);
                return (
                  <li key={link.href}>
                    <Link
                      href={link.href}
                      onClick={close}
                      aria-current={active ? 'page' : undefined}
                      data-active={active}
                      className={cn(rowClass, link.highlight && 'font-bold text-amber-700')}
                    >
                      {tn(link.key)}
                    </Link>
                  </li>
                );
              })}
              <li>
                <NewsletterDialogTrigger className={cn(rowClass, 'h-auto justify-start')} />
              </li>
            </ul>
          </nav>

          {viewer ? (
            <button
              type="button"
              onClick={() => {
                close();
                setLoading(true);
                void logout();
              }}
              className="flex h-11 w-full items-center justify-center gap-2 rounded-md border border-red-200 bg-white text-sm font-semibold text-red-700 outline-none hover:bg-red-50 focus-visible:ring-[3px] focus-visible:ring-sky-500/60"
            >
              <LogOutIcon aria-hidden className="size-4" />
              Sair
            </button>
          ) : admin ? (
            <Link
              href={ACCOUNT_LINKS.adminLogin}
              onClick={close}
              className="flex h-11 w-full items-center justify-center gap-2 rounded-md bg-sky-800 text-sm font-semibold text-white outline-none hover:bg-sky-900 focus-visible:ring-[3px] focus-visible:ring-sky-500/60"
            >
              <LogInIcon aria-hidden className="size-4" />
              {t('login')}
            </Link>
          ) : (
            <button
              type="button"
              onClick={askLogin}
              className="flex h-11 w-full items-center justify-center gap-2 rounded-md bg-sky-800 text-sm font-semibold text-white outline-none hover:bg-sky-900 focus-visible:ring-[3px] focus-visible:ring-sky-500/60"
            >
              <LogInIcon aria-hidden className="size-4" />
              {t('login')}
            </button>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
