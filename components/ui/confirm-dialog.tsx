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

export interface ConfirmDialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** While true both buttons are disabled and the dialog cannot be closed. */
  busy?: boolean;
  /** The button that opens the dialog (none when something else opens it). */
  trigger?: React.ReactNode;
  title: React.ReactNode;
  description: React.ReactNode;
  /** What the question needs beyond its text (a note field…), between the text and the buttons. */
  children?: React.ReactNode;
  /** A refusal shown in the dialog, announced as an alert. */
  problem?: React.ReactNode;
  cancel: React.ReactNode;
  confirm: React.ReactNode;
  confirmVariant?: 'default' | 'destructive';
  onConfirm: () => void;
  contentTestId?: string;
  confirmTestId?: string;
}

/**
 * The question asked before an action that cannot be undone: an alert dialog with the consequence
 * spelled out, 'Cancelar', and a confirm button that is a plain button (not AlertDialogAction), so
 * the dialog stays open, its buttons disabled, until the action has answered.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  busy = false,
  trigger,
  title,
  description,
  children,
  problem,
  cancel,
  confirm,
  confirmVariant = 'destructive',
  onConfirm,
  contentTestId,
  confirmTestId,
}: ConfirmDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && onOpenChange?.(next)}>
      {trigger ? <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent data-testid={contentTestId}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        {problem ? (
          <p role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{cancel}</AlertDialogCancel>
          <Button type="button" variant={confirmVariant} disabled={busy} onClick={onConfirm} data-testid={confirmTestId}>
            {confirm}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

export interface ConfirmButtonProps extends Omit<ConfirmDialogProps, 'open' | 'onOpenChange' | 'busy' | 'onConfirm' | 'trigger'> {
  /** The button that opens the question. */
  trigger: React.ReactNode;
  /** The confirm button's label while the action runs (default: its label). */
  confirmBusy?: React.ReactNode;
  /** The action; the dialog closes when it is done, unless it answers false (a refusal shown in `problem`). */
  onConfirm: () => Promise<boolean | void>;
}

/** A ConfirmDialog that holds its own state: opened by its trigger, busy while `onConfirm` runs. */
export function ConfirmButton({ confirm, confirmBusy, onConfirm, ...dialog }: ConfirmButtonProps) {
  const [open, setOpen] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  const run = async () => {
    setBusy(true);
    try {
      if ((await onConfirm()) !== false) setOpen(false);
    } finally {
      setBusy(false);
    }
  };
  return <ConfirmDialog {...dialog} open={open} onOpenChange={setOpen} busy={busy} confirm={busy && confirmBusy ? confirmBusy : confirm} onConfirm={() => void run()} />;
}
