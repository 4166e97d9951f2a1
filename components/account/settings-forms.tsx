'use client';

import * as React from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { FormAlert, FormField, fieldA11y } from '@/components/auth/form-field';
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
import { newPasswordSchema, PASSWORD_MAX_LENGTH, SIGN_UP_LIMITS, VALIDATION_MESSAGES } from '@/lib/auth/validation';
import { applyFieldErrors, zodFormResolver } from '@/lib/forms/zod-resolver';
import { changeEmailAction, changePasswordAction, deleteAccountAction } from '@/server/auth/actions';

/** The same rules as the actions of server/auth/actions, checked before sending. */
const changePasswordSchema = z.intersection(
  z.object({ currentPassword: z.string().min(1, 'Indique a password atual').max(PASSWORD_MAX_LENGTH) }),
  newPasswordSchema,
);
const changeEmailSchema = z.object({
  newEmail: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, VALIDATION_MESSAGES.emailRequired)
    .pipe(z.email(VALIDATION_MESSAGES.emailInvalid).max(SIGN_UP_LIMITS.emailMax, VALIDATION_MESSAGES.emailTooLong)),
});
const deleteAccountSchema = z.object({
  password: z.string().min(1, 'Indique a sua password').max(PASSWORD_MAX_LENGTH),
});

interface ChangePasswordValues {
  currentPassword: string;
  password: string;
  confirmPassword: string;
}
interface ChangeEmailValues {
  newEmail: string;
}
interface DeleteAccountValues {
  password: string;
}

const UNEXPECTED = 'Erro inesperado. Por favor, tente novamente.';


/** 'Alterar password': the current one, then a new one with the strength meter (spec 5). */
export function ChangePasswordForm() {
  const id = React.useId();
  const [problem, setProblem] = React.useState<string | null>(null);
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
        toast.success(result.data.message);
        return;
      }
      if (!applyFieldErrors(result.fieldErrors, setError)) setProblem(result.error);
    } catch {
      setProblem(UNEXPECTED);
    }
  });

  const current = `${id}-current-password`;
  const next = `${id}-new-password`;
  const confirm = `${id}-confirm-password`;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Alterar password" data-testid="change-password-form">
      <fieldset disabled={isSubmitting} className="space-y-4">
        <FormField id={current} label="Password atual" error={errors.currentPassword?.message} required>
          <Input
            type="password"
            autoComplete="current-password"
            aria-required="true"
            {...fieldA11y(current, errors.currentPassword?.message)}
            {...register('currentPassword')}
          />
        </FormField>
        <FormField
          id={next}
          label="Nova password"
          error={errors.password?.message}
          hint="Pelo menos 12 caracteres, com maiúscula, minúscula, número e carácter especial."
          required
        >
          <Input
            type="password"
            autoComplete="new-password"
            aria-required="true"
            {...fieldA11y(next, errors.password?.message, true)}
            {...register('password')}
          />
        </FormField>
        <PasswordStrength password={password} />
        <FormField id={confirm} label="Confirmar nova password" error={errors.confirmPassword?.message} required>
          <Input
            type="password"
            autoComplete="new-password"
            aria-required="true"
            {...fieldA11y(confirm, errors.confirmPassword?.message)}
            {...register('confirmPassword')}
          />
        </FormField>
      </fieldset>
      <FormAlert message={problem} />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'A alterar…' : 'Alterar password'}
      </Button>
    </form>
  );
}

