'use client';

import * as React from 'react';
import { useTranslations } from 'next-intl';
import { googleCategory, searchGoogleCategories } from '@/lib/catalogue/google-taxonomy';

const MAX_RESULTS = 40;

/**
 * A searchable picker over the shipped Google taxonomy, as a combobox: type words of the
 * Portuguese (pt-PT) or English path, accents and plurals optional ("sanita", "autoclismo"), or an
 * ID; the matches open below the field. ↓/↑ move through them, Enter chooses, Escape closes; a
 * click chooses too. `value` is the chosen ID.
 */
export function CategoryPicker({ value, onChange, id, label }: { value: number | null; onChange: (id: number | null) => void; id?: string; label?: string }) {
  const t = useTranslations('Admin.Classifier');
  const autoId = React.useId();
  const inputId = id ?? `${autoId}-q`;
  const listId = `${inputId}-list`;
  const [query, setQuery] = React.useState('');
  const [open, setOpen] = React.useState(false);
  const [active, setActive] = React.useState(0);
  const results = React.useMemo(() => searchGoogleCategories(query, MAX_RESULTS), [query]);
  const chosen = googleCategory(value);
  const listRef = React.useRef<HTMLUListElement>(null);

  React.useEffect(() => {
    if (!open) return;
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active, open]);

  const choose = (categoryId: number) => {
    onChange(categoryId);
    setOpen(false);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (!open) setOpen(true);
      else setActive((i) => Math.min(results.length - 1, i + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (e.key === 'Enter') {
      if (open && results[active]) {
        e.preventDefault();
        choose(results[active].id);
      }
    } else if (e.key === 'Escape') {
      if (open) {
        e.preventDefault();
        setOpen(false);
      }
    }
  };

  const activeId = open && results[active] ? `${listId}-${results[active].id}` : undefined;

  return (
    <div className="relative space-y-1.5" data-testid="category-picker">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-900">
        {label ?? t('pickerLabel')}
      </label>
      <input
        id={inputId}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        aria-describedby={`${inputId}-chosen`}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        placeholder={t('pickerPlaceholder')}
        className="h-9 w-full rounded-md border px-3 text-sm"
        autoComplete="off"
      />
      <ul
        id={listId}
        ref={listRef}
        role="listbox"
        aria-label={label ?? t('pickerLabel')}
        hidden={!open}
        className="absolute top-full left-0 z-20 mt-1 max-h-72 w-full min-w-72 overflow-y-auto rounded-md border bg-white text-sm shadow-lg"
      >
        {results.length === 0 ? (
          <li role="presentation" className="px-3 py-2 text-slate-600">
            {t('pickerEmpty')}
          </li>
        ) : null}
        {results.map((c, i) => (
          <li
            key={c.id}
            id={`${listId}-${c.id}`}
            role="option"
            aria-selected={i === active}
            data-index={i}
            data-category-id={c.id}
            // Chosen on mousedown: a click would come after the field's blur has closed the list.
            onMouseDown={(e) => {
              e.preventDefault();
              choose(c.id);
            }}
            onMouseEnter={() => setActive(i)}
            className={`cursor-pointer px-3 py-1.5 ${i === active ? 'bg-sky-100' : ''} ${c.id === value ? 'font-medium' : ''}`}
          >
            <span className="font-medium text-slate-900">{c.name}</span> <span className="text-slate-500">· {c.id}</span>
            <span className="block text-xs text-slate-600">{c.path}</span>
          </li>
        ))}
      </ul>
      <p id={`${inputId}-chosen`} className="text-xs text-slate-700" aria-live="polite">
        {chosen ? t('pickerChosen', { path: `${chosen.id} · ${chosen.path}` }) : t('pickerNone')}
      </p>
    </div>
  );
}
