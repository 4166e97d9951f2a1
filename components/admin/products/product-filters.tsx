'use client';

import * as React from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
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
  const labelClass = 'block text-xs font-medium text-slate-800';
  return (
    <form method="get" action="/admin/products" className="rounded-xl border bg-white p-4" role="search" aria-label={t('filtersLabel')} data-testid="product-filters">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-q`} className={labelClass}>
            {t('searchLabel')}
          </label>
          <input id={`${id}-q`} name="q" type="search" defaultValue={values.q} placeholder={t('searchPlaceholder')} className={select} maxLength={200} />
        </div>
        <div>
          <label htmlFor={`${id}-chapter`} className={labelClass}>
            {t('fields.chapter_code')}
          </label>
          <select id={`${id}-chapter`} name="capitulo" value={chapter} onChange={(e) => setChapter(e.currentTarget.value)} className={select}>
            <option value="">{t('all')}</option>
            {options.chapters.map((c) => (
              <option key={c.code} value={String(c.code)}>
                {c.code} · {c.title}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-family`} className={labelClass}>
            {t('fields.family_id')}
          </label>
          <select id={`${id}-family`} name="familia" defaultValue={values.familia} key={chapter} className={select}>
            <option value="">{t('all')}</option>
            {families.map((f) => (
              <option key={f.id} value={String(f.id)}>
                {f.code} · {f.title}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-brand`} className={labelClass}>
            {t('fields.brand_id')}
          </label>
          <select id={`${id}-brand`} name="marca" defaultValue={values.marca} className={select}>
            <option value="">{t('all')}</option>
            <option value="none">{t('noBrand')}</option>
            {options.brands.map((b) => (
              <option key={b.id} value={String(b.id)}>
                {b.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-stock`} className={labelClass}>
            {t('fields.stock')}
          </label>
          <select id={`${id}-stock`} name="stock" defaultValue={values.stock} className={select}>
            <option value="">{t('all')}</option>
            <option value="in_stock">{t('stock.in_stock')}</option>
            <option value="on_order">{t('stock.on_order')}</option>
            <option value="out_of_stock">{t('stock.out_of_stock')}</option>
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-status`} className={labelClass}>
            {t('fields.status')}
          </label>
          <select id={`${id}-status`} name="estado" defaultValue={values.estado} className={select}>
            <option value="">{t('all')}</option>
            <option value="active">{t('active')}</option>
            <option value="inactive">{t('inactive')}</option>
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-sort`} className={labelClass}>
            {t('sortLabel')}
          </label>
          <select id={`${id}-sort`} name="ordenar" defaultValue={values.ordenar} className={select}>
            <option value="">{t('sortDefault')}</option>
            <option value="name">{t('sortName')}</option>
            <option value="code">{t('sortCode')}</option>
            <option value="updated">{t('sortUpdated')}</option>
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-order`} className={labelClass}>
            {t('orderLabel')}
          </label>
          <select id={`${id}-order`} name="ordem" defaultValue={values.ordem} className={select}>
            <option value="">{t('orderDefault')}</option>
            <option value="asc">{t('orderAsc')}</option>
            <option value="desc">{t('orderDesc')}</option>
          </select>
        </div>
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
