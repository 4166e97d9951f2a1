'use client';

import * as React from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useMessageText } from '@/lib/forms/use-message-text';
import { cn } from '@/lib/utils';
import {
  NEWSLETTER_CUSTOMER_TYPES,
  newsletterValidationKey,
  type NewsletterValidationKey,
} from '@/lib/validation/newsletter-fields';
import { subscribeNewsletterAction } from '@/server/newsletter/actions';

export type NewsletterVariant = 'popup' | 'footer' | 'banner';

export interface NewsletterFormProps {
  variant: NewsletterVariant;
  className?: string;
}

type Status = 'idle' | 'submitting' | 'success' | 'error';

/** The schema shared with the server action, in its own chunk (first needed on focus or submit). */
const loadSchema = () => import('@/lib/validation/newsletter');

/**
 * The newsletter form of the popup, the footer and the banner (spec 3, 4, 5 and 8):
 * idle → submitting (fields disabled, 'A processar...') → success (form reset). Popup and banner
 * show the success text in green; the footer only resets. Errors are red.
 */
export function NewsletterForm({ variant, className }: NewsletterFormProps) {
  const t = useTranslations('Newsletter');
  const id = React.useId();
  const [email, setEmail] = React.useState('');
  const [customerType, setCustomerType] = React.useState('');
  const [honeypot, setHoneypot] = React.useState('');
  const [status, setStatus] = React.useState<Status>('idle');
  const [emailError, setEmailError] = React.useState<NewsletterValidationKey | null>(null);
  /** The server's 'Demasiadas tentativas…' instead of the generic failure text. */
  const [limited, setLimited] = React.useState<string | null>(null);
  const text = useMessageText();

  const dark = variant === 'footer';
  const submitting = status === 'submitting';
  const emailId = `${id}-email`;
  const emailErrorId = `${id}-email-error`;
  const typeId = `${id}-type`;
  const honeypotId = `${id}-website`;
  const privacyId = `${id}-privacy`;

  function editing() {
    if (status === 'success' || status === 'error') setStatus('idle');
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    // The form sits in the footer of every page: zod and the schema load only when it is used.
    const { newsletterEmail } = await loadSchema();
    const checked = newsletterEmail.safeParse(email);
    if (!checked.success) {
      setEmailError(newsletterValidationKey(checked.error.issues[0]?.message ?? 'invalid'));
      setStatus('idle');
      document.getElementById(emailId)?.focus();
      return;
    }
    setEmailError(null);
    setStatus('submitting');
    try {
      const result = await subscribeNewsletterAction({
        email: checked.data,
        mmerge4: customerType || undefined,
        honeypot,
        source: variant,
      });
      if (result.ok) {
        setEmail('');
        setCustomerType('');
        setHoneypot('');
        setStatus('success');
        toast.success(t('toastSuccessTitle'), { description: t('toastSuccessDescription') });
        return;
      }
      const fieldError = result.error.fieldErrors?.email?.[0];
      if (fieldError) {
        setEmailError(newsletterValidationKey(fieldError));
        setStatus('idle');
        return;
      }
      const limitText = result.error.code === 'rate_limited' ? (text(result.error.message, result.error.values) ?? null) : null;
      setLimited(limitText);
      setStatus('error');
      toast.error(t('errorTitle'), { description: limitText ?? t('errorDescription') });
      return;
    } catch {
      setLimited(null);
      setStatus('error');
    }
    toast.error(t('errorTitle'), { description: t('errorDescription') });
  }

  // Options get explicit colours: some browsers draw the list with the select's background.
  const optionClass = dark ? 'bg-slate-800 text-white' : 'bg-white text-slate-900';
  const labelClass = dark ? 'text-slate-200' : 'text-slate-700';
  const fieldClass = dark
    ? 'border-slate-600 bg-slate-800 text-white placeholder:text-slate-400 focus-visible:border-sky-400'
    : 'bg-white';

  return (
    <form
      data-testid="newsletter-form"
      data-variant={variant}
      aria-label={t('formLabel')}
      noValidate
      onSubmit={onSubmit}
      className={cn('relative space-y-3', className)}
    >
      <div
        className={cn('flex flex-col gap-3', variant === 'banner' && 'sm:flex-row sm:items-start')}
      >
        <div className="min-w-0 flex-1 space-y-1">
          <Label htmlFor={emailId} className={cn('sr-only', labelClass)}>
            {t('emailLabel')}
          </Label>
          <Input
            id={emailId}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder={t('emailPlaceholder')}
            value={email}
            disabled={submitting}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? `${emailErrorId} ${privacyId}` : privacyId}
            onFocus={() => void loadSchema()}
            onChange={(e) => {
              setEmail(e.target.value);
              if (emailError) setEmailError(null);
              editing();
            }}
            className={cn('h-10', fieldClass)}
          />
          {emailError && (
            <p
              id={emailErrorId}
              role="alert"
              className={cn('text-sm', dark ? 'text-red-300' : 'text-red-600')}
            >
              {t(`validation.${emailError}`)}
            </p>
          )}
        </div>
        <div className={cn('space-y-1', variant === 'banner' && 'sm:w-56')}>
          <Label htmlFor={typeId} className={cn('sr-only', labelClass)}>
            {t('customerTypeLabel')}
          </Label>
          <NativeSelect
            id={typeId}
            name="mmerge4"
            value={customerType}
            disabled={submitting}
            onChange={(e) => {
              setCustomerType(e.target.value);
              editing();
            }}
            className={cn(
              'h-10',
              fieldClass,
              !customerType && (dark ? 'text-slate-400' : 'text-slate-500'),
            )}
          >
            <option value="" disabled className={optionClass}>
              {t('customerTypePlaceholder')}
            </option>
            {NEWSLETTER_CUSTOMER_TYPES.map((type) => (
              <option key={type} value={type} className={optionClass}>
                {type}
              </option>
            ))}
          </NativeSelect>
        </div>
        {/* Honeypot: invisible to people and assistive technology; bots fill it in. */}
        <div
          aria-hidden="true"
          className="absolute -left-[10000px] top-auto size-px overflow-hidden"
        >
          <label htmlFor={honeypotId}>{t('honeypotLabel')}</label>
          <input
            id={honeypotId}
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            aria-hidden="true"
            value={honeypot}
            onChange={(e) => setHoneypot(e.target.value)}
          />
        </div>
        <Button
          type="submit"
          disabled={submitting}
          className={cn(
            'h-10',
            dark
              ? 'bg-sky-700 text-white hover:bg-sky-600'
              : 'bg-sky-700 text-white hover:bg-sky-800',
          )}
        >
          {submitting ? t('submitting') : t('submit')}
        </Button>
      </div>

      <div aria-live="polite" className="text-sm">
        {status === 'success' && variant !== 'footer' && (
          <div role="status" className="font-medium text-green-700">
            <p>{t('success')}</p>
            <p className="font-normal">{t('successHint')}</p>
          </div>
        )}
        {status === 'error' && (
          <div role="alert" className={dark ? 'text-red-300' : 'text-red-600'}>
            <p className="font-medium">{t('errorTitle')}</p>
            <p>{limited ?? t('errorDescription')}</p>
          </div>
        )}
      </div>

      <p
        id={privacyId}
        className={cn('text-xs leading-relaxed', dark ? 'text-slate-300' : 'text-slate-600')}
      >
        {t.rich('privacy', {
          link: (chunks) => (
            <Link
              href="/condicoes-gerais-de-venda"
              className={cn(
                'underline underline-offset-2',
                dark ? 'text-white hover:text-sky-300' : 'text-sky-800 hover:text-sky-900',
              )}
            >
              {chunks}
            </Link>
          ),
        })}
      </p>
    </form>
  );
}
