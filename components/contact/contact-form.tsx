'use client';

import * as React from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import type { ActionError } from '@/lib/errors';
import { useMessageText } from '@/lib/forms/use-message-text';
import { cn } from '@/lib/utils';
import {
  CONTACT_LIMITS,
  CONTACT_SUBJECTS,
  contactSchema,
  contactValidationKey,
  type ContactFormValues,
} from '@/lib/validation/contact';
import { sendContactMessageAction } from '@/server/contact/actions';

const DEFAULT_VALUES: ContactFormValues = {
  name: '',
  email: '',
  phone: '',
  subject: '',
  message: '',
  consent: false,
  honeypot: '',
};

const FIELDS = ['name', 'email', 'phone', 'subject', 'message', 'consent', 'honeypot'] as const;
type Field = (typeof FIELDS)[number];

function isField(value: unknown): value is Field {
  return typeof value === 'string' && (FIELDS as readonly string[]).includes(value);
}

/** react-hook-form ↔ the shared zod schema; messages stay keys of `Contact.validation`. */
const contactResolver: Resolver<ContactFormValues> = async (values) => {
  const parsed = contactSchema.safeParse(values);
  if (parsed.success) return { values, errors: {} };
  const errors: FieldErrors<ContactFormValues> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isField(field) && !errors[field]) {
      errors[field] = { type: issue.code, message: contactValidationKey(issue.message) };
    }
  }
  return { values: {}, errors };
};

/** `limited`: the server's 'Demasiadas tentativas…' (a message key and its values). */
type Outcome = { kind: 'success' } | { kind: 'error'; fields: boolean; limited?: Pick<ActionError, 'message' | 'values'> } | null;

/** The form of /contacto (spec 2.1): validated here and again by the server action. */
export function ContactForm({ className }: { className?: string }) {
  const t = useTranslations('Contact');
  const text = useMessageText();
  const id = React.useId();
  const [outcome, setOutcome] = React.useState<Outcome>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormValues>({
    resolver: contactResolver,
    defaultValues: DEFAULT_VALUES,
    mode: 'onTouched',
  });

  const fieldId = (name: Field) => `${id}-${name}`;
  const errorId = (name: Field) => `${id}-${name}-error`;
  const message = (name: Field) => {
    const key = errors[name]?.message;
    return key ? t(`validation.${contactValidationKey(key)}`) : null;
  };
  /** aria-invalid + aria-describedby (the error, then any hint) for a control. */
  const a11y = (name: Field, hintId?: string) => {
    const invalid = Boolean(errors[name]);
    const describedBy = [invalid ? errorId(name) : null, hintId].filter(Boolean).join(' ');
    return { 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy || undefined };
  };
  const errorText = (name: Field) => {
    const text = message(name);
    return text ? (
      <p id={errorId(name)} className="text-sm text-red-600">
        {text}
      </p>
    ) : null;
  };

  const onSubmit = handleSubmit(
    async (values) => {
      setOutcome(null);
      try {
        const result = await sendContactMessageAction(values);
        if (result.ok) {
          reset(DEFAULT_VALUES);
          setOutcome({ kind: 'success' });
          toast.success(t('form.success'));
          return;
        }
        let fields = false;
        for (const [name, keys] of Object.entries(result.error.fieldErrors ?? {})) {
          const key = keys[0];
          if (isField(name) && key) {
            setError(
              name,
              { type: 'server', message: contactValidationKey(key) },
              { shouldFocus: !fields },
            );
            fields = true;
          }
        }
        const limited = result.error.code === 'rate_limited' ? { message: result.error.message, values: result.error.values } : undefined;
        setOutcome({ kind: 'error', fields, limited });
      } catch {
        setOutcome({ kind: 'error', fields: false });
      }
    },
    () => setOutcome(null),
  );

  const required = (
    <span aria-hidden className="text-red-600">
      *
    </span>
  );

  return (
    <form
      aria-label={t('form.label')}
      data-testid="contact-form"
      noValidate
      onSubmit={onSubmit}
      className={cn('relative space-y-5', className)}
    >
      <fieldset disabled={isSubmitting} className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <div className="space-y-1.5">
            <Label htmlFor={fieldId('name')}>
              {t('form.name')} {required}
            </Label>
            <Input
              id={fieldId('name')}
              autoComplete="name"
              placeholder={t('form.namePlaceholder')}
              maxLength={CONTACT_LIMITS.nameMax}
              aria-required="true"
              {...a11y('name')}
              {...register('name')}
            />
            {errorText('name')}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={fieldId('email')}>
              {t('form.email')} {required}
            </Label>
            <Input
              id={fieldId('email')}
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder={t('form.emailPlaceholder')}
              aria-required="true"
              {...a11y('email')}
              {...register('email')}
            />
            {errorText('email')}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={fieldId('phone')}>{t('form.phone')}</Label>
            <Input
              id={fieldId('phone')}
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder={t('form.phonePlaceholder')}
              {...a11y('phone', `${id}-phone-hint`)}
              {...register('phone')}
            />
            <p id={`${id}-phone-hint`} className="text-xs text-slate-500">
              {t('form.phoneHint')}
            </p>
            {errorText('phone')}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={fieldId('subject')}>
              {t('form.subject')} {required}
            </Label>
            <NativeSelect
              id={fieldId('subject')}
              aria-required="true"
              {...a11y('subject')}
              {...register('subject')}
            >
              <option value="" disabled>
                {t('form.subjectPlaceholder')}
              </option>
              {CONTACT_SUBJECTS.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </NativeSelect>
            {errorText('subject')}
          </div>
        </div>

        <div className="space-y-1.5">
          <Label htmlFor={fieldId('message')}>
            {t('form.message')} {required}
          </Label>
          <Textarea
            id={fieldId('message')}
            rows={6}
            className="min-h-36"
            maxLength={CONTACT_LIMITS.messageMax}
            placeholder={t('form.messagePlaceholder')}
            aria-required="true"
            {...a11y('message')}
            {...register('message')}
          />
          {errorText('message')}
        </div>

        <div className="space-y-1.5">
          <div className="flex items-start gap-3">
            <input
              id={fieldId('consent')}
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-sky-700"
              aria-required="true"
              {...a11y('consent')}
              {...register('consent')}
            />
            <label htmlFor={fieldId('consent')} className="text-sm leading-snug text-slate-700">
              {t.rich('form.consent', {
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
          {errorText('consent')}
        </div>

        {/* Honeypot: invisible to people and assistive technology; bots fill it in. */}
        <div
          aria-hidden="true"
          className="absolute -left-[10000px] top-auto size-px overflow-hidden"
        >
          <label htmlFor={fieldId('honeypot')}>{t('form.honeypot')}</label>
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
        {outcome?.kind === 'success' && (
          <p
            role="status"
            className="rounded-md border border-green-200 bg-green-50 p-3 text-sm font-medium text-green-800"
          >
            {t('form.success')}
          </p>
        )}
        {outcome?.kind === 'error' && (
          <div
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700"
          >
            {outcome.limited ? (
              <p className="font-medium">{text(outcome.limited.message, outcome.limited.values)}</p>
            ) : (
              <>
                <p className="font-medium">{outcome.fields ? t('form.fixErrors') : t('form.error')}</p>
                {!outcome.fields && <p>{t('form.errorHint')}</p>}
              </>
            )}
          </div>
        )}
      </div>

      <Button
        type="submit"
        disabled={isSubmitting}
        className="h-11 bg-sky-700 px-6 text-white hover:bg-sky-800"
      >
        {isSubmitting ? t('form.submitting') : t('form.submit')}
      </Button>
    </form>
  );
}
