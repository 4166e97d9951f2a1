import * as React from 'react';
import { ChevronDownIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

/** A styled native <select>: accessible, keyboard friendly, no client JS. */
function NativeSelect({ className, ...props }: React.ComponentProps<'select'>) {
  return (
    <div className="relative">
      <select
        data-slot="native-select"
        className={cn(
          'border-input focus-visible:border-ring focus-visible:ring-ring/50 aria-invalid:border-destructive h-9 w-full appearance-none rounded-md border bg-transparent py-1 pr-8 pl-3 text-base shadow-xs outline-none focus-visible:ring-[3px] disabled:cursor-not-allowed disabled:opacity-50 md:text-sm',
          className,
        )}
        {...props}
      />
      <ChevronDownIcon aria-hidden className="text-muted-foreground pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2" />
    </div>
  );
}

/**
 * The options of a select whose values are shown as they are (typologies, subjects), after an
 * optional placeholder that stands while nothing is chosen and cannot be chosen again.
 */
function NativeSelectOptions({ values, placeholder, optionClassName }: { values: readonly string[]; placeholder?: React.ReactNode; optionClassName?: string }) {
  return (
    <>
      {placeholder !== undefined && (
        <option value="" disabled className={optionClassName}>
          {placeholder}
        </option>
      )}
      {values.map((value) => (
        <option key={value} value={value} className={optionClassName}>
          {value}
        </option>
      ))}
    </>
  );
}

export { NativeSelect, NativeSelectOptions };
