'use client';

import * as React from 'react';
import Link from 'next/link';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { digitsOnly, SIGN_UP_DEFAULTS, SIGNUP_MESSAGES, signUpSchema, TYPOLOGIES, type SignUpFormValues } from '@/lib/auth/validation';
import { applyFieldErrors, zodFormResolver } from '@/lib/forms/zod-resolver';
import { signUpAction } from '@/server/auth/actions';
import { FormAlert, FormField, fieldA11y } from './form-field';
import { PasswordStrength } from './password-strength';

/**
 * 'Criar Conta' (spec 3, 5, 8): every field of the sign-up form with its messages, the
 * strength meter, digits-only phone and NIF, the newsletter box (ticked by default) and the
 * privacy policy, without which the button stays disabled. Validation runs when a field is left.
 */
export function SignUpForm({ onDone, onSubmittingChange, idPrefix = 'signup' }: { onDone?: () => void; onSubmittingChange?: (submitting: boolean) => void; idPrefix?: string }) {
  const [problem, setProblem] = React.useState<string | null>(null);
  const [created, setCreated] = React.useState(false);
  const {
    register,
    handleSubmit,
    reset,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignUpFormValues>({ resolver: zodFormResolver<SignUpFormValues>(signUpSchema), defaultValues: SIGN_UP_DEFAULTS, mode: 'onTouched' });

  React.useEffect(() => onSubmittingChange?.(isSubmitting), [isSubmitting, onSubmittingChange]);
  const id = (name: string) => `${idPrefix}-${name}`;
  const password = useWatch({ control, name: 'password' });
  const newsletter = useWatch({ control, name: 'newsletter' });
  const accepted = useWatch({ control, name: 'acceptPrivacyPolicy' });

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      const result = await signUpAction(values);
      if (result.ok) {
        toast.success(result.data.message);
        reset(SIGN_UP_DEFAULTS);
        setCreated(true);
        onDone?.();
        return;
      }
      applyFieldErrors(result.fieldErrors, setError);
      setProblem(result.error || SIGNUP_MESSAGES.failed);
    } catch {
      setProblem(SIGNUP_MESSAGES.unexpected);
    }
  });

  const digits = (name: 'phoneNumber' | 'taxNumber') => {
    const field = register(name);
    return {
      ...field,
      // No maxLength: a pasted '912 345 678' must keep its digits; digitsOnly caps at 9.
      inputMode: 'numeric' as const,
      onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
        event.target.value = digitsOnly(event.target.value);
        return field.onChange(event);
      },
    };
  };

  const text = (name: keyof SignUpFormValues, label: string, props: React.ComponentProps<typeof Input> & { required?: boolean } = {}) => {
    const error = errors[name]?.message;
    const { required, ...rest } = props;
    return (
      <FormField id={id(name)} label={label} error={error} required={required}>
        <Input {...rest} {...fieldA11y(id(name), error)} {...(name === 'phoneNumber' || name === 'taxNumber' ? digits(name) : register(name))} />
      </FormField>
    );
  };

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate data-testid="signup-form">
      {created && (
        <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
          {SIGNUP_MESSAGES.success}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('firstName', 'Primeiro nome', { autoComplete: 'given-name', required: true })}
        {text('lastName', 'Apelido', { autoComplete: 'family-name', required: true })}
      </div>
      {text('email', 'Email', { type: 'email', autoComplete: 'email', required: true })}
      <FormField id={id('password')} label="Password" error={errors.password?.message} required hint={<PasswordStrength password={password} />}>
        <Input type="password" autoComplete="new-password" {...fieldA11y(id('password'), errors.password?.message, Boolean(password))} {...register('password')} />
      </FormField>
      {text('confirmPassword', 'Confirmar password', { type: 'password', autoComplete: 'new-password', required: true })}
      {text('companyName', 'Empresa (opcional)', { autoComplete: 'organization' })}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('phoneNumber', 'Telemóvel (opcional)', { type: 'tel', autoComplete: 'tel-national' })}
        {text('taxNumber', 'NIF (opcional)')}
      </div>
      <div className="space-y-2 rounded-md border bg-slate-50 p-3">
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" className="mt-0.5 size-4 accent-sky-700" {...register('newsletter')} />
          <span>Quero receber a newsletter com novidades e campanhas</span>
        </label>
        {newsletter && (
          <FormField id={id('newsletterTypology')} label="Tipo de cliente">
            <NativeSelect id={id('newsletterTypology')} {...register('newsletterTypology')}>
              {TYPOLOGIES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        )}
      </div>
      {/* Honeypot: hidden from people and assistive technology; robots fill it. */}
      <div aria-hidden className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={id('website')}>Não preencher</label>
        <input id={id('website')} type="text" tabIndex={-1} autoComplete="off" {...register('newsletterHoneypot')} />
      </div>
      <div className="space-y-1">
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-sky-700"
            aria-invalid={errors.acceptPrivacyPolicy ? true : undefined}
            aria-describedby={errors.acceptPrivacyPolicy ? id('acceptPrivacyPolicy-error') : undefined}
            {...register('acceptPrivacyPolicy')}
          />
          <span>
            Li e aceito a{' '}
            <Link href="/condicoes-gerais-de-venda" className="font-medium text-sky-800 underline" target="_blank">
              política de privacidade e as condições gerais de venda
            </Link>
          </span>
        </label>
        {errors.acceptPrivacyPolicy?.message && (
          <p id={id('acceptPrivacyPolicy-error')} className="text-sm text-red-700">
            {errors.acceptPrivacyPolicy.message}
          </p>
        )}
      </div>
      <FormAlert message={problem} testId="signup-error" />
      <Button type="submit" className="w-full" disabled={!accepted || isSubmitting}>
        {isSubmitting ? 'A criar conta…' : 'Criar Conta'}
      </Button>
    </form>
  );
}
