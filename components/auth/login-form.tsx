'use client';

import * as React from 'react';
import Link from 'next/link';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { safeNextPath } from '@/lib/auth/next-path';
import { loginSchema, type LoginInput } from '@/lib/auth/validation';
import { applyFieldErrors, zodFormResolver } from '@/lib/forms/zod-resolver';
import { resendConfirmationAction, signInAction, verifyBackupCodeAction, verifyTotpAction } from '@/server/auth/actions';
import { FormAlert, FormField, fieldA11y } from './form-field';

type Problem = { message: string; unconfirmed?: boolean } | null;

/**
 * Login (spec 4, 5, 8): e-mail and password required; an unconfirmed e-mail is told to confirm
 * first (with a resend button); anything else 'Email ou password inválidos…'. After success a
 * toast and a full reload (or the page the visitor came for). Staff with two-factor
 * authentication give their 6-digit code next.
 */
export function LoginForm({ next, onSubmittingChange, idPrefix = 'login' }: { next?: string; onSubmittingChange?: (submitting: boolean) => void; idPrefix?: string }) {
  const [problem, setProblem] = React.useState<Problem>(null);
  const [twoFactor, setTwoFactor] = React.useState(false);
  const [code, setCode] = React.useState('');
  const [backup, setBackup] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  const [resent, setResent] = React.useState<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: zodFormResolver<LoginInput>(loginSchema), defaultValues: { email: '', password: '' }, mode: 'onTouched' });

  const submitting = isSubmitting || busy;
  React.useEffect(() => onSubmittingChange?.(submitting), [submitting, onSubmittingChange]);

  const done = () => {
    toast.success('Sessão iniciada com sucesso');
    const target = safeNextPath(next, '');
    if (target) window.location.assign(target);
    else window.location.reload();
  };

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    setResent(null);
    try {
      const result = await signInAction(values);
      if (result.ok) {
        if (result.data.twoFactor) setTwoFactor(true);
        else done();
        return;
      }
      if (result.code === 'email_not_confirmed') setProblem({ message: result.error, unconfirmed: true });
      else if (!applyFieldErrors(result.fieldErrors, setError) || result.code !== 'bad_request') setProblem({ message: result.error || 'Erro ao fazer login' });
    } catch {
      setProblem({ message: 'Erro ao fazer login' });
    }
  });

  const submitCode = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      const result = backup ? await verifyBackupCodeAction({ code }) : await verifyTotpAction({ code, trustDevice: false });
      if (result.ok) done();
      else setProblem({ message: result.fieldErrors?.code?.[0] ?? result.error });
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setBusy(true);
    try {
      const result = await resendConfirmationAction({ email: getValues('email') });
      setResent(result.ok ? result.data.message : result.error);
    } finally {
      setBusy(false);
    }
  };

  const alert = (
    <FormAlert message={problem?.message} testId="login-error">
      {problem?.unconfirmed && (
        <Button type="button" variant="link" className="h-auto p-0 text-red-900 underline" onClick={resend} disabled={busy}>
          Reenviar email de confirmação
        </Button>
      )}
      {resent && <p className="mt-1 text-slate-700">{resent}</p>}
    </FormAlert>
  );

  if (twoFactor) {
    const id = `${idPrefix}-totp`;
    return (
      <form onSubmit={submitCode} className="space-y-4" noValidate>
        <p className="text-sm text-slate-700">
          {backup ? 'Introduza um dos seus códigos de recuperação (cada um só funciona uma vez).' : 'Introduza o código de 6 dígitos da sua aplicação de autenticação.'}
        </p>
        {backup ? (
          <FormField id={`${id}-backup`} label="Código de recuperação" required>
            <Input id={`${id}-backup`} autoComplete="off" value={code} onChange={(e) => setCode(e.target.value.trim().slice(0, 40))} autoFocus />
          </FormField>
        ) : (
          <FormField id={id} label="Código de verificação" required>
            <Input id={id} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))} autoFocus />
          </FormField>
        )}
        {alert}
        <Button type="submit" className="w-full" disabled={submitting || (backup ? code.length < 4 : code.length !== 6)}>
          {submitting ? 'A verificar…' : 'Verificar'}
        </Button>
        <Button
          type="button"
          variant="link"
          className="h-auto w-full p-0 text-sm"
          onClick={() => {
            setBackup(!backup);
            setCode('');
            setProblem(null);
          }}
        >
          {backup ? 'Usar o código da aplicação' : 'Usar um código de recuperação'}
        </Button>
      </form>
    );
  }

  const email = `${idPrefix}-email`;
  const password = `${idPrefix}-password`;
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate data-testid="login-form">
      <FormField id={email} label="Email" error={errors.email?.message} required>
        <Input type="email" autoComplete="email" {...fieldA11y(email, errors.email?.message)} {...register('email')} />
      </FormField>
      <FormField id={password} label="Password" error={errors.password?.message} required>
        <Input type="password" autoComplete="current-password" {...fieldA11y(password, errors.password?.message)} {...register('password')} />
      </FormField>
      <div className="flex justify-end text-sm">
        <Link href="/forgot-password" className="font-medium text-sky-800 hover:underline">
          Esqueceu-se da password?
        </Link>
      </div>
      {alert}
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? 'A entrar…' : 'Entrar'}
      </Button>
      <p className="text-center text-xs text-slate-600">
        Ao entrar aceita as{' '}
        <Link href="/condicoes-gerais-de-venda" className="underline">
          condições gerais de venda
        </Link>
        .
      </p>
    </form>
  );
}
