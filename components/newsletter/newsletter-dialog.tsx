'use client';

import * as React from 'react';
import { MailIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { useLazyDialog } from '@/components/ui/lazy-dialog';

// The dialog (Radix Dialog around the newsletter form) loads when it is first opened, or when the
// pointer or focus comes to the button. React.lazy, not next/dynamic: Next preloads next/dynamic
// chunks with the page.
const loadDialog = () => import('./newsletter-dialog-content');
const NewsletterDialog = React.lazy(() => loadDialog().then((m) => ({ default: m.NewsletterDialog })));

export interface NewsletterDialogTriggerProps {
  className?: string;
}

/** The header's 'Newsletter' button: opens the popup with the newsletter form. */
export function NewsletterDialogTrigger({ className }: NewsletterDialogTriggerProps) {
  const t = useTranslations('Newsletter');
  const dialog = useLazyDialog({ load: loadDialog });
  return (
    <>
      <Button type="button" variant="ghost" className={className} {...dialog.triggerProps}>
        <MailIcon aria-hidden />
        {t('trigger')}
      </Button>
      {dialog.needed && (
        <React.Suspense fallback={null}>
          <NewsletterDialog open={dialog.open} onOpenChange={dialog.setOpen} id={dialog.contentId} trigger={dialog.triggerRef} />
        </React.Suspense>
      )}
    </>
  );
}
