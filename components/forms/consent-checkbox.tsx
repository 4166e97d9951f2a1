import * as React from 'react';
import Link from 'next/link';
import { FieldError, fieldControlProps, RequiredMark } from '@/components/ui/field';
import { cn } from '@/lib/utils';

export interface ConsentCheckboxProps extends Omit<React.ComponentProps<'input'>, 'type' | 'id'> {
  /** The checkbox's id; its error is `${id}-error`. */
  id: string;
  /** The consent text, usually `t.rich(…, { link: privacyLink() })`. */
  label: React.ReactNode;
  /** The error text, already translated. */
  error?: React.ReactNode;
  /** Shows the asterisk and sets aria-required (default: true). */
  required?: boolean;
  className?: string;
}

/**
 * The consent box of the public forms (privacy policy / general conditions): a checkbox, its
 * text with the link, and its error, tied with aria-invalid and aria-describedby. Takes
 * `register('consent')` or checked/onChange.
 */
export function ConsentCheckbox({ id, label, error, required = true, className, ...input }: ConsentCheckboxProps) {
  return (
    <div data-slot="consent" className={cn('space-y-1.5', className)}>
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-sky-700"
          aria-required={required ? true : undefined}
          {...fieldControlProps(id, error)}
          {...input}
        />
        <label htmlFor={id} className="text-sm leading-snug text-slate-700">
          {label}
          {required && <RequiredMark />}
        </label>
      </div>
      <FieldError id={id}>{error}</FieldError>
    </div>
  );
}

/**
 * The `link` tag of the consent texts: the general conditions of sale, which hold the privacy
 * policy. `newTab` in dialogs, so that what was typed stays.
 */
export function privacyLink({ className, newTab = false }: { className?: string; newTab?: boolean } = {}) {
  return function PrivacyLink(chunks: React.ReactNode) {
    return (
      <Link
        href="/condicoes-gerais-de-venda"
        className={cn('text-sky-800 underline underline-offset-2 hover:text-sky-900', className)}
        {...(newTab ? { target: '_blank' } : {})}
      >
        {chunks}
      </Link>
    );
  };
}
