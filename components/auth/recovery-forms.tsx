'use client';

import * as React from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { MessageRef } from '@/lib/errors';
import { useActionForm } from '@/lib/forms/use-action-form';
import { applyFieldErrors } from '@/lib/forms/zod-resolver';
import { emailOnlySchema, newPasswordSchema, type EmailOnlyInput, type NewPasswordInput } from '@/lib/validation/auth';
import { requestPasswordResetAction, resetPasswordAction } from '@/server/auth/actions';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/forms/form-alert';
import { PasswordStrength } from './password-strength';

/** /forgot-password: sends a one-time link (the answer is the same for any address). */
export function ForgotPasswordForm() {
  const t = useTranslations('Auth.recovery');
  const [done, setDone] = React.useState<MessageRef | null>(null);
  const { form, text, submit, fieldError, problem } = useActionForm<EmailOnlyInput>({ schema: emailOnlySchema, defaultValues: { email: '' } });
  const { register } = form;
  const { isSubmitting } = form.formState;
  if (done) {
    return (
      <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900" data-testid="recovery-sent">
        {text(done.message, done.values)}
      </p>
    );
  }
  return (
    <form noValidate className="space-y-4" onSubmit={submit(requestPasswordResetAction, { onSuccess: setDone })}>
      <Field id="recovery-email" label={t('email')} error={fieldError('email')} required>
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
  const [done, setDone] = React.useState<MessageRef | null>(null);
  const { form, text, submit, fieldError, problem, setProblem } = useActionForm<NewPasswordInput>({ schema: newPasswordSchema, defaultValues: { password: '', confirmPassword: '' } });
  const { register, setError, control } = form;
  const { isSubmitting } = form.formState;
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
  // Every refusal is shown above the button (with the link to ask for a new e-mail), field errors too.
  const onSubmit = submit((values) => resetPasswordAction({ token, ...values }), {
    onSuccess: setDone,
    onRefused: (error) => {
      applyFieldErrors(error.fieldErrors, setError, ['password', 'confirmPassword']);
      setProblem(error.fieldErrors?.token ? { message: 'Auth.reset.invalidLink' } : error);
      return true;
    },
  });
  return (
    <form noValidate className="space-y-4" onSubmit={onSubmit}>
      <Field id="reset-password" label={t('password')} error={fieldError('password')} required description={password ? <PasswordStrength password={password} /> : undefined}>
        <Input type="password" autoComplete="new-password" {...register('password')} />
      </Field>
      <Field id="reset-confirm" label={t('confirmPassword')} error={fieldError('confirmPassword')} required>
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
