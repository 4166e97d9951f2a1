'use client';

import * as React from 'react';
import Link from 'next/link';
import { CheckCircle2Icon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useForm } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { ConsentCheckbox, privacyLink } from '@/components/forms/consent-checkbox';
import { FormAlert } from '@/components/forms/form-alert';
import { Honeypot } from '@/components/forms/honeypot';
import { SubmitButton } from '@/components/forms/submit-button';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { NativeSelect, NativeSelectOptions } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import type { MessageRef } from '@/lib/errors';
import { useMessageText } from '@/lib/forms/use-message-text';
import { applyFieldErrors, zodFormResolver } from '@/lib/forms/zod-resolver';
import { cn } from '@/lib/utils';
import {
  ACCESS_REQUEST_DEFAULTS,
  ACCESS_REQUEST_FIELDS,
  ACCESS_REQUEST_LIMITS,
  ACCESS_REQUEST_TYPOLOGIES,
  accessRequestSchema,
  type AccessRequestFormValues,
} from '@/lib/validation/access-request';
import { digitsOnly, NIF_LENGTH, PHONE_LENGTH } from '@/lib/validation/auth';
import { submitAccessRequestAction } from '@/server/access-requests/actions';

type FieldName = keyof AccessRequestFormValues;

const resolver = zodFormResolver<AccessRequestFormValues>(accessRequestSchema);

type Outcome = { kind: 'success' } | ({ kind: 'error'; fields: boolean } & MessageRef) | null;

export interface AccessRequestFormProps {
  /** Values known beforehand (a signed-in user's name and e-mail). */
  defaultValues?: Partial<
    Pick<
      AccessRequestFormValues,
      'companyName' | 'fiscalNumber' | 'contactName' | 'email' | 'phone'
    >
  >;
  className?: string;
}

