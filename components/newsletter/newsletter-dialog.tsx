'use client';

import { MailIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { NewsletterForm } from './newsletter-form';

export interface NewsletterDialogTriggerProps {
  className?: string;
}

/** The header's 'Newsletter' button: opens the popup with the newsletter form. */
export function NewsletterDialogTrigger({ className }: NewsletterDialogTriggerProps) {
  const t = useTranslations('Newsletter');
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button type="button" variant="ghost" className={className}>
          <MailIcon aria-hidden />
          {t('trigger')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel="Fechar" data-testid="newsletter-dialog">
        <DialogHeader>
          <DialogTitle>{t('dialogTitle')}</DialogTitle>
          <DialogDescription>{t('dialogDescription')}</DialogDescription>
        </DialogHeader>
        <NewsletterForm variant="popup" />
      </DialogContent>
    </Dialog>
  );
}
