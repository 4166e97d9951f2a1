'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { useMessageText } from '@/lib/forms/use-message-text';
import { markReprintedAction } from '@/server/catalogue/management-actions';

/** "Marcar como reimpresso" for one chapter (or every chapter), after a confirmation with an optional note. */
export function MarkReprinted({ chapter, label }: { chapter: number | 'all'; label?: string }) {
  const t = useTranslations('Admin.Catalogue');
  const text = useMessageText();
  const router = useRouter();
  const [open, setOpen] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  const [note, setNote] = React.useState('');
  const noteId = React.useId();

  const mark = async () => {
    setBusy(true);
    try {
      const result = await markReprintedAction({ chapter, note });
      if (result.ok) {
        setOpen(false);
        setNote('');
        toast.success(text(result.data.message));
        router.refresh();
      } else toast.error(text(result.error.message, result.error.values));
    } catch {
      toast.error(text('Errors.generic'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button type="button" variant={chapter === 'all' ? 'default' : 'outline'} size="sm" data-testid={chapter === 'all' ? 'mark-all' : `mark-${chapter}`}>
          {chapter === 'all' ? t('markAll') : t('markReprinted')}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('markConfirmTitle')}</AlertDialogTitle>
          <AlertDialogDescription>{chapter === 'all' ? t('markConfirmAll') : t('markConfirmChapter', { chapter: label ?? String(chapter) })}</AlertDialogDescription>
        </AlertDialogHeader>
        <label htmlFor={noteId} className="text-sm font-medium text-slate-800">
          {t('markNote')}
        </label>
        <input id={noteId} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} className="rounded-md border px-3 py-1.5 text-sm" />
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{t('cancel')}</AlertDialogCancel>
          <Button type="button" onClick={mark} disabled={busy} data-testid="mark-confirm">
            {busy ? t('marking') : t('markReprinted')}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
