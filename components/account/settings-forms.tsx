'use client';

import * as React from 'react';
import { useTranslations } from 'next-intl';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/forms/form-alert';
import { PasswordStrength } from '@/components/auth/password-strength';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import type { MessageRef } from '@/lib/errors';
import { useMessageText } from '@/lib/forms/use-message-text';
import { applyFieldErrors, zodFormResolver } from '@/lib/forms/zod-resolver';
import {
  changeEmailSchema,
  changePasswordSchema,
  passwordConfirmationSchema,
  type ChangeEmailValues,
  type ChangePasswordValues,
  type PasswordConfirmationValues,
} from '@/lib/validation/account';
import { SIGN_UP_LIMITS } from '@/lib/validation/auth';
import { changeEmailAction, changePasswordAction, deleteAccountAction } from '@/server/auth/actions';

const UNEXPECTED: MessageRef = { message: 'Errors.unexpected' };

/** 'Alterar password': the current one, then a new one with the strength meter (spec 5). */
export function ChangePasswordForm() {
  const t = useTranslations('Account.password');
  const text = useMessageText();
  const id = React.useId();
  const [problem, setProblem] = React.useState<MessageRef | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordValues>({
    resolver: zodFormResolver<ChangePasswordValues>(changePasswordSchema),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
    mode: 'onTouched',
  });
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      const result = await changePasswordAction(values);
      if (result.ok) {
        reset();
        toast.success(text(result.data.message, result.data.values));
        return;
      }
      if (!applyFieldErrors(result.error.fieldErrors, setError)) setProblem(result.error);
    } catch {
      setProblem(UNEXPECTED);
    }
  });

  const current = `${id}-current-password`;
  const next = `${id}-new-password`;
  const confirm = `${id}-confirm-password`;
  const currentError = text(errors.currentPassword?.message);
  const nextError = text(errors.password?.message);
  const confirmError = text(errors.confirmPassword?.message);
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('title')} data-testid="change-password-form">
      <fieldset disabled={isSubmitting} className="space-y-4">
        <Field id={current} label={t('current')} error={currentError} required>
          <Input
            type="password"
            autoComplete="current-password"
            aria-required="true"
            {...register('currentPassword')}
          />
        </Field>
        <Field id={next} label={t('new')} error={nextError} description={t('newHint')} required>
          <Input
            type="password"
            autoComplete="new-password"
            aria-required="true"
            {...register('password')}
          />
        </Field>
        <PasswordStrength password={password} />
        <Field id={confirm} label={t('confirm')} error={confirmError} required>
          <Input
            type="password"
            autoComplete="new-password"
            aria-required="true"
            {...register('confirmPassword')}
          />
        </Field>
      </fieldset>
      <FormAlert message={text(problem?.message, problem?.values)} />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? t('submitting') : t('submit')}
      </Button>
    </form>
  );
}

/** 'Alterar email': a confirmation link goes to the new address; the e-mail changes when it is opened. */
export function ChangeEmailForm({ currentEmail, emailChanged = false }: { currentEmail: string; emailChanged?: boolean }) {
  const t = useTranslations('Account.email');
  const text = useMessageText();
  const id = React.useId();
  const [problem, setProblem] = React.useState<MessageRef | null>(null);
  const [sent, setSent] = React.useState<MessageRef | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangeEmailValues>({
    resolver: zodFormResolver<ChangeEmailValues>(changeEmailSchema),
    defaultValues: { newEmail: '', currentPassword: '' },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    setSent(null);
    try {
      const result = await changeEmailAction({ newEmail: values.newEmail.trim().toLowerCase(), currentPassword: values.currentPassword });
      if (result.ok) {
        reset();
        setSent(result.data);
        return;
      }
      if (!applyFieldErrors(result.error.fieldErrors, setError)) setProblem(result.error);
    } catch {
      setProblem(UNEXPECTED);
    }
  });

  const email = `${id}-new-email`;
  const emailError = text(errors.newEmail?.message);
  const password = `${id}-email-password`;
  const passwordError = text(errors.currentPassword?.message);
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('title')} data-testid="change-email-form">
      {emailChanged && (
        <p role="status" className="rounded-md border border-green-200 bg-green-50 p-3 text-sm font-medium text-green-800">
          {t('changed')}
        </p>
      )}
      <p className="text-sm text-slate-700">
        {t('current')} <span className="break-all font-medium text-slate-900">{currentEmail}</span>
      </p>
      <fieldset disabled={isSubmitting} className="space-y-4">
        <Field id={email} label={t('new')} error={emailError} description={t('newHint')} required>
          <Input
            type="email"
            inputMode="email"
            autoComplete="email"
            aria-required="true"
            maxLength={SIGN_UP_LIMITS.emailMax}
            {...register('newEmail')}
          />
        </Field>
        <Field id={password} label={t('password')} error={passwordError} required>
          <Input
            type="password"
            autoComplete="current-password"
            aria-required="true"
            {...register('currentPassword')}
          />
        </Field>
      </fieldset>
      <div role="status" aria-live="polite">
        {sent && <p className="rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-800">{text(sent.message, sent.values)}</p>}
      </div>
      <FormAlert message={text(problem?.message, problem?.values)} />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? t('submitting') : t('submit')}
      </Button>
    </form>
  );
}