/** 'Alterar email': a confirmation link goes to the new address; the e-mail changes when it is opened. */
export function ChangeEmailForm({ currentEmail, emailChanged = false }: { currentEmail: string; emailChanged?: boolean }) {
  const id = React.useId();
  const [problem, setProblem] = React.useState<string | null>(null);
  const [sent, setSent] = React.useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangeEmailValues>({
    resolver: zodFormResolver<ChangeEmailValues>(changeEmailSchema),
    defaultValues: { newEmail: '' },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    setSent(null);
    try {
      const result = await changeEmailAction({ newEmail: values.newEmail.trim().toLowerCase() });
      if (result.ok) {
        reset();
        setSent(result.data.message);
        return;
      }
      if (!applyFieldErrors(result.fieldErrors, setError)) setProblem(result.error);
    } catch {
      setProblem(UNEXPECTED);
    }
  });

  const email = `${id}-new-email`;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Alterar email" data-testid="change-email-form">
      {emailChanged && (
        <p role="status" className="rounded-md border border-green-200 bg-green-50 p-3 text-sm font-medium text-green-800">
          O email da conta foi alterado.
        </p>
      )}
      <p className="text-sm text-slate-700">
        Email atual: <span className="break-all font-medium text-slate-900">{currentEmail}</span>
      </p>
      <fieldset disabled={isSubmitting} className="space-y-4">
        <FormField
          id={email}
          label="Novo email"
          error={errors.newEmail?.message}
          hint="Enviamos um link de confirmação para o novo endereço."
          required
        >
          <Input
            type="email"
            inputMode="email"
            autoComplete="email"
            aria-required="true"
            maxLength={SIGN_UP_LIMITS.emailMax}
            {...fieldA11y(email, errors.newEmail?.message, true)}
            {...register('newEmail')}
          />
        </FormField>
      </fieldset>
      <div role="status" aria-live="polite">
        {sent && <p className="rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-800">{sent}</p>}
      </div>
      <FormAlert message={problem} />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'A enviar…' : 'Alterar email'}
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
  const id = React.useId();
  const [open, setOpen] = React.useState(false);
  const [problem, setProblem] = React.useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DeleteAccountValues>({
    resolver: zodFormResolver<DeleteAccountValues>(deleteAccountSchema),
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
        toast.success(result.data.message);
        onDeleted();
        return;
      }
      if (!applyFieldErrors(result.fieldErrors, setError)) setProblem(result.error);
    } catch {
      setProblem(UNEXPECTED);
    }
  });

  const password = `${id}-delete-password`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button" variant="destructive">
          Eliminar conta
        </Button>
      </DialogTrigger>
      <DialogContent showCloseButton={!isSubmitting}>
        <DialogHeader>
          <DialogTitle>Eliminar a sua conta?</DialogTitle>
          <DialogDescription>
            A conta e os seus dados são apagados definitivamente. Esta ação não pode ser desfeita. Para confirmar, indique a sua password.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Eliminar conta" data-testid="delete-account-form">
          <fieldset disabled={isSubmitting}>
            <FormField id={password} label="Password" error={errors.password?.message} required>
              <Input
                type="password"
                autoComplete="current-password"
                aria-required="true"
                {...fieldA11y(password, errors.password?.message)}
                {...register('password')}
              />
            </FormField>
          </fieldset>
          <FormAlert message={problem} />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={isSubmitting}>
                Cancelar
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={isSubmitting}>
              {isSubmitting ? 'A eliminar…' : 'Eliminar definitivamente'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The three sections of /dashboard/settings. */
export function SettingsForms({ email, emailChanged = false, extra }: { email: string; emailChanged?: boolean; /** Sections shown before the deletion, which stays last. */ extra?: React.ReactNode }) {
  const section = 'rounded-lg border border-slate-200 bg-white p-5 shadow-xs sm:p-6';
  return (
    <div className="space-y-8">
      <section aria-labelledby="definicoes-password" className={section}>
        <h2 id="definicoes-password" className="text-xl font-semibold text-slate-900">
          Alterar password
        </h2>
        <p className="mt-1 text-sm text-slate-600">Ao alterar a password, as sessões abertas noutros dispositivos são terminadas.</p>
        <div className="mt-5 max-w-xl">
          <ChangePasswordForm />
        </div>
      </section>

      <section aria-labelledby="definicoes-email" className={section}>
        <h2 id="definicoes-email" className="text-xl font-semibold text-slate-900">
          Alterar email
        </h2>
        <div className="mt-5 max-w-xl">
          <ChangeEmailForm currentEmail={email} emailChanged={emailChanged} />
        </div>
      </section>

      {extra}

      <section aria-labelledby="definicoes-eliminar" className={`${section} border-red-200`}>
        <h2 id="definicoes-eliminar" className="text-xl font-semibold text-red-800">
          Eliminar conta
        </h2>
        <p className="mt-1 mb-5 max-w-2xl text-sm text-slate-700">
          Elimina a conta e os dados associados. Esta ação não pode ser desfeita.
        </p>
        <DeleteAccount />
      </section>
    </div>
  );
}
