import type { ReactNode } from 'react';

/**
 * A select of an admin list's GET filter form, inside its label (the label's text first, in a span
 * of its own when `labelClassName` is given): the options are [value, text] pairs, the first
 * usually the "all" choice with an empty value.
 */
export function FilterSelect({
  label,
  name,
  defaultValue,
  options,
  className,
  labelClassName,
  selectClassName,
}: {
  label: string;
  name: string;
  defaultValue: string;
  options: readonly (readonly [value: string, text: ReactNode])[];
  className?: string;
  labelClassName?: string;
  selectClassName?: string;
}) {
  return (
    <label className={className}>
      {labelClassName ? <span className={labelClassName}>{label}</span> : label}
      <select name={name} defaultValue={defaultValue} className={selectClassName}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * A text, search or date input of an admin list's GET filter form, inside its label (the label's
 * text first).
 */
export function FilterInput({
  label,
  className,
  inputClassName,
  ...input
}: {
  label: ReactNode;
  name: string;
  type: 'date' | 'search' | 'text';
  defaultValue: string;
  maxLength?: number;
  placeholder?: string;
  className?: string;
  inputClassName?: string;
}) {
  return (
    <label className={className}>
      {label}
      <input {...input} className={inputClassName} />
    </label>
  );
}
