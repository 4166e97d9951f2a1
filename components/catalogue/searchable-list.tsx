'use client';

import { useId, useState } from 'react';
import Link from 'next/link';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

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
        className={cn(
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
      <Input id={id} type="search" value={term} onChange={(e) => setTerm(e.target.value)} placeholder={placeholder} className="h-8" />
      <ul className="max-h-64 space-y-0.5 overflow-y-auto pr-1">
        {!term && pinned.map(link)}
        {visible.map(link)}
        {visible.length === 0 && <li className="px-2 py-1.5 text-sm text-slate-500">{emptyText}</li>}
      </ul>
    </div>
  );
}
