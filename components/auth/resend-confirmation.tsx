'use client';

import * as React from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { MessageRef } from '@/lib/errors';
import { useMessageText } from '@/lib/forms/use-message-text';
import { resendConfirmationAction } from '@/server/auth/actions';

/** Asks for a new confirmation e-mail (the answer does not say whether the address has an account). */
export function ResendConfirmation() {
  const t = useTranslations('Auth.resend');
  const text = useMessageText();
  const [email, setEmail] = React.useState('');
  const [message, setMessage] = React.useState<(MessageRef & { ok: boolean }) | null>(null);
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
          setMessage(
            result.ok
              ? { ok: true, ...result.data }
              : { ok: false, message: result.error.fieldErrors?.email?.[0] ?? result.error.message, values: result.error.values },
          );
        } catch {
          setMessage({ ok: false, message: 'Errors.unexpected' });
        } finally {
          setPending(false);
        }
      }}
    >
      <div className="space-y-1.5">
        <Label htmlFor="resend-email">{t('email')}</Label>
        <Input id="resend-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
      </div>
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'text-sm text-emerald-800' : 'text-sm text-red-700'}>
          {text(message.message, message.values)}
        </p>
      )}
      <Button type="submit" disabled={pending} className="w-full">
        {t('submit')}
      </Button>
    </form>
  );
}
