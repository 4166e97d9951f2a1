import * as React from 'react';

/**
 * The ticked rows of an admin table with bulk actions: one box a row, and the box in the heading
 * that ticks or unticks every row of the page.
 */
export function useRowSelection(rows: readonly { id: number }[]) {
  const [selected, setSelected] = React.useState<Set<number>>(new Set());
  const allChecked = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const toggle = (id: number) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () => setSelected(allChecked ? new Set() : new Set(rows.map((r) => r.id)));
  const clear = () => setSelected(new Set());
  return { selected, allChecked, toggle, toggleAll, clear };
}
