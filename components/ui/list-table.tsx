import type { ReactNode } from 'react';
import { ColumnHeaders } from '@/components/ui/table';
import { cn } from '@/lib/utils';

/** A column header: its text, or an object for a right-aligned (numbers) or screen-reader-only header. */
export type ListColumn = ReactNode | { label: ReactNode; align?: 'right'; srOnly?: boolean };

/**
 * Header cell spacing, one per table family: `normal` (admin lists), `strong` (customer tables),
 * `padded` (admin catalogue lists), `roomy` (technical sheets), `compact` (tables inside a card)
 * and `log` (the search log and synonyms). The last header of `compact` and `log` has no
 * right padding, like their last body cell.
 */
const HEAD_CELL = {
  normal: 'px-3 py-2',
  strong: 'px-3 py-2 font-semibold',
  padded: 'p-3',
  roomy: 'px-4 py-3 font-semibold',
  compact: 'py-1 pr-2 last:pr-0',
  log: 'py-2 pr-3 font-medium last:pr-0',
} as const;

export type ListDensity = keyof typeof HEAD_CELL;

function isColumnObject(c: ListColumn): c is { label: ReactNode; align?: 'right'; srOnly?: boolean } {
  return typeof c === 'object' && c !== null && 'label' in c;
}

interface ListTableProps {
  columns: readonly ListColumn[];
  /** The rows: one or more `<tbody>`. */
  children: ReactNode;
  density?: ListDensity;
  /** A caption for screen readers. */
  caption?: ReactNode;
  testId?: string;
  /** Inside a white rounded card with a border (lists on their own), or bare (a table inside a card). */
  framed?: boolean;
  /** Extra classes of the scrolling wrapper (margins, another frame). */
  className?: string;
  tableClassName?: string;
  headClassName?: string;
}

/**
 * A list table: a horizontally scrolling frame, a `<table>` with its column headers
 * (`scope="col"`) and the rows the page renders. The one place for the table markup of the
 * admin lists and the customer area's tables.
 */
export function ListTable({
  columns,
  children,
  density = 'normal',
  caption,
  testId,
  framed = true,
  className,
  tableClassName,
  headClassName = 'bg-slate-50 text-slate-700',
}: ListTableProps) {
  return (
    <div className={cn('overflow-x-auto', framed && 'rounded-xl border bg-white', className)}>
      <table className={cn('w-full text-left text-sm', tableClassName)} data-testid={testId}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className={headClassName}>
          <ColumnHeaders
            cellClassName={HEAD_CELL[density]}
            columns={columns.map((column) => {
              const c = isColumnObject(column) ? column : { label: column };
              return { label: c.srOnly ? <span className="sr-only">{c.label}</span> : c.label, className: c.align === 'right' ? 'text-right' : undefined };
            })}
          />
        </thead>
        {children}
      </table>
    </div>
  );
}

/** What an admin list shows instead of its table when nothing matches. */
export function EmptyListNote({ children, className, testId }: { children: ReactNode; className?: string; testId?: string }) {
  return (
    <p className={cn('rounded-xl border bg-white p-6 text-slate-700', className)} data-testid={testId}>
      {children}
    </p>
  );
}
