import * as React from 'react';
import { Label } from '@/components/ui/label';

/** A labelled control with its error (announced and linked with aria-describedby by the caller's ids). */
export function FormField({
  id,
  label,
  error,
  hint,
  required,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: React.ReactNode;
  required?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>
        {label}
        {required && (
          <span aria-hidden className="text-red-600">
            {' '}
            *
          </span>
        )}
      </Label>
      {children}
      {hint && (
        <div id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** aria attributes of a control inside FormField. */
export function fieldA11y(id: string, error: string | undefined, hint = false) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined };
}

/** A form's error box (announced as an alert); nothing when there is no message. */
export function FormAlert({ message, testId, children }: { message: string | null | undefined; testId?: string; children?: React.ReactNode }) {
  if (!message) return null;
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800" data-testid={testId}>
      <p>{message}</p>
      {children}
    </div>
  );
}