/** The form of /access-request (spec 2.1): validated here and again by the server action. */
export function AccessRequestForm({ defaultValues, className }: AccessRequestFormProps) {
  const t = useTranslations('AccessRequest.form');
  const text = useMessageText();
  const id = React.useId();
  const initial = React.useMemo<AccessRequestFormValues>(
    () => ({ ...ACCESS_REQUEST_DEFAULTS, ...defaultValues }),
    [defaultValues],
  );
  const [outcome, setOutcome] = React.useState<Outcome>(null);
  const successRef = React.useRef<HTMLHeadingElement>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AccessRequestFormValues>({
    resolver,
    defaultValues: initial,
    mode: 'onTouched',
  });

  React.useEffect(() => {
    if (outcome?.kind === 'success') successRef.current?.focus();
  }, [outcome]);

  const fieldId = (name: FieldName) => `${id}-${name}`;
  const error = (name: FieldName) => text(errors[name]?.message);

  /** NIF and phone: only digits, at most 9 (spec 5), whatever is typed or pasted. */
  const digitsField = (name: 'fiscalNumber' | 'phone', max: number) => {
    const registration = register(name);
    return {
      ...registration,
      onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
        const clean = digitsOnly(event.target.value, max);
        if (event.target.value !== clean) event.target.value = clean;
        return registration.onChange(event);
      },
    };
  };

  const onSubmit = handleSubmit(
    async (values) => {
      setOutcome(null);
      try {
        const result = await submitAccessRequestAction(values);
        if (result.ok) {
          reset(initial);
          setOutcome({ kind: 'success' });
          toast.success(t('success'));
          return;
        }
        const fields = applyFieldErrors(result.error.fieldErrors, setError, ACCESS_REQUEST_FIELDS);
        setOutcome(
          fields
            ? { kind: 'error', message: 'AccessRequest.form.fixErrors', fields }
            : { kind: 'error', message: result.error.message, values: result.error.values, fields },
        );
      } catch {
        setOutcome({ kind: 'error', message: 'AccessRequest.form.networkError', fields: false });
      }
    },
    () => setOutcome(null),
  );

  if (outcome?.kind === 'success') {
    return (
      <div
        role="status"
        data-testid="access-request-success"
        className={cn(
          'rounded-lg border border-green-200 bg-green-50 p-6 text-green-900',
          className,
        )}
      >
        <h2
          ref={successRef}
          tabIndex={-1}
          className="flex items-center gap-2 text-xl font-semibold outline-none"
        >
          <CheckCircle2Icon aria-hidden className="size-6 shrink-0 text-green-700" />
          {t('success')}
        </h2>
        <p className="mt-3 leading-relaxed">{t('successDetail')}</p>
        <div className="mt-5 flex flex-wrap gap-3">
          <Button asChild className="bg-sky-700 text-white hover:bg-sky-800">
            <Link href="/produtos">{t('backToProducts')}</Link>
          </Button>
          <Button type="button" variant="outline" onClick={() => setOutcome(null)}>
            {t('another')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form
      aria-label={t('label')}
      data-testid="access-request-form"
      noValidate
      onSubmit={onSubmit}
      className={cn('relative space-y-5', className)}
    >
      <p className="text-sm text-slate-600">{t('requiredNote')}</p>
      <fieldset disabled={isSubmitting} className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id={fieldId('companyName')} label={t('companyName')} required error={error('companyName')}>
            <Input autoComplete="organization" placeholder={t('companyPlaceholder')} maxLength={ACCESS_REQUEST_LIMITS.companyMax} {...register('companyName')} />
          </Field>
          <Field id={fieldId('fiscalNumber')} label={t('fiscalNumber')} required description={t('fiscalNumberHint')} error={error('fiscalNumber')}>
            <Input inputMode="numeric" autoComplete="off" placeholder="123456789" {...digitsField('fiscalNumber', NIF_LENGTH)} />
          </Field>
          <Field id={fieldId('contactName')} label={t('contactName')} required error={error('contactName')}>
            <Input autoComplete="name" placeholder={t('contactPlaceholder')} maxLength={ACCESS_REQUEST_LIMITS.contactMax} {...register('contactName')} />
          </Field>
          <Field id={fieldId('email')} label={t('email')} required error={error('email')}>
            <Input
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder={t('emailPlaceholder')}
              maxLength={ACCESS_REQUEST_LIMITS.emailMax}
              {...register('email')}
            />
          </Field>
          <Field id={fieldId('phone')} label={t('phone')} error={error('phone')}>
            <Input type="tel" inputMode="numeric" autoComplete="tel-national" placeholder={t('phonePlaceholder')} {...digitsField('phone', PHONE_LENGTH)} />
          </Field>
          <Field id={fieldId('typology')} label={t('typology')} required error={error('typology')}>
            <NativeSelect {...register('typology')}>
              <NativeSelectOptions values={ACCESS_REQUEST_TYPOLOGIES} placeholder={t('typologyPlaceholder')} />
            </NativeSelect>
          </Field>
        </div>

        <Field id={fieldId('message')} label={t('message')} error={error('message')}>
          <Textarea rows={5} className="min-h-32" maxLength={ACCESS_REQUEST_LIMITS.messageMax} placeholder={t('messagePlaceholder')} {...register('message')} />
        </Field>

        <ConsentCheckbox
          id={fieldId('acceptPrivacyPolicy')}
          label={t.rich('privacy', { link: privacyLink() })}
          error={error('acceptPrivacyPolicy')}
          {...register('acceptPrivacyPolicy')}
        />

        <Honeypot id={fieldId('honeypot')} label={t('honeypot')} {...register('honeypot')} />
      </fieldset>

      <div aria-live="polite">
        {outcome?.kind === 'error' && (
          <FormAlert message={text(outcome.message, outcome.values)}>{!outcome.fields && <p>{t('keptHint')}</p>}</FormAlert>
        )}
      </div>

      <SubmitButton pending={isSubmitting} pendingLabel={t('submitting')} className="h-11 bg-sky-700 px-6 text-white hover:bg-sky-800">
        {t('submit')}
      </SubmitButton>
    </form>
  );
}
