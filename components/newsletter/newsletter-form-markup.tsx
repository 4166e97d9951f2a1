import * as React from 'react';
import Link from 'next/link';
import { Honeypot } from '@/components/forms/honeypot';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect, NativeSelectOptions } from '@/components/ui/native-select';
import { cn } from '@/lib/utils';
import { NEWSLETTER_CUSTOMER_TYPES } from '@/lib/validation/newsletter-fields';

export type NewsletterVariant = 'popup' | 'footer' | 'banner';

/** The fixed texts of the form (messages 'Newsletter.*'), read by whoever renders it. */
export interface NewsletterFormTexts {
  formLabel: string;
  emailLabel: string;
  emailPlaceholder: string;
  customerTypeLabel: string;
  customerTypePlaceholder: string;
  honeypotLabel: string;
  submit: string;
  submitting: string;
  /** 'Newsletter.privacy' with its link. */
  privacy: React.ReactNode;
}

/** The ids of the form's fields, from one base (the server shell and the client form share it). */
export function newsletterFieldIds(base: string) {
  return {
    email: `${base}-email`,
    emailError: `${base}-email-error`,
    type: `${base}-type`,
    honeypot: `${base}-website`,
    privacy: `${base}-privacy`,
  };
}

/** The state and handlers of the interactive form; none for the server-rendered one. */
export interface NewsletterFormControl {
  email: string;
  customerType: string;
  honeypot: string;
  submitting: boolean;
  /** Text of the e-mail's field error, if any. */
  emailError: string | null;
  /** The success or error block shown in the live region. */
  message: React.ReactNode;
  formRef?: React.Ref<HTMLFormElement>;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
  onEmailFocus: () => void;
  onEmailChange: (value: string) => void;
  onCustomerTypeChange: (value: string) => void;
  onHoneypotChange: (value: string) => void;
}

export interface NewsletterFormMarkupProps {
  variant: NewsletterVariant;
  idBase: string;
  texts: NewsletterFormTexts;
  className?: string;
  /** Absent: the plain server-rendered form (uncontrolled fields, empty live region). */
  control?: NewsletterFormControl;
}

/**
 * The markup of the newsletter form (spec 3, 4, 5 and 8), without hooks: rendered on the server
 * as a plain form (newsletter-form-shell.tsx) and by the client form once its code has loaded
 * (newsletter-form.tsx), with the same classes and ids so that one replaces the other in place.
 */
