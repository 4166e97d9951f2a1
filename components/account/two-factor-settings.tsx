'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { toast } from '@/components/ui/toast';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/forms/form-alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { ActionResult, MessageRef } from '@/lib/errors';
import { useMessageText } from '@/lib/forms/use-message-text';
import { passwordConfirmationSchema, twoFactorCodeSchema } from '@/lib/validation/account';
import { PASSWORD_MAX_LENGTH } from '@/lib/validation/auth';
import { confirmTwoFactorAction, disableTwoFactorAction, startTwoFactorAction } from '@/server/auth/two-factor-actions';

const UNEXPECTED: MessageRef = { message: 'Errors.unexpected' };

/** The first message key of a field under the action's own schema, or undefined when it passes. */
function problemOf(schema: typeof passwordConfirmationSchema | typeof twoFactorCodeSchema, input: unknown): string | undefined {
  const parsed = schema.safeParse(input);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

interface Setup {
  uri: string;
  secret: string;
  qrSvg: string;
  backupCodes: string[];
}

/** The server's SVG as a data URI for an <img> (never injected as markup). */
function svgDataUri(svg: string): string {
  // UTF-8 bytes as a binary string (what btoa takes), without TextEncoder.
  const binary = encodeURIComponent(svg).replace(/%([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return `data:image/svg+xml;base64,${btoa(binary)}`;
}


/** A password field with its own id (the three steps never share one). */
function PasswordField({ id, value, onChange, error }: { id: string; value: string; onChange: (value: string) => void; error?: string }) {
  const t = useTranslations('Account.twoFactor');
  return (
    <Field id={id} label={t('password')} error={error} required>
      <Input
        type="password"
        autoComplete="current-password"
        aria-required="true"
        maxLength={PASSWORD_MAX_LENGTH}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}

/**
 * 'Verificação em dois passos' of /dashboard/settings (staff only): off → password → QR code,
 * manual key and backup codes → first 6-digit code → on; on → password → off.
 */
export function TwoFactorSettings({ enabled }: { enabled: boolean }) {
  const t = useTranslations('Account.twoFactor');
  const text = useMessageText();
  const id = React.useId();
  const router = useRouter();
  const [on, setOn] = React.useState(enabled);
  const [seenEnabled, setSeenEnabled] = React.useState(enabled);
  const [setup, setSetup] = React.useState<Setup | null>(null);
  const [password, setPassword] = React.useState('');
  const [code, setCode] = React.useState('');
  const [fieldError, setFieldError] = React.useState<string | undefined>(undefined);
  const [problem, setProblem] = React.useState<MessageRef | null>(null);
  const [busy, setBusy] = React.useState(false);

  // The server's value wins when it changes (after router.refresh()).
  if (enabled !== seenEnabled) {
    setSeenEnabled(enabled);
    setOn(enabled);
    setSetup(null);
  }

  const clearErrors = () => {
    setFieldError(undefined);
    setProblem(null);
  };

  async function run<T>(action: () => Promise<ActionResult<T>>, field: 'password' | 'code', onDone: (data: T) => void) {
    setBusy(true);
    clearErrors();
    try {
      const result = await action();
      if (result.ok) onDone(result.data);
      else {
        const message = result.error.fieldErrors?.[field]?.[0];
        if (message) setFieldError(message);
        else setProblem(result.error);
      }
    } catch {
      setProblem(UNEXPECTED);
    } finally {
      setBusy(false);
    }
  }

  const checkPassword = () => {
    const message = problemOf(passwordConfirmationSchema, { password });
    if (message) {
      clearErrors();
      setFieldError(message);
    }
    return !message;
  };

  const start = (event: React.FormEvent) => {
    event.preventDefault();
    if (!checkPassword()) return;
    void run(() => startTwoFactorAction({ password }), 'password', (data) => {
      setPassword('');
      setCode('');
      setSetup(data);
    });
  };

  const confirm = (event: React.FormEvent) => {
    event.preventDefault();
    const message = problemOf(twoFactorCodeSchema, { code });
    if (message) {
      clearErrors();
      setFieldError(message);
      return;
    }
    void run(() => confirmTwoFactorAction({ code }), 'code', (data) => {
      toast.success(text(data.message, data.values));
      setSetup(null);
      setCode('');
      setOn(true);
      router.refresh();
    });
  };

  const disable = (event: React.FormEvent) => {
    event.preventDefault();
    if (!checkPassword()) return;
    void run(() => disableTwoFactorAction({ password }), 'password', (data) => {
      toast.success(text(data.message, data.values));
      setPassword('');
      setOn(false);
      router.refresh();
    });
  };

  const cancel = () => {
    clearErrors();
    setSetup(null);
    setCode('');
  };

  const headingId = `${id}-heading`;
  const passwordId = `${id}-password`;
  const codeId = `${id}-code`;
  const codesId = `${id}-backup-codes`;
  const fieldErrorText = text(fieldError);
  const problemText = text(problem?.message, problem?.values);

  let body: React.ReactNode;
  if (on) {
    body = (
      <form onSubmit={disable} noValidate className="max-w-xl space-y-4" aria-label={t('disableLabel')}>
        <p className="text-sm text-slate-700">{t('onText')}</p>
        <fieldset disabled={busy} className="space-y-4">
          <PasswordField id={passwordId} value={password} onChange={setPassword} error={fieldErrorText} />
        </fieldset>
        <FormAlert message={problemText} />
        <Button type="submit" variant="outline" disabled={busy}>
          {busy ? t('disabling') : t('disable')}
        </Button>
      </form>
    );
  } else if (setup) {
    body = (
      <div className="space-y-6">
        <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
          <li>{t('stepScan')}</li>
          <li>{t('stepSave')}</li>
          <li>{t('stepCode')}</li>
        </ol>
        <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
          {/* eslint-disable-next-line @next/next/no-img-element -- an inline data URI, nothing for next/image to optimise */}
          <img
            src={svgDataUri(setup.qrSvg)}
            alt={t('qrAlt')}
            width={192}
            height={192}
            className="size-48 shrink-0 rounded-md border border-slate-200 bg-white p-2"
          />
          <div className="min-w-0 space-y-1.5">
            <p className="text-sm font-medium text-slate-900">{t('manualKey')}</p>
            <p className="text-xs text-slate-600">{t('manualKeyHint')}</p>
            <code
              className="block rounded-md border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900 select-all"
              data-testid="two-factor-secret"
            >
              {setup.secret}
            </code>
          </div>
        </div>
        <div className="space-y-2">
          <h3 id={codesId} className="text-base font-semibold text-slate-900">
            {t('backupTitle')}
          </h3>
          <p className="text-sm text-slate-700">{t('backupText')}</p>
          <ul aria-labelledby={codesId} className="grid max-w-md grid-cols-2 gap-2 rounded-md border border-slate-200 bg-slate-50 p-3 font-mono text-sm text-slate-900">
            {setup.backupCodes.map((backupCode) => (
              <li key={backupCode}>{backupCode}</li>
            ))}
          </ul>
        </div>
        <form onSubmit={confirm} noValidate className="max-w-xl space-y-4" aria-label={t('confirmLabel')}>
          <fieldset disabled={busy} className="space-y-4">
            <Field id={codeId} label={t('code')} error={fieldErrorText} required>
              <Input
                inputMode="numeric"
                autoComplete="one-time-code"
                aria-required="true"
                maxLength={6}
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
              />
            </Field>
          </fieldset>
          <FormAlert message={problemText} />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={busy}>
              {busy ? t('confirming') : t('confirm')}
            </Button>
            <Button type="button" variant="outline" onClick={cancel} disabled={busy}>
              {t('cancel')}
            </Button>
          </div>
        </form>
      </div>
    );
  } else {
    body = (
      <form onSubmit={start} noValidate className="max-w-xl space-y-4" aria-label={t('enableLabel')}>
        <p className="text-sm text-slate-700">{t('offText')}</p>
        <fieldset disabled={busy} className="space-y-4">
          <PasswordField id={passwordId} value={password} onChange={setPassword} error={fieldErrorText} />
        </fieldset>
        <FormAlert message={problemText} />
        <Button type="submit" disabled={busy}>
          {busy ? t('enabling') : t('enable')}
        </Button>
      </form>
    );
  }

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-5 shadow-xs sm:p-6" data-testid="two-factor-settings">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={headingId} className="text-xl font-semibold text-slate-900">
          {t('title')}
        </h2>
        {on && (
          <span className="rounded-full border border-green-200 bg-green-50 px-2.5 py-0.5 text-xs font-semibold text-green-800">{t('active')}</span>
        )}
      </div>
      <div className="mt-5">{body}</div>
    </section>
  );
}
