'use client';

import * as React from 'react';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { LayoutGridIcon } from 'lucide-react';
import { useLazyDialog } from '@/components/ui/lazy-dialog';
import { loadNavigation } from './navigation-data';

// The panel (Radix Dialog as a sheet, chapters and families) and its data (GET /api/navigation)
// load when it is first opened, or when the pointer or focus comes to the button: the tree is
// in no page's HTML. React.lazy, not next/dynamic: Next preloads next/dynamic chunks with the page.
const loadContent = () => import('./categories-menu-content');
const loadAll = () => Promise.all([loadContent(), loadNavigation()]);
const CategoriesMenuContent = React.lazy(() => loadContent().then((m) => ({ default: m.CategoriesMenuContent })));

export interface CategoriesMenuProps {
  className?: string;
}

/**
 * The categories sidebar and mega-menu (spec 2.6). The header button opens a side panel with
 * the 16 chapters. On desktop (≥ 768 px) hovering or clicking a chapter shows its families as
 * image cards under 'Selecione uma família', with 'Ver todos os produtos em {chapter}'; on
 * mobile a chapter is a link to its page. Escape and a path change close it.
 */
export function CategoriesMenu({ className }: CategoriesMenuProps) {
  const th = useTranslations('Header');
  const pathname = usePathname();
  // Open "at" a path, so that a navigation closes it.
  const [openAt, setOpenAt] = React.useState<string | null>(null);
  const onOpenChange = React.useCallback((next: boolean) => setOpenAt(next ? pathname : null), [pathname]);
  const dialog = useLazyDialog({ load: loadAll, open: openAt !== null && openAt === pathname, onOpenChange });
  return (
    <>
      <button type="button" className={className} aria-label={th('openCategories')} {...dialog.triggerProps}>
        <LayoutGridIcon aria-hidden className="size-5" />
        <span aria-hidden className="hidden lg:inline">
          {th('categories')}
        </span>
      </button>
      {dialog.needed && (
        <React.Suspense fallback={null}>
          <CategoriesMenuContent
            open={dialog.open}
            onOpenChange={dialog.setOpen}
            id={dialog.contentId}
            trigger={dialog.triggerRef}
          />
        </React.Suspense>
      )}
    </>
  );
}
