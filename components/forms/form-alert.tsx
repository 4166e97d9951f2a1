import * as React from 'react';

/**
 * A form's error box, announced as an alert; nothing when there is no message. `children` adds
 * lines under the message (e.g. "what you typed is kept").
 */
export function FormAlert({ message, testId, children }: { message: React.ReactNode; testId?: string; children?: React.ReactNode }) {
  if (!message) return null;
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800" data-testid={testId}>
      <p className={children ? 'font-medium' : undefined}>{message}</p>
      {children}
    </div>
  );
}
