'use client';

import * as React from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/**
 * A destructive action that asks first (spec 2.6, 4: removing a line and clearing the cart):
 * the trigger turns into the question with 'Confirmar' / 'Cancelar'; Escape cancels.
 */
export function ConfirmAction({
  label,
  question,
  confirmLabel,
  cancelLabel,
  onConfirm,
  children,
  className,
  testId,
  asking: askingProp,
  onAskingChange,
}: {
  /** Accessible name of the trigger. */
  label: string;
  question: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => Promise<unknown> | void;
  children: React.ReactNode;
  className?: string;
  testId?: string;
  /** Controlled question state (a quantity typed below 1 asks the same question). */
  asking?: boolean;
  onAskingChange?: (asking: boolean) => void;
}) {
  const [ownAsking, setOwnAsking] = React.useState(false);
  const asking = askingProp ?? ownAsking;
  const setAsking = (next: boolean) => {
    if (onAskingChange) onAskingChange(next);
    else setOwnAsking(next);
  };
  const [busy, setBusy] = React.useState(false);
  const triggerRef = React.useRef<HTMLButtonElement>(null);
  const confirmRef = React.useRef<HTMLButtonElement>(null);
  React.useEffect(() => {
    if (asking) confirmRef.current?.focus();
  }, [asking]);
  const cancel = () => {
    setAsking(false);
    window.setTimeout(() => triggerRef.current?.focus(), 0);
  };
  if (!asking) {
    return (
      <button ref={triggerRef} type="button" aria-label={label} title={label} className={className} data-testid={testId} onClick={() => setAsking(true)}>
        {children}
      </button>
    );
  }
  return (
    <span
      role="alertdialog"
      aria-label={question}
      className="flex flex-wrap items-center gap-2 rounded-md bg-red-50 px-2 py-1 text-xs text-red-900"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          // Handled: the dropdown around it stays open.
          e.preventDefault();
          e.stopPropagation();
          cancel();
        }
      }}
    >
      <span>{question}</span>
      <Button
        ref={confirmRef}
        type="button"
        size="sm"
        variant="destructive"
        className={cn('h-7 px-2 text-xs')}
        disabled={busy}
        data-testid={testId ? `${testId}-confirm` : undefined}
        onClick={async () => {
          setBusy(true);
          try {
            await onConfirm();
          } finally {
            setBusy(false);
            setAsking(false);
          }
        }}
      >
        {confirmLabel}
      </Button>
      <Button type="button" size="sm" variant="outline" className="h-7 px-2 text-xs" onClick={cancel}>
        {cancelLabel}
      </Button>
    </span>
  );
}
