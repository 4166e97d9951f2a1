'use client';

import * as React from 'react';
import { useTranslations } from 'next-intl';
import { googleCategory, searchGoogleCategories } from '@/lib/catalogue/google-taxonomy';

/**
 * A searchable picker over the shipped Google taxonomy: type words of the Portuguese or English
 * path (accents optional) or an ID; the matches are a list of options. `value` is the chosen ID.
 */
export function CategoryPicker({ value, onChange, id, label }: { value: number | null; onChange: (id: number | null) => void; id?: string; label?: string }) {
  const t = useTranslations('Admin.Classifier');
  const autoId = React.useId();
  const inputId = id ?? `${autoId}-q`;
  const [query, setQuery] = React.useState('');
  const results = React.useMemo(() => searchGoogleCategories(query, 40), [query]);
  const chosen = googleCategory(value);
  return (
    <div className="space-y-1.5" data-testid="category-picker">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-900">
        {label ?? t('pickerLabel')}
      </label>
      <input
        id={inputId}
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder={t('pickerPlaceholder')}
        className="h-9 w-full rounded-md border px-3 text-sm"
        aria-controls={`${inputId}-list`}
        autoComplete="off"
      />
      <ul id={`${inputId}-list`} aria-label={label ?? t('pickerLabel')} className="max-h-56 overflow-y-auto rounded-md border bg-white text-sm">
        {results.length === 0 ? <li className="px-3 py-2 text-slate-600">{t('pickerEmpty')}</li> : null}
        {results.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              aria-pressed={c.id === value}
              onClick={() => onChange(c.id)}
              className={`block w-full px-3 py-1.5 text-left hover:bg-sky-50 ${c.id === value ? 'bg-sky-100 font-medium' : ''}`}
              data-category-id={c.id}
            >
              <span className="text-slate-500">{c.id}</span> · {c.path}
            </button>
          </li>
        ))}
      </ul>
      <p className="text-xs text-slate-700" aria-live="polite">
        {chosen ? t('pickerChosen', { path: `${chosen.id} · ${chosen.path}` }) : t('pickerNone')}
      </p>
    </div>
  );
}
