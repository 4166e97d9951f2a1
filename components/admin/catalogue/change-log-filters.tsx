'use client';

import * as React from 'react';
import { useTranslations } from 'next-intl';
import { FilterInput, FilterSelect } from '@/components/admin/filter-select';
import { Button } from '@/components/ui/button';
import { CHANGE_KINDS, CHANGE_SOURCES, type ChangeLogFilters } from '@/lib/validation/catalogue-management';

export interface ChangeLogFilterOptions {
  chapters: { code: number; title: string }[];
  families: { id: number; code: string; title: string; chapterCode: number }[];
  brands: { id: number; name: string }[];
}

// `w-full min-w-0`: a select is as wide as its longest option (family titles) unless its cell bounds it.
const field = 'w-full min-w-0 rounded-md border bg-white px-2 py-1.5 text-sm';
const labelClass = 'grid min-w-0 gap-1 text-sm text-slate-800';

/**
 * The filters of the change log: a GET form (the view is a link), with the family list following
 * the chosen chapter.
 */
export function ChangeLogFilterForm({ action, filters, options }: { action: string; filters: ChangeLogFilters; options: ChangeLogFilterOptions }) {
  const t = useTranslations('Admin.Catalogue');
  const [chapter, setChapter] = React.useState(filters.capitulo ? String(filters.capitulo) : '');
  const [family, setFamily] = React.useState(filters.familia ? String(filters.familia) : '');
  const families = chapter ? options.families.filter((f) => String(f.chapterCode) === chapter) : options.families;

  const onChapter = (value: string) => {
    setChapter(value);
    if (value && family && !options.families.some((f) => String(f.id) === family && String(f.chapterCode) === value)) setFamily('');
  };

  return (
    <form method="get" action={action} className="grid grid-cols-1 gap-3 rounded-xl border bg-white p-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="change-log-filters">
      <FilterInput label={t('filterFrom')} type="date" name="desde" defaultValue={filters.desde ?? ''} className={labelClass} inputClassName={field} />
      <FilterInput label={t('filterTo')} type="date" name="ate" defaultValue={filters.ate ?? ''} className={labelClass} inputClassName={field} />
      <label className={labelClass}>
        {t('filterChapter')}
        <select name="capitulo" value={chapter} onChange={(e) => onChapter(e.target.value)} className={field}>
          <option value="">{t('filterAll')}</option>
          {options.chapters.map((c) => (
            <option key={c.code} value={c.code}>
              {c.code} — {c.title}
            </option>
          ))}
        </select>
      </label>
      <label className={labelClass}>
        {t('filterFamily')}
        <select name="familia" value={family} onChange={(e) => setFamily(e.target.value)} className={field}>
          <option value="">{t('filterAllFem')}</option>
          {families.map((f) => (
            <option key={f.id} value={f.id}>
              {f.code} — {f.title}
            </option>
          ))}
        </select>
      </label>
      <FilterSelect
        label={t('filterBrand')}
        name="marca"
        defaultValue={filters.marca ? String(filters.marca) : ''}
        options={[['', t('filterAllFem')], ...options.brands.map((b) => [String(b.id), b.name] as const)]}
        className={labelClass}
        selectClassName={field}
      />
      <FilterSelect
        label={t('filterKind')}
        name="tipo"
        defaultValue={filters.tipo ?? ''}
        options={[['', t('filterAll')], ...CHANGE_KINDS.map((k) => [k, t(`kind_${k}`)] as const)]}
        className={labelClass}
        selectClassName={field}
      />
      <FilterSelect
        label={t('filterSource')}
        name="origem"
        defaultValue={filters.origem ?? ''}
        options={[['', t('filterAllFem')], ...CHANGE_SOURCES.map((s) => [s, t(`source_${s}`)] as const)]}
        className={labelClass}
        selectClassName={field}
      />
      <FilterInput label={t('filterCode')} type="search" name="codigo" defaultValue={filters.codigo ?? ''} maxLength={64} className={labelClass} inputClassName={field} />
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-4">
        <Button type="submit">{t('filterApply')}</Button>
        <Button asChild variant="outline">
          <a href={action}>{t('filterClear')}</a>
        </Button>
      </div>
    </form>
  );
}
