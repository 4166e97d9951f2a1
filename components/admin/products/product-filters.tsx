'use client';

import * as React from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { BrandOptions, ChapterOptions, FamilyOptions, ToolbarField } from './catalogue-options';
import type { ProductFormOptionsProps } from './product-form';

export interface ProductFilterValues {
  q: string;
  capitulo: string;
  familia: string;
  marca: string;
  stock: string;
  estado: string;
  sem_imagem: boolean;
  sem_categoria: boolean;
  ordenar: string;
  ordem: string;
}

/** The filters with a fixed list of choices: the query parameter, its label, [value, label] pairs. */
const FIXED_CHOICES = [
  { name: 'stock', label: 'fields.stock', options: [['', 'all'], ['in_stock', 'stock.in_stock'], ['on_order', 'stock.on_order'], ['out_of_stock', 'stock.out_of_stock']] },
  { name: 'estado', label: 'fields.status', options: [['', 'all'], ['active', 'active'], ['inactive', 'inactive']] },
  { name: 'ordenar', label: 'sortLabel', options: [['', 'sortDefault'], ['name', 'sortName'], ['code', 'sortCode'], ['updated', 'sortUpdated']] },
  { name: 'ordem', label: 'orderLabel', options: [['', 'orderDefault'], ['asc', 'orderAsc'], ['desc', 'orderDesc']] },
] as const satisfies readonly { name: keyof ProductFilterValues; label: string; options: readonly (readonly [string, string])[] }[];

/**
 * Search and filters of /admin/products: a plain GET form (the URL keeps the list's state, the
 * back button works, nothing needs JavaScript) whose family select follows the chosen chapter.
 */
export function ProductFilters({ values, options }: { values: ProductFilterValues; options: ProductFormOptionsProps }) {
  const t = useTranslations('Admin.Products');
  const id = React.useId();
  const [chapter, setChapter] = React.useState(values.capitulo);
  const families = chapter ? options.families.filter((f) => String(f.chapterCode) === chapter) : options.families;
  const select = 'h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm';
  return (
    <form method="get" action="/admin/products" className="rounded-xl border bg-white p-4" role="search" aria-label={t('filtersLabel')} data-testid="product-filters">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <ToolbarField htmlFor={`${id}-q`} label={t('searchLabel')} className="sm:col-span-2">
          <input id={`${id}-q`} name="q" type="search" defaultValue={values.q} placeholder={t('searchPlaceholder')} className={select} maxLength={200} />
        </ToolbarField>
        <ToolbarField htmlFor={`${id}-chapter`} label={t('fields.chapter_code')}>
          <select id={`${id}-chapter`} name="capitulo" value={chapter} onChange={(e) => setChapter(e.currentTarget.value)} className={select}>
            <option value="">{t('all')}</option>
            <ChapterOptions chapters={options.chapters} />
          </select>
        </ToolbarField>
        <ToolbarField htmlFor={`${id}-family`} label={t('fields.family_id')}>
          <select id={`${id}-family`} name="familia" defaultValue={values.familia} key={chapter} className={select}>
            <option value="">{t('all')}</option>
            <FamilyOptions families={families} />
          </select>
        </ToolbarField>
        <ToolbarField htmlFor={`${id}-brand`} label={t('fields.brand_id')}>
          <select id={`${id}-brand`} name="marca" defaultValue={values.marca} className={select}>
            <option value="">{t('all')}</option>
            <option value="none">{t('noBrand')}</option>
            <BrandOptions brands={options.brands} />
          </select>
        </ToolbarField>
        {FIXED_CHOICES.map(({ name, label, options: choices }) => (
          <ToolbarField key={name} htmlFor={`${id}-${name}`} label={t(label)}>
            <select id={`${id}-${name}`} name={name} defaultValue={values[name]} className={select}>
              {choices.map(([value, text]) => (
                <option key={value} value={value}>
                  {t(text)}
                </option>
              ))}
            </select>
          </ToolbarField>
        ))}
        <div className="flex flex-col justify-end gap-1 text-sm">
          <label className="flex items-center gap-2">
            <input type="checkbox" name="sem_imagem" value="1" defaultChecked={values.sem_imagem} className="size-4 accent-sky-700" />
            {t('withoutImage')}
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="sem_categoria" value="1" defaultChecked={values.sem_categoria} className="size-4 accent-sky-700" />
            {t('withoutGoogleCategory')}
          </label>
        </div>
      </div>
      <div className="mt-3 flex gap-2">
        <Button type="submit" data-testid="product-filters-submit">
          {t('filter')}
        </Button>
        <Button variant="outline" asChild>
          <Link href="/admin/products" prefetch={false}>
            {t('clearFilters')}
          </Link>
        </Button>
      </div>
    </form>
  );
}
