'use client';

import * as React from 'react';
import { MailIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { cx } from '@/lib/class-names';
import { useLazyDialog } from '@/components/ui/lazy-dialog';

// The dialog (Radix Dialog around the newsletter form) loads when it is first opened, or when the
// pointer or focus comes to the button. React.lazy, not next/dynamic: Next preloads next/dynamic
// chunks with the page.
const loadDialog = () => import('./newsletter-dialog-content');
const NewsletterDialog = React.lazy(() => loadDialog().then((m) => ({ default: m.NewsletterDialog })));

/** What Button gave the trigger beside the navigation's own item classes. */
const TRIGGER_CLASS =
  "whitespace-nowrap shrink-0 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4 has-[>svg]:px-3 focus-visible:border-ring";

export interface NewsletterDialogTriggerProps {
  className?: string;
}

/** The header's 'Newsletter' button: opens the popup with the newsletter form. */
export function NewsletterDialogTrigger({ className }: NewsletterDialogTriggerProps) {
  const t = useTranslations('Newsletter');
  const dialog = useLazyDialog({ load: loadDialog });
  return (
    <>
      {/* A plain button styled by the navigation that places it (no Button: it would bring tailwind-merge to every page). */}
      <button type="button" className={cx(TRIGGER_CLASS, className)} {...dialog.triggerProps}>
        <MailIcon aria-hidden />
        {t('trigger')}
      </button>
      {dialog.needed && (
        <React.Suspense fallback={null}>
          <NewsletterDialog open={dialog.open} onOpenChange={dialog.setOpen} id={dialog.contentId} trigger={dialog.triggerRef} />
        </React.Suspense>
      )}
    </>
  );
}
