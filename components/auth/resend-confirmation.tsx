'use client';

import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { resendConfirmationAction } from '@/server/auth/actions';

/** Asks for a new confirmation e-mail (the answer does not say whether the address has an account). */
export function ResendConfirmation() {
  const [email, setEmail] = React.useState('');
  const [message, setMessage] = React.useState<{ ok: boolean; text: string } | null>(null);
  const [pending, setPending] = React.useState(false);
  return (
    <form
      className="space-y-3"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        setPending(true);
        try {
          const result = await resendConfirmationAction({ email });
          setMessage(result.ok ? { ok: true, text: result.data.message } : { ok: false, text: result.fieldErrors?.email?.[0] ?? result.error });
        } finally {
          setPending(false);
        }
      }}
    >
      <div className="space-y-1.5">
        <Label htmlFor="resend-email">Email</Label>
        <Input id="resend-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
      </div>
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'text-sm text-emerald-800' : 'text-sm text-red-700'}>
          {message.text}
        </p>
      )}
      <Button type="submit" disabled={pending} className="w-full">
        Enviar novo link
      </Button>
    </form>
  );
}
