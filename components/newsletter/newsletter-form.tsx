'use client';

import * as React from 'react';
import { useTranslations } from 'next-intl';
import { toast } from '@/components/ui/toast';
import { useMessageText } from '@/lib/forms/use-message-text';
import { newsletterValidationKey, type NewsletterValidationKey } from '@/lib/validation/newsletter-fields';
import { subscribeNewsletterAction } from '@/server/newsletter/actions';
import { NewsletterFormMarkup, newsletterFormTexts, type NewsletterVariant } from './newsletter-form-markup';

export type { NewsletterVariant } from './newsletter-form-markup';

/** What the server-rendered form held when this one replaced it (newsletter-form-shell.tsx). */
export interface NewsletterFormInitial {
  email?: string;
  customerType?: string;
  honeypot?: string;
  /** The `name` of the field that had the focus, which gets it back (with the caret). */
  focus?: { name: string; selectionStart: number | null; selectionEnd: number | null } | null;
  /** The plain form was submitted before this code arrived: submit once mounted. */
  submit?: boolean;
}

export interface NewsletterFormProps {
  variant: NewsletterVariant;
  className?: string;
  /** Base of the fields' ids (those of the server-rendered form it replaces); React's own id otherwise. */
  idBase?: string;
  /** Read once, when the form first renders. */
  initial?: () => NewsletterFormInitial;
}

type Status = 'idle' | 'submitting' | 'success' | 'error';

/** The schema shared with the server action, in its own chunk (first needed on focus or submit). */
const loadSchema = () => import('@/lib/validation/newsletter');

/**
 * The newsletter form of the popup, the footer and the banner (spec 3, 4, 5 and 8):
 * idle → submitting (fields disabled, 'A processar...') → success (form reset). Popup and banner
 * show the success text in green; the footer only resets. Errors are red.
 */
export function NewsletterForm({ variant, className, idBase: givenIdBase, initial }: NewsletterFormProps) {
  const t = useTranslations('Newsletter');
  const reactId = React.useId();
  const idBase = givenIdBase ?? reactId;
  // Read while rendering, before the plain form it replaces leaves the page.
  const [start] = React.useState<NewsletterFormInitial>(() => initial?.() ?? {});
  const [email, setEmail] = React.useState(start.email ?? '');
  const [customerType, setCustomerType] = React.useState(start.customerType ?? '');
  const [honeypot, setHoneypot] = React.useState(start.honeypot ?? '');
  const formRef = React.useRef<HTMLFormElement>(null);
  const [status, setStatus] = React.useState<Status>('idle');
  const [emailError, setEmailError] = React.useState<NewsletterValidationKey | null>(null);
  /** The server's 'Demasiadas tentativas…' instead of the generic failure text. */
  const [limited, setLimited] = React.useState<string | null>(null);
  const text = useMessageText();

  const dark = variant === 'footer';
  const submitting = status === 'submitting';
  const emailId = `${idBase}-email`;

  // Taking over from the plain form: the focus (and caret) where it was, and a submit it received.
  const tookOver = React.useRef(false);
  React.useLayoutEffect(() => {
    const form = formRef.current;
    if (!form || tookOver.current) return;
    tookOver.current = true;
    if (start.focus) {
      const field = form.elements.namedItem(start.focus.name);
      if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) {
        field.focus();
        if (field instanceof HTMLInputElement && start.focus.selectionStart !== null) {
          try {
            field.setSelectionRange(start.focus.selectionStart, start.focus.selectionEnd);
          } catch {
            // type="email" has no selection API in some browsers.
          }
        }
      }
    }
    if (start.submit) form.requestSubmit();
  }, [start]);

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

  return (
    <NewsletterFormMarkup
      variant={variant}
      idBase={idBase}
      className={className}
      texts={newsletterFormTexts(t, variant)}
      control={{
        email,
        customerType,
        honeypot,
        submitting,
        emailError: emailError ? t(`validation.${emailError}`) : null,
        formRef,
        onSubmit,
        onEmailFocus: () => void loadSchema(),
        onEmailChange: (value) => {
          setEmail(value);
          if (emailError) setEmailError(null);
          editing();
        },
        onCustomerTypeChange: (value) => {
          setCustomerType(value);
          editing();
        },
        onHoneypotChange: setHoneypot,
        message: (
          <>
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
          </>
        ),
      }}
    />
  );
}