/** A full load (not router.push): nothing of the deleted account's client state survives. */
function goHome() {
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full reload is wanted
  window.location.assign('/');
}

/** 'Eliminar conta': the password is asked in a dialog; afterwards the visitor goes to the home page. */
export function DeleteAccount({ onDeleted = goHome }: { onDeleted?: () => void }) {
  const t = useTranslations('Account.delete');
  const text = useMessageText();
  const id = React.useId();
  const [open, setOpen] = React.useState(false);
  const [problem, setProblem] = React.useState<MessageRef | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordConfirmationValues>({
    resolver: zodFormResolver<PasswordConfirmationValues>(passwordConfirmationSchema),
    defaultValues: { password: '' },
    mode: 'onTouched',
  });

  const onOpenChange = (next: boolean) => {
    if (isSubmitting) return; // never closed half-way
    setOpen(next);
    if (!next) {
      reset();
      setProblem(null);
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      const result = await deleteAccountAction({ password: values.password });
      if (result.ok) {
        toast.success(text(result.data.message, result.data.values));
        onDeleted();
        return;
      }
      if (!applyFieldErrors(result.error.fieldErrors, setError)) setProblem(result.error);
    } catch {
      setProblem(UNEXPECTED);
    }
  });

  const password = `${id}-delete-password`;
  const passwordError = text(errors.password?.message);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button" variant="destructive">
          {t('open')}
        </Button>
      </DialogTrigger>
      <DialogContent showCloseButton={!isSubmitting}>
        <DialogHeader>
          <DialogTitle>{t('dialogTitle')}</DialogTitle>
          <DialogDescription>{t('dialogText')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('title')} data-testid="delete-account-form">
          <fieldset disabled={isSubmitting}>
            <Field id={password} label={t('password')} error={passwordError} required>
              <Input
                type="password"
                autoComplete="current-password"
                aria-required="true"
                {...register('password')}
              />
            </Field>
          </fieldset>
          <FormAlert message={text(problem?.message, problem?.values)} />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={isSubmitting}>
                {t('cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={isSubmitting}>
              {isSubmitting ? t('submitting') : t('submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The three sections of /dashboard/settings. */
export function SettingsForms({ email, emailChanged = false, extra }: { email: string; emailChanged?: boolean; /** Sections shown before the deletion, which stays last. */ extra?: React.ReactNode }) {
  const t = useTranslations('Account');
  const section = 'rounded-lg border border-slate-200 bg-white p-5 shadow-xs sm:p-6';
  return (
    <div className="space-y-8">
      <section aria-labelledby="definicoes-password" className={section}>
        <h2 id="definicoes-password" className="text-xl font-semibold text-slate-900">
          {t('password.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('password.intro')}</p>
        <div className="mt-5 max-w-xl">
          <ChangePasswordForm />
        </div>
      </section>

      <section aria-labelledby="definicoes-email" className={section}>
        <h2 id="definicoes-email" className="text-xl font-semibold text-slate-900">
          {t('email.title')}
        </h2>
        <div className="mt-5 max-w-xl">
          <ChangeEmailForm currentEmail={email} emailChanged={emailChanged} />
        </div>
      </section>

      {extra}

      <section aria-labelledby="definicoes-eliminar" className={`${section} border-red-200`}>
        <h2 id="definicoes-eliminar" className="text-xl font-semibold text-red-800">
          {t('delete.title')}
        </h2>
        <p className="mt-1 mb-5 max-w-2xl text-sm text-slate-700">{t('delete.intro')}</p>
        <DeleteAccount />
      </section>
    </div>
  );
}