export function NewsletterFormMarkup({ variant, idBase, texts, className, control }: NewsletterFormMarkupProps) {
  const ids = newsletterFieldIds(idBase);
  const dark = variant === 'footer';
  const submitting = control?.submitting ?? false;
  const emailError = control?.emailError ?? null;
  const customerType = control?.customerType ?? '';

  // Options get explicit colours: some browsers draw the list with the select's background.
  const optionClass = dark ? 'bg-slate-800 text-white' : 'bg-white text-slate-900';
  // The look of components/ui/label (a plain label: no client code for the server-rendered form).
  const labelClass = cn('sr-only flex items-center gap-2 text-sm leading-none font-medium select-none', dark ? 'text-slate-200' : 'text-slate-700');
  const fieldClass = dark
    ? 'border-slate-600 bg-slate-800 text-white placeholder:text-slate-400 focus-visible:border-sky-400'
    : 'bg-white';

  return (
    <form
      ref={control?.formRef}
      data-testid="newsletter-form"
      data-variant={variant}
      // Set on the interactive form, which replaces the plain one (end-to-end tests wait for it).
      data-interactive={control ? 'true' : undefined}
      aria-label={texts.formLabel}
      noValidate
      onSubmit={control?.onSubmit}
      className={cn('relative space-y-3', className)}
    >
      <div className={cn('flex flex-col gap-3', variant === 'banner' && 'sm:flex-row sm:items-start')}>
        <div className="min-w-0 flex-1 space-y-1">
          <label htmlFor={ids.email} className={labelClass}>
            {texts.emailLabel}
          </label>
          <Input
            id={ids.email}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder={texts.emailPlaceholder}
            {...(control
              ? {
                  value: control.email,
                  onFocus: control.onEmailFocus,
                  onChange: (e: React.ChangeEvent<HTMLInputElement>) => control.onEmailChange(e.target.value),
                }
              : {})}
            disabled={submitting}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? `${ids.emailError} ${ids.privacy}` : ids.privacy}
            className={cn('h-10', fieldClass)}
          />
          <FieldError id={ids.email} role="alert" className={dark ? 'text-red-300' : 'text-red-600'}>
            {emailError}
          </FieldError>
        </div>
        <div className={cn('space-y-1', variant === 'banner' && 'sm:w-56')}>
          <label htmlFor={ids.type} className={labelClass}>
            {texts.customerTypeLabel}
          </label>
          <NativeSelect
            id={ids.type}
            name="mmerge4"
            {...(control
              ? { value: control.customerType, onChange: (e: React.ChangeEvent<HTMLSelectElement>) => control.onCustomerTypeChange(e.target.value) }
              : { defaultValue: '' })}
            disabled={submitting}
            className={cn('h-10', fieldClass, !customerType && (dark ? 'text-slate-400' : 'text-slate-500'))}
          >
            <NativeSelectOptions values={NEWSLETTER_CUSTOMER_TYPES} placeholder={texts.customerTypePlaceholder} optionClassName={optionClass} />
          </NativeSelect>
        </div>
        <Honeypot
          id={ids.honeypot}
          label={texts.honeypotLabel}
          name="website"
          {...(control
            ? { value: control.honeypot, onChange: (e: React.ChangeEvent<HTMLInputElement>) => control.onHoneypotChange(e.target.value) }
            : {})}
        />
        <Button
          type="submit"
          disabled={submitting}
          className={cn('h-10', dark ? 'bg-sky-700 text-white hover:bg-sky-600' : 'bg-sky-700 text-white hover:bg-sky-800')}
        >
          {submitting ? texts.submitting : texts.submit}
        </Button>
      </div>

      <div aria-live="polite" className="text-sm">
        {control?.message}
      </div>

      <p id={ids.privacy} className={cn('text-xs leading-relaxed', dark ? 'text-slate-300' : 'text-slate-600')}>
        {texts.privacy}
      </p>
    </form>
  );
}

type PlainTextKey = Exclude<keyof NewsletterFormTexts, 'privacy'>;

/**
 * The form's texts from a 'Newsletter' translator — the server's (getTranslations) or the
 * client's (useTranslations): one list for the server-rendered form and the interactive one.
 */
export function newsletterFormTexts(
  t: ((key: PlainTextKey) => string) & { rich: (key: 'privacy', values: { link: (chunks: React.ReactNode) => React.ReactNode }) => React.ReactNode },
  variant: NewsletterVariant,
): NewsletterFormTexts {
  const keys: PlainTextKey[] = ['formLabel', 'emailLabel', 'emailPlaceholder', 'customerTypeLabel', 'customerTypePlaceholder', 'honeypotLabel', 'submit', 'submitting'];
  return { ...(Object.fromEntries(keys.map((k) => [k, t(k)])) as Record<PlainTextKey, string>), privacy: t.rich('privacy', { link: newsletterPrivacyLink(variant) }) };
}

/** The privacy notice's link (the `link` tag of 'Newsletter.privacy'). */
export function newsletterPrivacyLink(variant: NewsletterVariant) {
  const dark = variant === 'footer';
  return function PrivacyLink(chunks: React.ReactNode) {
    return (
      <Link
        href="/condicoes-gerais-de-venda"
        className={cn('underline underline-offset-2', dark ? 'text-white hover:text-sky-300' : 'text-sky-800 hover:text-sky-900')}
      >
        {chunks}
      </Link>
    );
  };
}
