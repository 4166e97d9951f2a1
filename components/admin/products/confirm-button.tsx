'use client';

import * as React from 'react';
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

/**
 * A button that asks first (an alert dialog with the consequence spelled out); the dialog stays
 * open, its buttons disabled, until `onConfirm` has finished.
 */
export function ConfirmButton({
  label,
  title,
  description,
  confirm,
  cancel,
  destructive = false,
  disabled = false,
  onConfirm,
  testId,
}: {
  label: React.ReactNode;
  title: string;
  description: React.ReactNode;
  confirm: string;
  cancel: string;
  destructive?: boolean;
  disabled?: boolean;
  onConfirm: () => Promise<void>;
  testId?: string;
}) {
  const [open, setOpen] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await onConfirm();
      setOpen(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button type="button" variant={destructive ? 'outline' : 'default'} className={destructive ? 'text-red-700 hover:bg-red-50 hover:text-red-800' : undefined} disabled={disabled} data-testid={testId}>
          {label}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent data-testid={testId ? `${testId}-dialog` : undefined}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{cancel}</AlertDialogCancel>
          <Button type="button" variant={destructive ? 'destructive' : 'default'} disabled={busy} onClick={() => void run()} data-testid={testId ? `${testId}-confirm` : undefined}>
            {confirm}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
