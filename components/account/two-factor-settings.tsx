'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { toast } from 'sonner';
import { FormAlert, FormField, fieldA11y } from '@/components/auth/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { PASSWORD_MAX_LENGTH } from '@/lib/auth/validation';
import { confirmTwoFactorAction, disableTwoFactorAction, startTwoFactorAction } from '@/server/auth/two-factor-actions';

const UNEXPECTED = 'Erro inesperado. Por favor, tente novamente.';

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
  return (
    <FormField id={id} label="Password" error={error} required>
      <Input
        type="password"
        autoComplete="current-password"
        aria-required="true"
        maxLength={PASSWORD_MAX_LENGTH}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...fieldA11y(id, error)}
      />
    </FormField>
  );
}

/**
 * 'Verificação em dois passos' of /dashboard/settings (staff only): off → password → QR code,
 * manual key and backup codes → first 6-digit code → on; on → password → off.
 */
export function TwoFactorSettings({ enabled }: { enabled: boolean }) {
  const id = React.useId();
  const router = useRouter();
  const [on, setOn] = React.useState(enabled);
  const [seenEnabled, setSeenEnabled] = React.useState(enabled);
  const [setup, setSetup] = React.useState<Setup | null>(null);
  const [password, setPassword] = React.useState('');
  const [code, setCode] = React.useState('');
  const [fieldError, setFieldError] = React.useState<string | undefined>(undefined);
  const [problem, setProblem] = React.useState<string | null>(null);
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

  async function run<T>(
    action: () => Promise<{ ok: true; data: T } | { ok: false; error: string; fieldErrors?: Record<string, string[]> }>,
    field: 'password' | 'code',
    onDone: (data: T) => void,
  ) {
    setBusy(true);
    clearErrors();
    try {
      const result = await action();
      if (result.ok) onDone(result.data);
      else {
        const message = result.fieldErrors?.[field]?.[0];
        if (message) setFieldError(message);
        else setProblem(result.error);
      }
    } catch {
      setProblem(UNEXPECTED);
    } finally {
      setBusy(false);
    }
  }

  const start = (event: React.FormEvent) => {
    event.preventDefault();
    if (!password) {
      clearErrors();
      setFieldError('Indique a sua password');
      return;
    }
    void run(() => startTwoFactorAction({ password }), 'password', (data) => {
      setPassword('');
      setCode('');
      setSetup(data);
    });
  };

  const confirm = (event: React.FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      clearErrors();
      setFieldError('O código tem 6 dígitos.');
      return;
    }
    void run(() => confirmTwoFactorAction({ code }), 'code', (data) => {
      toast.success(data.message);
      setSetup(null);
      setCode('');
      setOn(true);
      router.refresh();
    });
  };

  const disable = (event: React.FormEvent) => {
    event.preventDefault();
    if (!password) {
      clearErrors();
      setFieldError('Indique a sua password');
      return;
    }
    void run(() => disableTwoFactorAction({ password }), 'password', (data) => {
      toast.success(data.message);
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

  let body: React.ReactNode;
  if (on) {
    body = (
      <form onSubmit={disable} noValidate className="max-w-xl space-y-4" aria-label="Desativar a verificação em dois passos">
        <p className="text-sm text-slate-700">
          Ao iniciar sessão, é pedido um código da sua aplicação de autenticação além da password. Para desativar, indique a sua password.
        </p>
        <fieldset disabled={busy} className="space-y-4">
          <PasswordField id={passwordId} value={password} onChange={setPassword} error={fieldError} />
        </fieldset>
        <FormAlert message={problem} />
        <Button type="submit" variant="outline" disabled={busy}>
          {busy ? 'A desativar…' : 'Desativar'}
        </Button>
      </form>
    );
  } else if (setup) {
    body = (
      <div className="space-y-6">
        <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
          <li>Leia o código QR com a aplicação de autenticação (por exemplo Google Authenticator, Microsoft Authenticator ou 1Password).</li>
          <li>Guarde os códigos de recuperação.</li>
          <li>Introduza o código de 6 dígitos que a aplicação mostra.</li>
        </ol>
        <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
          {/* eslint-disable-next-line @next/next/no-img-element -- an inline data URI, nothing for next/image to optimise */}
          <img
            src={svgDataUri(setup.qrSvg)}
            alt="Código QR para a aplicação de autenticação"
            width={192}
            height={192}
            className="size-48 shrink-0 rounded-md border border-slate-200 bg-white p-2"
          />
          <div className="min-w-0 space-y-1.5">
            <p className="text-sm font-medium text-slate-900">
              Chave para introdução manual
            </p>
            <p className="text-xs text-slate-600">Se não conseguir ler o código QR, introduza esta chave na aplicação.</p>
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
            Códigos de recuperação
          </h3>
          <p className="text-sm text-slate-700">
            Guarde estes códigos num local seguro (por exemplo, um gestor de passwords). São mostrados apenas agora e cada um só pode ser usado
            uma vez, se perder o acesso à aplicação de autenticação.
          </p>
          <ul aria-labelledby={codesId} className="grid max-w-md grid-cols-2 gap-2 rounded-md border border-slate-200 bg-slate-50 p-3 font-mono text-sm text-slate-900">
            {setup.backupCodes.map((backupCode) => (
              <li key={backupCode}>{backupCode}</li>
            ))}
          </ul>
        </div>
        <form onSubmit={confirm} noValidate className="max-w-xl space-y-4" aria-label="Confirmar a verificação em dois passos">
          <fieldset disabled={busy} className="space-y-4">
            <FormField id={codeId} label="Código de 6 dígitos" error={fieldError} required>
              <Input
                inputMode="numeric"
                autoComplete="one-time-code"
                aria-required="true"
                maxLength={6}
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
                {...fieldA11y(codeId, fieldError)}
              />
            </FormField>
          </fieldset>
          <FormAlert message={problem} />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={busy}>
              {busy ? 'A confirmar…' : 'Confirmar'}
            </Button>
            <Button type="button" variant="outline" onClick={cancel} disabled={busy}>
              Cancelar
            </Button>
          </div>
        </form>
      </div>
    );
  } else {
    body = (
      <form onSubmit={start} noValidate className="max-w-xl space-y-4" aria-label="Ativar a verificação em dois passos">
        <p className="text-sm text-slate-700">
          Proteja a sua conta da equipa: além da password, passa a ser pedido um código de 6 dígitos de uma aplicação de autenticação no
          telemóvel. Para começar, confirme a sua password.
        </p>
        <fieldset disabled={busy} className="space-y-4">
          <PasswordField id={passwordId} value={password} onChange={setPassword} error={fieldError} />
        </fieldset>
        <FormAlert message={problem} />
        <Button type="submit" disabled={busy}>
          {busy ? 'A ativar…' : 'Ativar'}
        </Button>
      </form>
    );
  }

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-5 shadow-xs sm:p-6" data-testid="two-factor-settings">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={headingId} className="text-xl font-semibold text-slate-900">
          Verificação em dois passos
        </h2>
        {on && (
          <span className="rounded-full border border-green-200 bg-green-50 px-2.5 py-0.5 text-xs font-semibold text-green-800">Ativa</span>
        )}
      </div>
      <div className="mt-5">{body}</div>
    </section>
  );
}
