'use client';

import * as React from 'react';
import Link from 'next/link';
import { CheckCircle2Icon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useForm } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
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

type Field = keyof AccessRequestFormValues;

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

  const fieldId = (name: Field) => `${id}-${name}`;
  const errorId = (name: Field) => `${id}-${name}-error`;
  const hintId = (name: Field) => `${id}-${name}-hint`;
  /** aria-invalid + aria-describedby (the error, then any hint) for a control. */
  const a11y = (name: Field, hint?: boolean) => {
    const invalid = Boolean(errors[name]);
    const describedBy = [invalid ? errorId(name) : null, hint ? hintId(name) : null]
      .filter(Boolean)
      .join(' ');
    return { 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy || undefined };
  };
  const errorText = (name: Field) => {
    const message = text(errors[name]?.message);
    return message ? (
      <p id={errorId(name)} className="text-sm text-red-600">
        {message}
      </p>
    ) : null;
  };

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

  const required = (
    <span aria-hidden className="text-red-600">
      *
    </span>
  );

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
          <div className="space-y-1.5">
            <Label htmlFor={fieldId('companyName')}>
              {t('companyName')} {required}
            </Label>
            <Input
              id={fieldId('companyName')}
              autoComplete="organization"
              placeholder={t('companyPlaceholder')}
              maxLength={ACCESS_REQUEST_LIMITS.companyMax}
              aria-required="true"
              {...a11y('companyName')}
              {...register('companyName')}
            />
            {errorText('companyName')}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={fieldId('fiscalNumber')}>
              {t('fiscalNumber')} {required}
            </Label>
            <Input
              id={fieldId('fiscalNumber')}
              inputMode="numeric"
              autoComplete="off"
              placeholder="123456789"
              aria-required="true"
              {...a11y('fiscalNumber', true)}
              {...digitsField('fiscalNumber', NIF_LENGTH)}
            />
            <p id={hintId('fiscalNumber')} className="text-xs text-slate-500">
              {t('fiscalNumberHint')}
            </p>
            {errorText('fiscalNumber')}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={fieldId('contactName')}>
              {t('contactName')} {required}
            </Label>
            <Input
              id={fieldId('contactName')}
              autoComplete="name"
              placeholder={t('contactPlaceholder')}
              maxLength={ACCESS_REQUEST_LIMITS.contactMax}
              aria-required="true"
              {...a11y('contactName')}
              {...register('contactName')}
            />
            {errorText('contactName')}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={fieldId('email')}>
              {t('email')} {required}
            </Label>
            <Input
              id={fieldId('email')}
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder={t('emailPlaceholder')}
              maxLength={ACCESS_REQUEST_LIMITS.emailMax}
              aria-required="true"
              {...a11y('email')}
              {...register('email')}
            />
            {errorText('email')}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={fieldId('phone')}>{t('phone')}</Label>
            <Input
              id={fieldId('phone')}
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              placeholder={t('phonePlaceholder')}
              {...a11y('phone')}
              {...digitsField('phone', PHONE_LENGTH)}
            />
            {errorText('phone')}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={fieldId('typology')}>
              {t('typology')} {required}
            </Label>
            <NativeSelect
              id={fieldId('typology')}
              aria-required="true"
              {...a11y('typology')}
              {...register('typology')}
            >
              <option value="" disabled>
                {t('typologyPlaceholder')}
              </option>
              {ACCESS_REQUEST_TYPOLOGIES.map((typology) => (
                <option key={typology} value={typology}>
                  {typology}
                </option>
              ))}
            </NativeSelect>
            {errorText('typology')}
          </div>
        </div>

        <div className="space-y-1.5">
          <Label htmlFor={fieldId('message')}>{t('message')}</Label>
          <Textarea
            id={fieldId('message')}
            rows={5}
            className="min-h-32"
            maxLength={ACCESS_REQUEST_LIMITS.messageMax}
            placeholder={t('messagePlaceholder')}
            {...a11y('message')}
            {...register('message')}
          />
          {errorText('message')}
        </div>

        <div className="space-y-1.5">
          <div className="flex items-start gap-3">
            <input
              id={fieldId('acceptPrivacyPolicy')}
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-sky-700"
              aria-required="true"
              {...a11y('acceptPrivacyPolicy')}
              {...register('acceptPrivacyPolicy')}
            />
            <label
              htmlFor={fieldId('acceptPrivacyPolicy')}
              className="text-sm leading-snug text-slate-700"
            >
              {t.rich('privacy', {
                link: (chunks) => (
                  <Link
                    href="/condicoes-gerais-de-venda"
                    className="text-sky-800 underline underline-offset-2 hover:text-sky-900"
                  >
                    {chunks}
                  </Link>
                ),
              })}{' '}
              {required}
            </label>
          </div>
          {errorText('acceptPrivacyPolicy')}
        </div>

        {/* Honeypot: invisible to people and assistive technology; bots fill it in. */}
        <div
          aria-hidden="true"
          className="absolute -left-[10000px] top-auto size-px overflow-hidden"
        >
          <label htmlFor={fieldId('honeypot')}>{t('honeypot')}</label>
          <input
            id={fieldId('honeypot')}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            aria-hidden="true"
            {...register('honeypot')}
          />
        </div>
      </fieldset>

      <div aria-live="polite">
        {outcome?.kind === 'error' && (
          <div
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700"
          >
            <p className="font-medium">{text(outcome.message, outcome.values)}</p>
            {!outcome.fields && <p>{t('keptHint')}</p>}
          </div>
        )}
      </div>

      <Button
        type="submit"
        disabled={isSubmitting}
        className="h-11 bg-sky-700 px-6 text-white hover:bg-sky-800"
      >
        {isSubmitting ? t('submitting') : t('submit')}
      </Button>
    </form>
  );
}
