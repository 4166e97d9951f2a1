import * as React from 'react';
import { cn } from '@/lib/utils';

/**
 * A form field in the shadcn manner: label, control, description and error, with the ids and the
 * aria attributes wired in one place. The control is the one child element; it receives `id`,
 * `aria-invalid` and `aria-describedby` (the error first, then the description) unless it sets
 * them itself. Works with react-hook-form: spread `register(name)` on the control as usual.
 *
 *   <Field id="signup-email" label="Email" required error={text(errors.email?.message)}>
 *     <Input type="email" {...register('email')} />
 *   </Field>
 *
 * No hooks beyond useId and no client code: server-rendered forms can use it too. The label is
 * a plain <label> with the look of components/ui/label.
 */

/** The ids of a field's parts, from the control's id. */
export function fieldIds(id: string) {
  return { control: id, description: `${id}-hint`, error: `${id}-error` };
}

/**
 * aria-invalid and aria-describedby for a control with the given id: for controls laid out by hand
 * (outside Field) whose error and description use the ids of fieldIds().
 */
export function fieldControlProps(id: string, error: React.ReactNode | undefined, description = false) {
  const ids = fieldIds(id);
  const describedBy = [error ? ids.error : null, description ? ids.description : null].filter(Boolean).join(' ');
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined } as const;
}

const labelClass =
  'flex items-center gap-2 text-sm leading-none font-medium select-none group-data-[disabled=true]:pointer-events-none group-data-[disabled=true]:opacity-50 peer-disabled:cursor-not-allowed peer-disabled:opacity-50';

/** The red asterisk of a required field (hidden from assistive technology: the control says aria-required). */
export function RequiredMark() {
  return (
    <span aria-hidden className="text-red-600">
      {' '}
      *
    </span>
  );
}

export function FieldLabel({ className, required, children, ...props }: React.ComponentProps<'label'> & { required?: boolean }) {
  return (
    <label data-slot="field-label" className={cn(labelClass, className)} {...props}>
      {children}
      {required && <RequiredMark />}
    </label>
  );
}

/** A field's description (hint), linked from its control as `${id}-hint`. */
export function FieldDescription({ id, className, ...props }: React.ComponentProps<'div'> & { id: string }) {
  return <div data-slot="field-description" id={fieldIds(id).description} className={cn('text-xs text-slate-600', className)} {...props} />;
}

/** A field's error, linked from its control as `${id}-error`; nothing when there is no error. */
export function FieldError({ id, className, children, ...props }: React.ComponentProps<'p'> & { id: string }) {
  if (!children) return null;
  return (
    <p data-slot="field-error" id={fieldIds(id).error} className={cn('text-sm text-red-700', className)} {...props}>
      {children}
    </p>
  );
}

type ControlProps = { id?: string; 'aria-invalid'?: unknown; 'aria-describedby'?: string; 'aria-required'?: unknown };

export interface FieldProps {
  /** The control's id (React's own id otherwise); the description and error ids derive from it. */
  id?: string;
  label: React.ReactNode;
  /** The text of the error, already translated; the control is marked invalid while there is one. */
  error?: React.ReactNode;
  /** A hint under the control (e.g. the password strength meter). */
  description?: React.ReactNode;
  /** Shows the asterisk and sets aria-required on the control. */
  required?: boolean;
  className?: string;
  labelClassName?: string;
  /** The control (Input, Textarea, NativeSelect, a plain input…), then anything shown under it. */
  children: React.ReactNode;
}

const CONTROL_TAGS = new Set(['input', 'select', 'textarea']);

export function Field({ id: givenId, label, error, description, required, className, labelClassName, children }: FieldProps) {
  const reactId = React.useId();
  const id = givenId ?? reactId;
  const wired = fieldControlProps(id, error, Boolean(description));
  // The control is the first child; what follows it (an upload's status line…) is shown as it is.
  const [first, ...after] = React.Children.toArray(children);
  // A layout element (a row holding the control and a button) is left as it is: its control
  // then takes fieldControlProps(id, error, …) itself.
  const isControl =
    React.isValidElement<ControlProps>(first) && !(typeof first.type === 'string' && !CONTROL_TAGS.has(first.type));
  const own: ControlProps = isControl ? first.props : {};
  const control = isControl
    ? React.cloneElement(first, {
        id: own.id ?? wired.id,
        'aria-invalid': own['aria-invalid'] ?? wired['aria-invalid'],
        'aria-describedby': own['aria-describedby'] ?? wired['aria-describedby'],
        ...(required && own['aria-required'] === undefined ? { 'aria-required': true } : {}),
      })
    : first;
  return (
    <div data-slot="field" data-invalid={error ? true : undefined} className={cn('space-y-1.5', className)}>
      <FieldLabel htmlFor={own.id ?? id} required={required} className={labelClassName}>
        {label}
      </FieldLabel>
      {control}
      {after}
      {description && <FieldDescription id={id}>{description}</FieldDescription>}
      <FieldError id={id}>{error}</FieldError>
    </div>
  );
}
