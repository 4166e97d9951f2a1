'use client';

import * as React from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import type { MessageValues } from '@/lib/errors';
import { useMessageText } from '@/lib/forms/use-message-text';
import { applyFieldErrors, zodFormResolver } from '@/lib/forms/zod-resolver';
import { digitsOnly, SIGN_UP_DEFAULTS, SIGNUP_MESSAGES, signUpSchema, TYPOLOGIES, type SignUpFormValues } from '@/lib/validation/auth';
import { signUpAction } from '@/server/auth/actions';
import { FormAlert, FormField, fieldA11y } from './form-field';
import { PasswordStrength } from './password-strength';

/**
 * 'Criar Conta' (spec 3, 5, 8): every field of the sign-up form with its messages, the
 * strength meter, digits-only phone and NIF, the newsletter box (ticked by default) and the
 * privacy policy, without which the button stays disabled. Validation runs when a field is left.
 */
export function SignUpForm({ onDone, onSubmittingChange, idPrefix = 'signup' }: { onDone?: () => void; onSubmittingChange?: (submitting: boolean) => void; idPrefix?: string }) {
  const t = useTranslations('Auth.signup');
  const text = useMessageText();
  const [problem, setProblem] = React.useState<{ message: string; values?: MessageValues } | null>(null);
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
        toast.success(text(result.data.message));
        reset(SIGN_UP_DEFAULTS);
        setCreated(true);
        onDone?.();
        return;
      }
      applyFieldErrors(result.error.fieldErrors, setError);
      setProblem({ message: result.error.message, values: result.error.values });
    } catch {
      setProblem({ message: SIGNUP_MESSAGES.unexpected });
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

  const passwordError = text(errors.password?.message);
  const input = (name: keyof SignUpFormValues, label: string, props: React.ComponentProps<typeof Input> & { required?: boolean } = {}) => {
    const error = text(errors[name]?.message);
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
          {text(SIGNUP_MESSAGES.success)}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {input('firstName', t('firstName'), { autoComplete: 'given-name', required: true })}
        {input('lastName', t('lastName'), { autoComplete: 'family-name', required: true })}
      </div>
      {input('email', t('email'), { type: 'email', autoComplete: 'email', required: true })}
      <FormField id={id('password')} label={t('password')} error={passwordError} required hint={<PasswordStrength password={password} />}>
        <Input type="password" autoComplete="new-password" {...fieldA11y(id('password'), passwordError, Boolean(password))} {...register('password')} />
      </FormField>
      {input('confirmPassword', t('confirmPassword'), { type: 'password', autoComplete: 'new-password', required: true })}
      {input('companyName', t('company'), { autoComplete: 'organization' })}
      <div className="grid gap-4 sm:grid-cols-2">
        {input('phoneNumber', t('phone'), { type: 'tel', autoComplete: 'tel-national' })}
        {input('taxNumber', t('taxNumber'))}
      </div>
      <div className="space-y-2 rounded-md border bg-slate-50 p-3">
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" className="mt-0.5 size-4 accent-sky-700" {...register('newsletter')} />
          <span>{t('newsletter')}</span>
        </label>
        {newsletter && (
          <FormField id={id('newsletterTypology')} label={t('typology')}>
            <NativeSelect id={id('newsletterTypology')} {...register('newsletterTypology')}>
              {TYPOLOGIES.map((typology) => (
                <option key={typology} value={typology}>
                  {typology}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        )}
      </div>
      {/* Honeypot: hidden from people and assistive technology; robots fill it. */}
      <div aria-hidden className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={id('website')}>{t('honeypot')}</label>
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
            {t.rich('privacy', {
              link: (chunks) => (
                <Link href="/condicoes-gerais-de-venda" className="font-medium text-sky-800 underline" target="_blank">
                  {chunks}
                </Link>
              ),
            })}
          </span>
        </label>
        {errors.acceptPrivacyPolicy?.message && (
          <p id={id('acceptPrivacyPolicy-error')} className="text-sm text-red-700">
            {text(errors.acceptPrivacyPolicy.message)}
          </p>
        )}
      </div>
      <FormAlert message={text(problem?.message, problem?.values)} testId="signup-error" />
      <Button type="submit" className="w-full" disabled={!accepted || isSubmitting}>
        {isSubmitting ? t('submitting') : t('submit')}
      </Button>
    </form>
  );
}
