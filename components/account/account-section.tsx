import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A list of the customer area (favourites, job lists, orders): a `<section>` named by its `<h2>`,
 * the title row with, when the list is not empty, how many there are, then the list.
 */
export function AccountListSection({
  id,
  title,
  count,
  countTestId,
  className = 'space-y-4',
  children,
}: {
  id: string;
  title: ReactNode;
  count?: ReactNode;
  countTestId?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-2xl font-bold tracking-tight text-slate-900">
          {title}
        </h2>
        {count ? (
          <p className="text-sm text-slate-600" data-testid={countTestId}>
            {count}
          </p>
        ) : null}
      </div>
      {children}
    </section>
  );
}

/** What an empty list of the customer area shows: an icon, a title, a line of text and the next step. */
export function AccountEmptyState({
  icon: Icon,
  title,
  text,
  testId,
  children,
}: {
  icon: LucideIcon;
  title: ReactNode;
  text: ReactNode;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center" data-testid={testId}>
      <Icon aria-hidden className="mx-auto size-10 text-slate-400" />
      <p className="mt-3 text-lg font-semibold text-slate-900">{title}</p>
      <p className="mt-1 text-slate-600">{text}</p>
      {children}
    </div>
  );
}
