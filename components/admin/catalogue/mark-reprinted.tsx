'use client';

import * as React from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useRefreshingAction } from '@/components/forms/use-refreshing-action';
import { markReprintedAction } from '@/server/catalogue/management-actions';

/** "Marcar como reimpresso" for one chapter (or every chapter), after a confirmation with an optional note. */
export function MarkReprinted({ chapter, label }: { chapter: number | 'all'; label?: string }) {
  const t = useTranslations('Admin.Catalogue');
  const { run, busy } = useRefreshingAction();
  const [open, setOpen] = React.useState(false);
  const [note, setNote] = React.useState('');
  const noteId = React.useId();

  const mark = () =>
    run(() => markReprintedAction({ chapter, note }), {
      onDone: () => {
        setOpen(false);
        setNote('');
      },
    });

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      busy={busy !== null}
      trigger={
        <Button type="button" variant={chapter === 'all' ? 'default' : 'outline'} size="sm" data-testid={chapter === 'all' ? 'mark-all' : `mark-${chapter}`}>
          {chapter === 'all' ? t('markAll') : t('markReprinted')}
        </Button>
      }
      title={t('markConfirmTitle')}
      description={chapter === 'all' ? t('markConfirmAll') : t('markConfirmChapter', { chapter: label ?? String(chapter) })}
      cancel={t('cancel')}
      confirm={busy ? t('marking') : t('markReprinted')}
      confirmVariant="default"
      onConfirm={() => void mark()}
      confirmTestId="mark-confirm"
    >
      <label htmlFor={noteId} className="text-sm font-medium text-slate-800">
        {t('markNote')}
      </label>
      <input id={noteId} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} className="rounded-md border px-3 py-1.5 text-sm" />
    </ConfirmDialog>
  );
}
