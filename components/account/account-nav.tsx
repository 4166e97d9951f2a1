'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { cn } from '@/lib/utils';

export interface AccountNavItem {
  href: string;
  /** Key of `Account.nav`. */
  label: string;
}

/** The pages of the account area (spec 2.3). */
export const ACCOUNT_NAV_ITEMS: readonly AccountNavItem[] = [
  { href: '/dashboard', label: 'summary' },
  { href: '/dashboard/orders', label: 'orders' },
  { href: '/dashboard/addresses', label: 'addresses' },
  { href: '/dashboard/favorites', label: 'favorites' },
  { href: '/dashboard/quotes', label: 'quotes' },
  { href: '/dashboard/obras', label: 'jobLists' },
  { href: '/dashboard/tabela-de-precos', label: 'priceList' },
  { href: '/dashboard/profile', label: 'profile' },
  { href: '/dashboard/settings', label: 'settings' },
];

/** The current item: an exact match for /dashboard, the section and its children otherwise. */
export function isCurrentAccountPath(pathname: string, href: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (href === '/dashboard') return path === href;
  return path === href || path.startsWith(`${href}/`);
}

/** Side navigation of 'A minha conta'; the page being shown has aria-current="page". */
export function AccountNav({ items = ACCOUNT_NAV_ITEMS }: { items?: readonly AccountNavItem[] }) {
  const t = useTranslations('Account.nav');
  const pathname = usePathname() ?? '';
  return (
    <nav aria-label={t('label')}>
      <ul className="flex gap-1 overflow-x-auto lg:flex-col">
        {items.map((item) => {
          const current = isCurrentAccountPath(pathname, item.href);
          return (
            <li key={item.href} className="shrink-0">
              <Link
                href={item.href}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'block rounded-md px-3 py-2 text-sm font-medium transition-colors',
                  current
                    ? 'bg-sky-700 text-white'
                    : 'text-slate-700 hover:bg-sky-50 hover:text-sky-900',
                )}
              >
                {t(item.label)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
