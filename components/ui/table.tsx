import * as React from 'react';
import { cn } from '@/lib/utils';

/** A column heading: its text, or its content and what sets it apart (alignment, a breakpoint). */
export type Column = string | { label: React.ReactNode; className?: string };

/**
 * The heading row of a data table: one `<th scope="col">` a column, each with the table's cell
 * class plus its own. Works in server and client components.
 *
 *   <thead><ColumnHeaders cellClassName="px-3 py-2" columns={[t('code'), t('name'), right(t('total'))]} /></thead>
 */
export function ColumnHeaders({ columns, cellClassName, className }: { columns: readonly (Column | false | null | undefined)[]; cellClassName?: string; className?: string }) {
  return (
    <tr className={className}>
      {columns.map((column, i) => {
        if (!column) return null;
        const { label, className: own } = typeof column === 'string' ? { label: column, className: undefined } : column;
        return (
          <th key={i} scope="col" className={cn(cellClassName, own) || undefined}>
            {label}
          </th>
        );
      })}
    </tr>
  );
}

/** A column heading aligned right (numbers, prices). */
export const right = (label: React.ReactNode, className?: string): Column => ({ label, className: cn('text-right', className) });
