'use client';

import * as React from 'react';
import { useTranslations } from 'next-intl';
import { useWatch } from 'react-hook-form';
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
import { useActionForm } from '@/lib/forms/use-action-form';
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
import { SubmitButton } from '@/components/forms/submit-button';

/** 'Alterar password': the current one, then a new one with the strength meter (spec 5). */
export function ChangePasswordForm() {
  const t = useTranslations('Account.password');
  const id = React.useId();
  const { form, text, submit, fieldError, problemText } = useActionForm<ChangePasswordValues>({
    schema: changePasswordSchema,
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });
  const { register, reset, control } = form;
  const { isSubmitting } = form.formState;
  const password = useWatch({ control, name: 'password' });

  const onSubmit = submit(changePasswordAction, {
    onSuccess: (data) => {
      reset();
      toast.success(text(data.message, data.values));
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('title')} data-testid="change-password-form">
      <fieldset disabled={isSubmitting} className="space-y-4">
        <Field id={`${id}-current-password`} label={t('current')} error={fieldError('currentPassword')} required>
          <Input type="password" autoComplete="current-password" {...register('currentPassword')} />
        </Field>
        <Field id={`${id}-new-password`} label={t('new')} error={fieldError('password')} description={t('newHint')} required>
          <Input type="password" autoComplete="new-password" {...register('password')} />
        </Field>
        <PasswordStrength password={password} />
        <Field id={`${id}-confirm-password`} label={t('confirm')} error={fieldError('confirmPassword')} required>
          <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
        </Field>
      </fieldset>
      <FormAlert message={problemText} />
      <SubmitButton pending={isSubmitting} pendingLabel={t('submitting')}>
        {t('submit')}
      </SubmitButton>
    </form>
  );
}

/** 'Alterar email': a confirmation link goes to the new address; the e-mail changes when it is opened. */
export function ChangeEmailForm({ currentEmail, emailChanged = false }: { currentEmail: string; emailChanged?: boolean }) {
  const t = useTranslations('Account.email');
  const id = React.useId();
  const [sent, setSent] = React.useState<MessageRef | null>(null);
  const { form, text, submit, fieldError, problemText } = useActionForm<ChangeEmailValues>({
    schema: changeEmailSchema,
    defaultValues: { newEmail: '', currentPassword: '' },
  });
  const { register, reset } = form;
  const { isSubmitting } = form.formState;

  const onSubmit = submit(
    (values) => {
      setSent(null);
      return changeEmailAction({ newEmail: values.newEmail.trim().toLowerCase(), currentPassword: values.currentPassword });
    },
    {
      onSuccess: (data) => {
        reset();
        setSent(data);
      },
    },
  );

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
        <Field id={`${id}-new-email`} label={t('new')} error={fieldError('newEmail')} description={t('newHint')} required>
          <Input type="email" inputMode="email" autoComplete="email" maxLength={SIGN_UP_LIMITS.emailMax} {...register('newEmail')} />
        </Field>
        <Field id={`${id}-email-password`} label={t('password')} error={fieldError('currentPassword')} required>
          <Input type="password" autoComplete="current-password" {...register('currentPassword')} />
        </Field>
      </fieldset>
      <div role="status" aria-live="polite">
        {sent && <p className="rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-800">{text(sent.message, sent.values)}</p>}
      </div>
      <FormAlert message={problemText} />
      <SubmitButton pending={isSubmitting} pendingLabel={t('submitting')}>
        {t('submit')}
      </SubmitButton>
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
  const id = React.useId();
  const [open, setOpen] = React.useState(false);
  const { form, text, submit, fieldError, problemText, setProblem } = useActionForm<PasswordConfirmationValues>({
    schema: passwordConfirmationSchema,
    defaultValues: { password: '' },
  });
  const { register, reset } = form;
  const { isSubmitting } = form.formState;

  const onOpenChange = (next: boolean) => {
    if (isSubmitting) return; // never closed half-way
    setOpen(next);
    if (!next) {
      reset();
      setProblem(null);
    }
  };

  const onSubmit = submit((values) => deleteAccountAction({ password: values.password }), {
    onSuccess: (data) => {
      toast.success(text(data.message, data.values));
      onDeleted();
    },
  });

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
            <Field id={`${id}-delete-password`} label={t('password')} error={fieldError('password')} required>
              <Input type="password" autoComplete="current-password" {...register('password')} />
            </Field>
          </fieldset>
          <FormAlert message={problemText} />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={isSubmitting}>
                {t('cancel')}
              </Button>
            </DialogClose>
            <SubmitButton variant="destructive" pending={isSubmitting} pendingLabel={t('submitting')}>
              {t('submit')}
            </SubmitButton>
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
