'use client';

import * as React from 'react';
import Link from 'next/link';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { loginSchema, newPasswordSchema, type NewPasswordInput } from '@/lib/auth/validation';
import { applyFieldErrors, zodFormResolver } from '@/lib/forms/zod-resolver';
import { requestPasswordResetAction, resetPasswordAction } from '@/server/auth/actions';
import { FormAlert, FormField, fieldA11y } from './form-field';
import { PasswordStrength } from './password-strength';

const emailSchema = loginSchema.pick({ email: true });

/** /forgot-password: sends a one-time link (the answer is the same for any address). */
export function ForgotPasswordForm() {
  const [done, setDone] = React.useState<string | null>(null);
  const [problem, setProblem] = React.useState<string | null>(null);
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<{ email: string }>({ resolver: zodFormResolver<{ email: string }>(emailSchema), defaultValues: { email: '' }, mode: 'onTouched' });
  if (done) {
    return (
      <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900" data-testid="recovery-sent">
        {done}
      </p>
    );
  }
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={handleSubmit(async (values) => {
        setProblem(null);
        const result = await requestPasswordResetAction(values);
        if (result.ok) setDone(result.data.message);
        else if (!applyFieldErrors(result.fieldErrors, setError)) setProblem(result.error);
      })}
    >
      <FormField id="recovery-email" label="Email" error={errors.email?.message} required>
        <Input type="email" autoComplete="email" {...fieldA11y('recovery-email', errors.email?.message)} {...register('email')} />
      </FormField>
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        Enviar link de recuperação
      </Button>
    </form>
  );
}

/** /reset-password?token=: the new password, twice, with the strength meter. */
export function ResetPasswordForm({ token }: { token: string }) {
  const [done, setDone] = React.useState<string | null>(null);
  const [problem, setProblem] = React.useState<string | null>(null);
  const { register, handleSubmit, setError, control, formState: { errors, isSubmitting } } = useForm<NewPasswordInput>({ resolver: zodFormResolver<NewPasswordInput>(newPasswordSchema), defaultValues: { password: '', confirmPassword: '' }, mode: 'onTouched' });
  const password = useWatch({ control, name: 'password' });
  if (done) {
    return (
      <div role="status" className="space-y-4 rounded-md border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900" data-testid="reset-done">
        <p>{done}</p>
        <Button asChild>
          <Link href="/login">Iniciar sessão</Link>
        </Button>
      </div>
    );
  }
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={handleSubmit(async (values) => {
        setProblem(null);
        const result = await resetPasswordAction({ token, ...values });
        if (result.ok) setDone(result.data.message);
        else {
          applyFieldErrors(result.fieldErrors, setError);
          setProblem(result.error);
        }
      })}
    >
      <FormField id="reset-password" label="Nova password" error={errors.password?.message} required hint={<PasswordStrength password={password ?? ''} />}>
        <Input type="password" autoComplete="new-password" {...fieldA11y('reset-password', errors.password?.message, Boolean(password))} {...register('password')} />
      </FormField>
      <FormField id="reset-confirm" label="Confirmar nova password" error={errors.confirmPassword?.message} required>
        <Input type="password" autoComplete="new-password" {...fieldA11y('reset-confirm', errors.confirmPassword?.message)} {...register('confirmPassword')} />
      </FormField>
      {problem && (
        <FormAlert message={problem} testId="reset-error">
          <Link href="/forgot-password" className="font-medium underline">
            Pedir um novo link
          </Link>
        </FormAlert>
      )}
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        Guardar nova password
      </Button>
    </form>
  );
}
