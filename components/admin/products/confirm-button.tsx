'use client';

import * as React from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

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
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      busy={busy}
      trigger={
        <Button type="button" variant={destructive ? 'outline' : 'default'} className={destructive ? 'text-red-700 hover:bg-red-50 hover:text-red-800' : undefined} disabled={disabled} data-testid={testId}>
          {label}
        </Button>
      }
      title={title}
      description={description}
      cancel={cancel}
      confirm={confirm}
      confirmVariant={destructive ? 'destructive' : 'default'}
      onConfirm={() => void run()}
      contentTestId={testId ? `${testId}-dialog` : undefined}
      confirmTestId={testId ? `${testId}-confirm` : undefined}
    />
  );
}
