'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { CheckIcon, ClockIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { restoreFocus } from '@/components/ui/focus-return';

export interface ComingSoonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back when the dialog closes (the control that opened it). */
  returnFocus?: () => HTMLElement | null;
}

/**
 * 'Registo e Área Privada disponíveis muito em breve': what can be done meanwhile, with
 * 'Entre em Contacto' (/contacto) and 'Continuar a Navegar' (/produtos). Loaded by
 * ComingSoonProvider the first time it opens.
 */
export function ComingSoonDialog({ open, onOpenChange, returnFocus }: ComingSoonDialogProps) {
  const t = useTranslations('ComingSoon');
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={t('close')}
        data-testid="coming-soon-dialog"
        onCloseAutoFocus={(event) => restoreFocus(event, returnFocus?.())}
      >
        <DialogHeader>
          <span
            aria-hidden
            className="mx-auto grid size-12 place-items-center rounded-full bg-amber-100 text-amber-700 sm:mx-0"
          >
            <ClockIcon className="size-6" />
          </span>
          <DialogTitle className="text-xl leading-snug">{t('title')}</DialogTitle>
          <DialogDescription>{t('description')}</DialogDescription>
        </DialogHeader>
        <ul className="space-y-2 text-sm text-slate-700">
          {(['browse', 'cart', 'quotes'] as const).map((key) => (
            <li key={key} className="flex items-start gap-2">
              <CheckIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-600" />
              {t(key)}
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button asChild variant="outline">
            <Link href="/contacto" onClick={close}>
              {t('contact')}
            </Link>
          </Button>
          <Button asChild>
            <Link href="/produtos" onClick={close}>
              {t('continue')}
            </Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
