'use client';

import * as React from 'react';
import { useTranslations } from 'next-intl';
import { useWatch } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { ConsentCheckbox, privacyLink } from '@/components/forms/consent-checkbox';
import { FormAlert } from '@/components/forms/form-alert';
import { Honeypot } from '@/components/forms/honeypot';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect, NativeSelectOptions } from '@/components/ui/native-select';
import { useActionForm } from '@/lib/forms/use-action-form';
import { applyFieldErrors } from '@/lib/forms/zod-resolver';
import { digitsOnly, SIGN_UP_DEFAULTS, SIGNUP_MESSAGES, signUpSchema, TYPOLOGIES, type SignUpFormValues } from '@/lib/validation/auth';
import { signUpAction } from '@/server/auth/actions';
import { PasswordStrength } from './password-strength';
import { SubmitButton } from '@/components/forms/submit-button';

/**
 * 'Criar Conta' (spec 3, 5, 8): every field of the sign-up form with its messages, the
 * strength meter, digits-only phone and NIF, the newsletter box (ticked by default) and the
 * privacy policy, without which the button stays disabled. Validation runs when a field is left.
 */
export function SignUpForm({ onDone, onSubmittingChange, idPrefix = 'signup' }: { onDone?: () => void; onSubmittingChange?: (submitting: boolean) => void; idPrefix?: string }) {
  const t = useTranslations('Auth.signup');
  const [created, setCreated] = React.useState(false);
  const { form, text, submit, fieldError, problemText, setProblem } = useActionForm<SignUpFormValues>({
    schema: signUpSchema,
    defaultValues: SIGN_UP_DEFAULTS,
    failed: { message: SIGNUP_MESSAGES.unexpected },
  });
  const { register, reset, control, setError } = form;
  const { isSubmitting } = form.formState;

  React.useEffect(() => onSubmittingChange?.(isSubmitting), [isSubmitting, onSubmittingChange]);
  const id = (name: string) => `${idPrefix}-${name}`;
  const password = useWatch({ control, name: 'password' });
  const newsletter = useWatch({ control, name: 'newsletter' });
  const accepted = useWatch({ control, name: 'acceptPrivacyPolicy' });

  const onSubmit = submit(signUpAction, {
    onSuccess: (data) => {
      toast.success(text(data.message));
      reset(SIGN_UP_DEFAULTS);
      setCreated(true);
      onDone?.();
    },
    // The refusal is said above the button even when its fields are marked.
    onRefused: (error) => {
      applyFieldErrors(error.fieldErrors, setError);
      setProblem(error);
      return true;
    },
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

  const input = (name: keyof SignUpFormValues, label: string, props: React.ComponentProps<typeof Input> & { required?: boolean } = {}) => {
    const error = fieldError(name);
    const { required, ...rest } = props;
    return (
      <Field id={id(name)} label={label} error={error} required={required}>
        <Input {...rest} {...(name === 'phoneNumber' || name === 'taxNumber' ? digits(name) : register(name))} />
      </Field>
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
      <Field id={id('password')} label={t('password')} error={fieldError('password')} required description={password ? <PasswordStrength password={password} /> : undefined}>
        <Input type="password" autoComplete="new-password" {...register('password')} />
      </Field>
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
          <Field id={id('newsletterTypology')} label={t('typology')}>
            <NativeSelect {...register('newsletterTypology')}>
              <NativeSelectOptions values={TYPOLOGIES} />
            </NativeSelect>
          </Field>
        )}
      </div>
      <Honeypot id={id('website')} label={t('honeypot')} {...register('newsletterHoneypot')} />
      <ConsentCheckbox
        id={id('acceptPrivacyPolicy')}
        label={t.rich('privacy', { link: privacyLink({ className: 'font-medium', newTab: true }) })}
        error={fieldError('acceptPrivacyPolicy')}
        required={false}
        {...register('acceptPrivacyPolicy')}
      />
      <FormAlert message={problemText} testId="signup-error" />
      <SubmitButton className="w-full" pending={isSubmitting} pendingLabel={t('submitting')} disabled={!accepted}>
        {t('submit')}
      </SubmitButton>
    </form>
  );
}
