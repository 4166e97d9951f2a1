import * as React from 'react';

export interface HoneypotProps extends Omit<React.ComponentProps<'input'>, 'type' | 'tabIndex' | 'autoComplete' | 'id'> {
  /** The input's id (its label points at it). */
  id: string;
  /** The label a robot reads (messages '*.honeypot'). */
  label: string;
}

/**
 * The anti-spam trap of the public forms: a text field out of sight, out of the tab order and
 * hidden from assistive technology, that people leave empty and robots fill in. The server action
 * refuses (quietly) a submission that has it filled. Takes `register('honeypot')` or value/onChange.
 * The form around it should be `relative`, so that the box stays inside it.
 */
export function Honeypot({ id, label, ...input }: HoneypotProps) {
  return (
    <div aria-hidden="true" data-slot="honeypot" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" tabIndex={-1} autoComplete="off" aria-hidden="true" {...input} />
    </div>
  );
}
