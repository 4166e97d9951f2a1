'use client';

import { useTranslations } from 'next-intl';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { restoreFocus } from '@/components/ui/focus-return';
import { NewsletterForm } from './newsletter-form';

export interface NewsletterDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  id: string;
  /** The 'Newsletter' button, which gets focus back when the dialog closes. */
  trigger: React.RefObject<HTMLElement | null>;
}

/** The newsletter popup (Radix Dialog), loaded by NewsletterDialogTrigger the first time it opens. */
export function NewsletterDialog({ open, onOpenChange, id, trigger }: NewsletterDialogProps) {
  const t = useTranslations('Newsletter');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        id={id}
        closeLabel="Fechar"
        data-testid="newsletter-dialog"
        onCloseAutoFocus={(event) => restoreFocus(event, trigger.current)}
      >
        <DialogHeader>
          <DialogTitle>{t('dialogTitle')}</DialogTitle>
          <DialogDescription>{t('dialogDescription')}</DialogDescription>
        </DialogHeader>
        <NewsletterForm variant="popup" />
      </DialogContent>
    </Dialog>
  );
}
