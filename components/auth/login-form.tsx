'use client';

import * as React from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { safeRedirectPath } from '@/lib/safe-redirect';
import { useActionForm } from '@/lib/forms/use-action-form';
import { applyFieldErrors } from '@/lib/forms/zod-resolver';
import { LOGIN_MESSAGES, loginSchema, type LoginInput } from '@/lib/validation/auth';
import { resendConfirmationAction, signInAction, verifyBackupCodeAction, verifyTotpAction } from '@/server/auth/actions';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/forms/form-alert';

/** Answers of the code step after which the password is asked again. */
const SIGN_IN_AGAIN = new Set<string>([LOGIN_MESSAGES.twoFactorSignInAgain, LOGIN_MESSAGES.twoFactorChallengeGone]);


/**
 * Login (spec 4, 5, 8): e-mail and password required; an unconfirmed e-mail is told to confirm
 * first (with a resend button); anything else 'Email ou password inválidos…'. After success a
 * toast and a full reload (or the page the visitor came for). Staff with two-factor
 * authentication give their 6-digit code next.
 */
export function LoginForm({ next, onSubmittingChange, idPrefix = 'login' }: { next?: string; onSubmittingChange?: (submitting: boolean) => void; idPrefix?: string }) {
  const t = useTranslations('Auth');
  const [twoFactor, setTwoFactor] = React.useState(false);
  const [code, setCode] = React.useState('');
  const [backup, setBackup] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  const [resent, setResent] = React.useState<string | null>(null);
  /** The e-mail is not confirmed yet: the error box offers to send the link again. */
  const [unconfirmed, setUnconfirmed] = React.useState(false);
  const { form, text, submit, fieldError, problem, problemText, setProblem } = useActionForm<LoginInput>({
    schema: loginSchema,
    defaultValues: { email: '', password: '' },
    failed: { message: LOGIN_MESSAGES.generic },
  });
  const { register, getValues, setError } = form;
  const { isSubmitting } = form.formState;

  const submitting = isSubmitting || busy;
  React.useEffect(() => onSubmittingChange?.(submitting), [submitting, onSubmittingChange]);

  const done = () => {
    toast.success(t('login.success'));
    const target = safeRedirectPath(next, '', window.location.origin);
    if (target) window.location.assign(target);
    else window.location.reload();
  };

  const onSubmit = submit(
    (values) => {
      setResent(null);
      setUnconfirmed(false);
      return signInAction(values);
    },
    {
      onSuccess: (data) => {
        if (data.twoFactor) setTwoFactor(true);
        else done();
      },
      onRefused: (error) => {
        if (error.code === 'email_not_confirmed') {
          setUnconfirmed(true);
          setProblem({ message: error.message });
        } else if (!applyFieldErrors(error.fieldErrors, setError) || error.code !== 'bad_request') setProblem({ message: error.message, values: error.values });
        return true;
      },
    },
  );

  const submitCode = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      const result = backup ? await verifyBackupCodeAction({ code }) : await verifyTotpAction({ code, trustDevice: false });
      if (result.ok) done();
      else {
        // The pending sign-in is void (too many codes) or gone: back to the password, with the reason.
        if (SIGN_IN_AGAIN.has(result.error.message)) {
          setTwoFactor(false);
          setBackup(false);
          setCode('');
        }
        setProblem({ message: result.error.fieldErrors?.code?.[0] ?? result.error.message, values: result.error.values });
      }
    } catch {
      setProblem({ message: LOGIN_MESSAGES.generic });
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setBusy(true);
    try {
      const result = await resendConfirmationAction({ email: getValues('email') });
      setResent(result.ok ? text(result.data.message) ?? null : text(result.error.fieldErrors?.email?.[0] ?? result.error.message, result.error.values) ?? null);
    } catch {
      setResent(text('Errors.unexpected') ?? null);
    } finally {
      setBusy(false);
    }
  };

  const alert = (
    <FormAlert message={problemText} testId="login-error">
      {problem && unconfirmed && (
        <Button type="button" variant="link" className="h-auto p-0 text-red-900 underline" onClick={resend} disabled={busy}>
          {t('login.resendConfirmation')}
        </Button>
      )}
      {resent && <p className="mt-1 text-slate-700">{resent}</p>}
    </FormAlert>
  );

  if (twoFactor) {
    const id = `${idPrefix}-totp`;
    return (
      // Keyed: the two steps are different forms (their inputs never pass from one to the other).
      <form key="code" onSubmit={submitCode} className="space-y-4" noValidate>
        <p className="text-sm text-slate-700">
          {backup ? t('twoFactor.backupPrompt') : t('twoFactor.totpPrompt')}
        </p>
        {backup ? (
          <Field id={`${id}-backup`} label={t('twoFactor.backupLabel')} required>
            <Input id={`${id}-backup`} autoComplete="off" value={code} onChange={(e) => setCode(e.target.value.trim().slice(0, 40))} autoFocus />
          </Field>
        ) : (
          <Field id={id} label={t('twoFactor.totpLabel')} required>
            <Input id={id} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))} autoFocus />
          </Field>
        )}
        {alert}
        <Button type="submit" className="w-full" disabled={submitting || (backup ? code.length < 4 : code.length !== 6)}>
          {submitting ? t('twoFactor.submitting') : t('twoFactor.submit')}
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
          {backup ? t('twoFactor.useTotp') : t('twoFactor.useBackup')}
        </Button>
      </form>
    );
  }

  const email = `${idPrefix}-email`;
  const password = `${idPrefix}-password`;
  return (
    <form key="password" onSubmit={onSubmit} className="space-y-4" noValidate data-testid="login-form">
      <Field id={email} label={t('login.email')} error={fieldError('email')} required>
        <Input type="email" autoComplete="email" {...register('email')} />
      </Field>
      <Field id={password} label={t('login.password')} error={fieldError('password')} required>
        <Input type="password" autoComplete="current-password" {...register('password')} />
      </Field>
      <div className="flex justify-end text-sm">
        <Link href="/forgot-password" className="font-medium text-sky-800 hover:underline">
          {t('login.forgotPassword')}
        </Link>
      </div>
      {alert}
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? t('login.submitting') : t('login.submit')}
      </Button>
      <p className="text-center text-xs text-slate-600">
        {t.rich('login.terms', {
          link: (chunks) => (
            <Link href="/condicoes-gerais-de-venda" className="underline">
              {chunks}
            </Link>
          ),
        })}
      </p>
    </form>
  );
}
