'use client';

import * as React from 'react';
import { useTranslations } from 'next-intl';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { ConsentCheckbox, privacyLink } from '@/components/forms/consent-checkbox';
import { FormAlert } from '@/components/forms/form-alert';
import { Honeypot } from '@/components/forms/honeypot';
import { SubmitButton } from '@/components/forms/submit-button';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { NativeSelect, NativeSelectOptions } from '@/components/ui/native-select';
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
type FieldName = (typeof FIELDS)[number];

function isField(value: unknown): value is FieldName {
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

  const fieldId = (name: FieldName) => `${id}-${name}`;
  const message = (name: FieldName) => {
    const key = errors[name]?.message;
    return key ? t(`validation.${contactValidationKey(key)}`) : null;
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
          <Field id={fieldId('name')} label={t('form.name')} required error={message('name')}>
            <Input autoComplete="name" placeholder={t('form.namePlaceholder')} maxLength={CONTACT_LIMITS.nameMax} {...register('name')} />
          </Field>
          <Field id={fieldId('email')} label={t('form.email')} required error={message('email')}>
            <Input type="email" inputMode="email" autoComplete="email" placeholder={t('form.emailPlaceholder')} {...register('email')} />
          </Field>
          <Field id={fieldId('phone')} label={t('form.phone')} description={t('form.phoneHint')} error={message('phone')}>
            <Input type="tel" inputMode="tel" autoComplete="tel-national" placeholder={t('form.phonePlaceholder')} {...register('phone')} />
          </Field>
          <Field id={fieldId('subject')} label={t('form.subject')} required error={message('subject')}>
            <NativeSelect {...register('subject')}>
              <NativeSelectOptions values={CONTACT_SUBJECTS} placeholder={t('form.subjectPlaceholder')} />
            </NativeSelect>
          </Field>
        </div>

        <Field id={fieldId('message')} label={t('form.message')} required error={message('message')}>
          <Textarea rows={6} className="min-h-36" maxLength={CONTACT_LIMITS.messageMax} placeholder={t('form.messagePlaceholder')} {...register('message')} />
        </Field>

        <ConsentCheckbox
          id={fieldId('consent')}
          label={t.rich('form.consent', { link: privacyLink() })}
          error={message('consent')}
          {...register('consent')}
        />

        <Honeypot id={fieldId('honeypot')} label={t('form.honeypot')} {...register('honeypot')} />
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
        {outcome?.kind === 'error' &&
          (outcome.limited ? (
            <FormAlert message={text(outcome.limited.message, outcome.limited.values)} />
          ) : (
            <FormAlert message={outcome.fields ? t('form.fixErrors') : t('form.error')}>{!outcome.fields && <p>{t('form.errorHint')}</p>}</FormAlert>
          ))}
      </div>

      <SubmitButton pending={isSubmitting} pendingLabel={t('form.submitting')} className="h-11 bg-sky-700 px-6 text-white hover:bg-sky-800">
        {t('form.submit')}
      </SubmitButton>
    </form>
  );
}
