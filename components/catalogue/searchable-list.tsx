'use client';

import { useId, useState } from 'react';
import Link from 'next/link';
import { cx } from '@/lib/class-names';

export interface ListLink {
  key: string;
  label: string;
  href: string;
  count?: number;
  active?: boolean;
}

/** A list of filter links with a box that narrows it as one types (accent-insensitive). */
export function SearchableList({
  label,
  placeholder,
  items,
  emptyText,
  pinned = [],
}: {
  label: string;
  placeholder: string;
  items: ListLink[];
  emptyText: string;
  pinned?: ListLink[];
}) {
  const [term, setTerm] = useState('');
  const id = useId();
  const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  const visible = term ? items.filter((i) => fold(i.label).includes(fold(term))) : items;
  const link = (i: ListLink) => (
    <li key={i.key}>
      <Link
        href={i.href}
        aria-current={i.active ? 'true' : undefined}
        className={cx(
          'flex items-center justify-between gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-slate-100',
          i.active ? 'bg-sky-50 font-semibold text-sky-900' : 'text-slate-700',
        )}
      >
        <span className="truncate">{i.label}</span>
        {i.count !== undefined && <span className="text-xs text-slate-600">{i.count}</span>}
      </Link>
    </li>
  );
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      {/* Input's look (components/ui/input) at h-8, written out: Input would bring tailwind-merge to every listing. */}
      <input
        id={id}
        type="search"
        data-slot="input"
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        placeholder={placeholder}
        className="file:text-foreground placeholder:text-muted-foreground selection:bg-primary selection:text-primary-foreground border-input flex h-8 w-full min-w-0 rounded-md border bg-transparent px-3 py-1 text-base shadow-xs transition-[color,box-shadow] outline-none file:inline-flex file:h-7 file:border-0 file:bg-transparent file:text-sm file:font-medium disabled:pointer-events-none disabled:cursor-not-allowed disabled:opacity-50 md:text-sm focus-visible:border-ring focus-visible:ring-ring/50 focus-visible:ring-[3px] aria-invalid:ring-destructive/20 aria-invalid:border-destructive"
      />
      <ul className="max-h-64 space-y-0.5 overflow-y-auto pr-1">
        {!term && pinned.map(link)}
        {visible.map(link)}
        {visible.length === 0 && <li className="px-2 py-1.5 text-sm text-slate-500">{emptyText}</li>}
      </ul>
    </div>
  );
}
