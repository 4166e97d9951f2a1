import * as React from 'react';
import { Button } from '@/components/ui/button';

/**
 * A form's submit button: disabled while the form is being sent, and saying so ("A enviar…",
 * "A gravar…") in place of its label.
 */
export function SubmitButton({ pending, pendingLabel, disabled, children, ...props }: Omit<React.ComponentProps<typeof Button>, 'type'> & { pending: boolean; pendingLabel: React.ReactNode }) {
  return (
    <Button type="submit" disabled={pending || disabled} {...props}>
      {pending ? pendingLabel : children}
    </Button>
  );
}
