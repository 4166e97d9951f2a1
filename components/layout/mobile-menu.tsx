'use client';

import * as React from 'react';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { MenuIcon } from 'lucide-react';
import { useLazyDialog } from '@/components/ui/lazy-dialog';
import type { FeatureFlags } from '@/lib/flags';

// The panel (Radix Dialog as a sheet, search, account links, Navegar) loads when it is first
// opened, or when the pointer or focus comes to the button. React.lazy, not next/dynamic: Next
// preloads next/dynamic chunks with the page.
const loadContent = () => import('./mobile-menu-content');
const MobileMenuContent = React.lazy(() => loadContent().then((m) => ({ default: m.MobileMenuContent })));

export interface MobileMenuProps {
  flags: FeatureFlags;
  className?: string;
}

/**
 * Main menu below 768 px (spec 2.6): search, the user block, links to account, orders,
 * favourites and cart, a 'Navegar' list with the main links, and the login button.
 * Links to features that are off open the coming-soon dialog. A path change closes it.
 */
export function MobileMenu({ flags, className }: MobileMenuProps) {
  const t = useTranslations('MobileMenu');
  const pathname = usePathname();
  // Open "at" a path, so that a navigation closes it.
  const [openAt, setOpenAt] = React.useState<string | null>(null);
  const onOpenChange = React.useCallback((next: boolean) => setOpenAt(next ? pathname : null), [pathname]);
  const dialog = useLazyDialog({ load: loadContent, open: openAt !== null && openAt === pathname, onOpenChange });
  return (
    <>
      <button type="button" className={className} aria-label={t('open')} {...dialog.triggerProps}>
        <MenuIcon aria-hidden className="size-6" />
      </button>
      {dialog.needed && (
        <React.Suspense fallback={null}>
          <MobileMenuContent flags={flags} open={dialog.open} onOpenChange={dialog.setOpen} id={dialog.contentId} trigger={dialog.triggerRef} />
        </React.Suspense>
      )}
    </>
  );
}
