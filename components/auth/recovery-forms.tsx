'use client';

import * as React from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { MessageRef } from '@/lib/errors';
import { useMessageText } from '@/lib/forms/use-message-text';
import { applyFieldErrors, zodFormResolver } from '@/lib/forms/zod-resolver';
import { emailOnlySchema, newPasswordSchema, type EmailOnlyInput, type NewPasswordInput } from '@/lib/validation/auth';
import { requestPasswordResetAction, resetPasswordAction } from '@/server/auth/actions';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/forms/form-alert';
import { PasswordStrength } from './password-strength';

const UNEXPECTED: MessageRef = { message: 'Errors.unexpected' };

/** /forgot-password: sends a one-time link (the answer is the same for any address). */
export function ForgotPasswordForm() {
  const t = useTranslations('Auth.recovery');
  const text = useMessageText();
  const [done, setDone] = React.useState<MessageRef | null>(null);
  const [problem, setProblem] = React.useState<MessageRef | null>(null);
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<EmailOnlyInput>({ resolver: zodFormResolver<EmailOnlyInput>(emailOnlySchema), defaultValues: { email: '' }, mode: 'onTouched' });
  if (done) {
    return (
      <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900" data-testid="recovery-sent">
        {text(done.message, done.values)}
      </p>
    );
  }
  const emailError = text(errors.email?.message);
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={handleSubmit(async (values) => {
        setProblem(null);
        try {
          const result = await requestPasswordResetAction(values);
          if (result.ok) setDone(result.data);
          else if (!applyFieldErrors(result.error.fieldErrors, setError)) setProblem(result.error);
        } catch {
          setProblem(UNEXPECTED);
        }
      })}
    >
      <Field id="recovery-email" label={t('email')} error={emailError} required>
        <Input type="email" autoComplete="email" {...register('email')} />
      </Field>
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {text(problem.message, problem.values)}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {t('submit')}
      </Button>
    </form>
  );
}

/** /reset-password?token=: the new password, twice, with the strength meter. */
export function ResetPasswordForm({ token }: { token: string }) {
  const t = useTranslations('Auth.reset');
  const text = useMessageText();
  const [done, setDone] = React.useState<MessageRef | null>(null);
  const [problem, setProblem] = React.useState<MessageRef | null>(null);
  const { register, handleSubmit, setError, control, formState: { errors, isSubmitting } } = useForm<NewPasswordInput>({ resolver: zodFormResolver<NewPasswordInput>(newPasswordSchema), defaultValues: { password: '', confirmPassword: '' }, mode: 'onTouched' });
  const password = useWatch({ control, name: 'password' });
  if (done) {
    return (
      <div role="status" className="space-y-4 rounded-md border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900" data-testid="reset-done">
        <p>{text(done.message, done.values)}</p>
        <Button asChild>
          <Link href="/login">{t('login')}</Link>
        </Button>
      </div>
    );
  }
  const passwordError = text(errors.password?.message);
  const confirmError = text(errors.confirmPassword?.message);
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={handleSubmit(async (values) => {
        setProblem(null);
        try {
          const result = await resetPasswordAction({ token, ...values });
          if (result.ok) setDone(result.data);
          else {
            applyFieldErrors(result.error.fieldErrors, setError, ['password', 'confirmPassword']);
            setProblem(result.error.fieldErrors?.token ? { message: 'Auth.reset.invalidLink' } : result.error);
          }
        } catch {
          setProblem(UNEXPECTED);
        }
      })}
    >
      <Field id="reset-password" label={t('password')} error={passwordError} required description={password ? <PasswordStrength password={password} /> : undefined}>
        <Input type="password" autoComplete="new-password" {...register('password')} />
      </Field>
      <Field id="reset-confirm" label={t('confirmPassword')} error={confirmError} required>
        <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
      </Field>
      {problem && (
        <FormAlert message={text(problem.message, problem.values)} testId="reset-error">
          <Link href="/forgot-password" className="font-medium underline">
            {t('newLink')}
          </Link>
        </FormAlert>
      )}
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {t('submit')}
      </Button>
    </form>
  );
}
