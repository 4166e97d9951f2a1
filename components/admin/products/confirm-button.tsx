'use client';

import * as React from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmButton as UiConfirmButton } from '@/components/ui/confirm-dialog';

/**
 * The product screens' button that asks first (an alert dialog with the consequence spelled out):
 * outlined red when destructive; the dialog stays open, its buttons disabled, until `onConfirm`
 * has finished.
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
  return (
    <UiConfirmButton
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
      onConfirm={onConfirm}
      contentTestId={testId ? `${testId}-dialog` : undefined}
      confirmTestId={testId ? `${testId}-confirm` : undefined}
    />
  );
}
