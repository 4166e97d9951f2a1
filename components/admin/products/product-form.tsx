'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useFieldArray, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { FormAlert } from '@/components/forms/form-alert';
import { fieldControlProps } from '@/components/ui/field';
import { StaleNotice } from '@/components/admin/stale-notice';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { isStaleData, type StaleData } from '@/lib/admin/stale';
import { useMessageText } from '@/lib/forms/use-message-text';
import {
  adminProductSchema,
  emptyModel,
  MAX_IMAGES,
  PRODUCT_STOCK_STATUSES,
  SEO_DESCRIPTION_HINT,
  SEO_NAME_HINT,
  type AdminProductFormValues,
} from '@/lib/validation/admin-product';
import { cn } from '@/lib/utils';
import { deleteProductAction, saveProductAction, uploadProductImageAction } from '@/server/admin/product-actions';
import { ConfirmButton } from './confirm-button';
import { SubmitButton } from '@/components/forms/submit-button';
import { BrandOptions, ChapterOptions, FamilyOptions } from './catalogue-options';

export interface ProductFormOptionsProps {
  chapters: { code: number; title: string }[];
  families: { id: number; code: string; title: string; chapterCode: number }[];
  brands: { id: number; name: string }[];
}

/** zod issues → react-hook-form's nested errors (`models.2.code`), messages kept as keys. */
const resolver: Resolver<AdminProductFormValues> = async (values) => {
  const parsed = await adminProductSchema.safeParseAsync(values);
  if (parsed.success) return { values, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String);
    if (path.length === 0) path.push('root');
    let node = errors as Record<string, unknown>;
    path.forEach((segment, i) => {
      if (i === path.length - 1) {
        if (!node[segment]) node[segment] = { type: issue.code, message: issue.message };
      } else {
        node[segment] ??= {};
        node = node[segment] as Record<string, unknown>;
      }
    });
  }
  return { values: {}, errors: errors as FieldErrors<AdminProductFormValues> };
};

/** The message key of a nested error (`models.2.code`), if any. */
function errorAt(errors: FieldErrors<AdminProductFormValues>, path: string): string | undefined {
  let node: unknown = errors;
  for (const segment of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

const STALE_LABEL_KEYS = [
  'product_code',
  'name',
  'seo_name',
  'seo_description',
  'description',
  'chapter_code',
  'family_id',
  'brand_id',
  'informacao_adicional',
  'informacao_tecnica',
  'notes',
  'active',
  'images',
  'models',
] as const;

/** A photo over 2.5 MB is scaled down in the browser first (JPEG, 2000 px): a quicker upload, the same result once the server has fitted it. */
async function shrinkIfLarge(file: File): Promise<Blob> {
  if (file.size <= 2.5 * 1024 * 1024 || typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, 2000 / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
    return blob ?? file;
  } catch {
    return file;
  }
}

/**
 * The product form of /admin/products/new and /edit/{id}: the product's texts (SEO
 * name and description with their length hints and live counts), chapter then family, brand,
 * images (uploaded, ordered, one main, alt text each) and the models table inline, validated by
 * the schema the server action uses (lib/validation/admin-product.ts). A save over a newer
 * version shows the differences (StaleNotice) and lets the user reload or keep their edits.
 */
export function ProductForm({ initial, options }: { initial: AdminProductFormValues; options: ProductFormOptionsProps }) {
  const t = useTranslations('Admin.Products');
  const text = useMessageText();
  const router = useRouter();
  const id = React.useId();
  const [problem, setProblem] = React.useState<string | null>(null);
  const [stale, setStale] = React.useState<{ data: StaleData; mine: Record<string, unknown> } | null>(null);
  const [uploading, setUploading] = React.useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AdminProductFormValues>({ resolver, defaultValues: initial, mode: 'onTouched' });
  const models = useFieldArray({ control, name: 'models' });
  const images = useFieldArray({ control, name: 'images' });
  const chapterCode = useWatch({ control, name: 'chapter_code' });
  const seoName = useWatch({ control, name: 'seo_name' }) ?? '';
  const seoDescription = useWatch({ control, name: 'seo_description' }) ?? '';
  const imageValues = useWatch({ control, name: 'images' }) ?? [];
  const families = options.families.filter((f) => String(f.chapterCode) === chapterCode);
  const editing = initial.id !== null;
  const err = (path: string) => text(errorAt(errors, path));
  const labels: Record<string, string> = Object.fromEntries(STALE_LABEL_KEYS.map((k) => [k, t(`fields.${k}`)]));

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      const result = await saveProductAction(values);
      if (result.ok) {
        setStale(null);
        toast.success(text(result.data.message, { models: result.data.keptModels.join(', ') }));
        if (result.data.created) {
          router.push(`/admin/products/edit/${result.data.id}`);
          return;
        }
        setValue('version', result.data.version);
        router.refresh();
        return;
      }
      if (result.error.code === 'conflict' && isStaleData(result.error.data)) {
        const { id: _i, version: _v, ...mine } = values;
        void _i;
        void _v;
        setStale({ data: result.error.data, mine });
        return;
      }
      let first = true;
      for (const [name, messages] of Object.entries(result.error.fieldErrors ?? {})) {
        const message = messages[0];
        if (!message) continue;
        setError(name as never, { type: 'server', message }, { shouldFocus: first });
        first = false;
      }
      setProblem(text(result.error.message) ?? null);
    } catch {
      setProblem(t('failed'));
    }
  });

  const reloadCurrent = () => {
    if (!stale) return;
    reset({ ...getValues(), ...(stale.data.current as Partial<AdminProductFormValues>), version: stale.data.version });
    setStale(null);
  };
  const keepMine = () => {
    if (!stale) return;
    setValue('version', stale.data.version);
    setStale(null);
    toast.info(t('staleKeepHint'));
  };

  const upload = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    setUploading(true);
    try {
      for (const file of Array.from(files)) {
        if (getValues('images').length >= MAX_IMAGES) {
          toast.error(text('Admin.Products.errors.tooManyImages'));
          break;
        }
        const data = new FormData();
        data.set('image', await shrinkIfLarge(file), file.name);
        const result = await uploadProductImageAction(data);
        if (!result.ok) {
          toast.error(text(result.error.fieldErrors?.image?.[0] ?? result.error.message, result.error.values));
          continue;
        }
        images.append({ url: result.data.url, alt: '', main: getValues('images').length === 0 });
      }
    } catch {
      toast.error(t('uploadFailed'));
    } finally {
      setUploading(false);
    }
  };

  const setMain = (index: number) => {
    getValues('images').forEach((_, i) => setValue(`images.${i}.main`, i === index, { shouldDirty: true }));
  };

  const removeImage = (index: number) => {
    const wasMain = getValues(`images.${index}.main`);
    images.remove(index);
    if (wasMain && getValues('images').length > 0) setValue('images.0.main', true, { shouldDirty: true });
  };

  const remove = async () => {
    if (initial.id === null) return;
    const result = await deleteProductAction({ id: initial.id });
    if (!result.ok) {
      toast.error(text(result.error.message));
      return;
    }
    if (result.data.outcome === 'deleted') {
      toast.success(text(result.data.message));
      router.push('/admin/products');
    } else {
      toast.warning(text(result.data.message));
      router.refresh();
      setValue('active', false);
    }
  };

  const applyStockToAll = (value: string) => {
    if (!(PRODUCT_STOCK_STATUSES as readonly string[]).includes(value)) return;
    getValues('models').forEach((_, i) => setValue(`models.${i}.stock_status`, value as (typeof PRODUCT_STOCK_STATUSES)[number], { shouldDirty: true }));
  };

  const inputClass = 'h-9 w-full rounded-md border border-slate-300 bg-white px-3 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-sky-700 aria-invalid:border-red-600';
  const areaClass = 'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-sky-700 aria-invalid:border-red-600';
  const cellClass = 'h-8 w-full min-w-0 rounded border border-slate-300 bg-white px-2 text-sm focus-visible:outline-2 focus-visible:outline-sky-700 aria-invalid:border-red-600';

  const field = (name: keyof AdminProductFormValues, label: string, control: (fieldId: string, error: string | undefined) => React.ReactNode, opts: { hint?: React.ReactNode; required?: boolean; wide?: boolean } = {}) => {
    const fieldId = `${id}-${String(name)}`;
    const error = err(String(name));
    return (
      <div className={cn('space-y-1.5', opts.wide && 'sm:col-span-2')}>
        <label htmlFor={fieldId} className="block text-sm font-medium text-slate-900">
          {label}
          {opts.required ? (
            <span aria-hidden className="text-red-600">
              {' '}
              *
            </span>
          ) : null}
        </label>
        {control(fieldId, error)}
        {opts.hint ? (
          <div id={`${fieldId}-hint`} className="text-xs text-slate-600">
            {opts.hint}
          </div>
        ) : null}
        {error ? (
          <p id={`${fieldId}-error`} className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  const count = (n: number, max: number) => (
    <span className={n > max ? 'font-medium text-amber-800' : undefined} aria-live="polite">
      {t('charCount', { count: n, max })}
      {n > max ? ` — ${t('tooLongHint')}` : ''}
    </span>
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label={editing ? t('editFormLabel') : t('newFormLabel')} data-testid="product-form">
      {stale ? <StaleNotice stale={stale.data} mine={stale.mine} labels={labels} onReload={reloadCurrent} onKeepMine={keepMine} /> : null}
      <FormAlert message={problem} testId="product-form-error" />
      <input type="hidden" {...register('version', { valueAsNumber: true })} />

      <fieldset disabled={isSubmitting} className="min-w-0 space-y-6">
        <section className="rounded-xl border bg-white p-5" aria-labelledby={`${id}-general`}>
          <h2 id={`${id}-general`} className="mb-4 text-lg font-semibold text-slate-900">
            {t('sectionGeneral')}
          </h2>
          <div className="grid gap-4 sm:grid-cols-2">
            {field('product_code', t('fields.product_code'), (fid, e) => <input className={inputClass} readOnly={editing} maxLength={64} autoComplete="off" aria-required="true" {...fieldControlProps(fid, e, true)} {...register('product_code')} />, {
              required: true,
              hint: editing ? t('productCodeLocked') : t('productCodeHint'),
            })}
            {field('name', t('fields.name'), (fid, e) => <input className={inputClass} maxLength={300} autoComplete="off" aria-required="true" {...fieldControlProps(fid, e)} {...register('name')} />, { required: true })}
            {field('seo_name', t('fields.seo_name'), (fid, e) => <input className={inputClass} maxLength={200} autoComplete="off" {...fieldControlProps(fid, e, true)} {...register('seo_name')} />, {
              hint: count(seoName.length, SEO_NAME_HINT),
            })}
            {field('seo_description', t('fields.seo_description'), (fid, e) => <textarea rows={3} className={areaClass} maxLength={1000} {...fieldControlProps(fid, e, true)} {...register('seo_description')} />, {
              hint: count(seoDescription.length, SEO_DESCRIPTION_HINT),
            })}
            {field('description', t('fields.description'), (fid, e) => <textarea rows={5} className={areaClass} {...fieldControlProps(fid, e)} {...register('description')} />, { wide: true })}
            {field(
              'chapter_code',
              t('fields.chapter_code'),
              (fid, e) => (
                <select
                  className={inputClass}
                  aria-required="true"
                  {...fieldControlProps(fid, e)}
                  {...register('chapter_code', {
                    onChange: () => setValue('family_id', ''),
                  })}
                >
                  <option value="">{t('choose')}</option>
                  <ChapterOptions chapters={options.chapters} />
                </select>
              ),
              { required: true },
            )}
            {field(
              'family_id',
              t('fields.family_id'),
              (fid, e) => (
                <select className={inputClass} aria-required="true" {...fieldControlProps(fid, e, !chapterCode)} {...register('family_id')}>
                  <option value="">{t('choose')}</option>
                  <FamilyOptions families={families} />
                </select>
              ),
              { required: true, hint: chapterCode ? undefined : t('familyAfterChapter') },
            )}
            {field('brand_id', t('fields.brand_id'), (fid, e) => (
              <select className={inputClass} {...fieldControlProps(fid, e)} {...register('brand_id')}>
                <option value="">{t('noBrand')}</option>
                <BrandOptions brands={options.brands} />
              </select>
            ))}
            <div className="flex items-end gap-6">
              <label className="flex items-center gap-2 text-sm font-medium text-slate-900">
                <input type="checkbox" className="size-4 accent-sky-700" {...register('active')} data-testid="product-active" />
                {t('fields.active')}
              </label>
            </div>
            {field('informacao_adicional', t('fields.informacao_adicional'), (fid, e) => <textarea rows={4} className={areaClass} {...fieldControlProps(fid, e)} {...register('informacao_adicional')} />)}
            {field('informacao_tecnica', t('fields.informacao_tecnica'), (fid, e) => <textarea rows={4} className={areaClass} {...fieldControlProps(fid, e)} {...register('informacao_tecnica')} />)}
            {field('notes', t('fields.notes'), (fid, e) => <textarea rows={3} className={areaClass} {...fieldControlProps(fid, e, true)} {...register('notes')} />, { wide: true, hint: t('notesHint') })}
          </div>
        </section>

        <section className="rounded-xl border bg-white p-5" aria-labelledby={`${id}-images`}>
          <h2 id={`${id}-images`} className="text-lg font-semibold text-slate-900">
            {t('sectionImages')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t('imagesHint')}</p>
          <div className="mt-3">
            <label htmlFor={`${id}-upload`} className="block text-sm font-medium text-slate-900">
              {t('uploadLabel')}
            </label>
            <input
              id={`${id}-upload`}
              type="file"
              multiple
              accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
              disabled={uploading}
              onChange={(e) => {
                void upload(e.currentTarget.files);
                e.currentTarget.value = '';
              }}
              className="mt-1 block text-sm"
              data-testid="product-image-upload"
            />
            {uploading ? (
              <p className="mt-1 text-sm text-slate-600" role="status">
                {t('uploading')}
              </p>
            ) : null}
          </div>
          {images.fields.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">{t('noImages')}</p>
          ) : (
            <ol className="mt-4 space-y-3" data-testid="product-images">
              {images.fields.map((img, i) => {
                const altId = `${id}-img-${img.id}-alt`;
                const current = imageValues[i];
                return (
                  <li key={img.id} className="flex flex-wrap items-center gap-3 rounded-lg border p-3">
                    {/* eslint-disable-next-line @next/next/no-img-element -- admin thumbnails of uploads */}
                    <img src={current?.url.startsWith('/media/uploads/') ? `${current.url}?w=160` : current?.url} alt="" width={64} height={64} className="size-16 rounded border object-cover" />
                    <div className="min-w-48 flex-1 space-y-1">
                      <label htmlFor={altId} className="block text-xs font-medium text-slate-800">
                        {t('altLabel', { n: i + 1 })}
                      </label>
                      <input id={altId} className={cellClass} maxLength={200} {...register(`images.${i}.alt`)} />
                    </div>
                    <label className="flex items-center gap-1 text-sm">
                      <input type="radio" name={`${id}-main`} checked={current?.main === true} onChange={() => setMain(i)} className="accent-sky-700" />
                      {t('mainImage')}
                    </label>
                    <div className="flex gap-1">
                      <Button type="button" variant="outline" size="sm" disabled={i === 0} onClick={() => images.move(i, i - 1)} aria-label={t('moveUp', { n: i + 1 })}>
                        <ArrowUpIcon aria-hidden />
                      </Button>
                      <Button type="button" variant="outline" size="sm" disabled={i === images.fields.length - 1} onClick={() => images.move(i, i + 1)} aria-label={t('moveDown', { n: i + 1 })}>
                        <ArrowDownIcon aria-hidden />
                      </Button>
                      <Button type="button" variant="outline" size="sm" onClick={() => removeImage(i)} aria-label={t('removeImage', { n: i + 1 })}>
                        <Trash2Icon aria-hidden />
                      </Button>
                    </div>
                  </li>
                );
              })}
            </ol>
          )}
        </section>

        <section className="rounded-xl border bg-white p-5" aria-labelledby={`${id}-models`}>
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div>
              <h2 id={`${id}-models`} className="text-lg font-semibold text-slate-900">
                {t('sectionModels')}
              </h2>
              <p className="mt-1 text-sm text-slate-600">{t('modelsHint')}</p>
            </div>
            <div className="flex items-end gap-3">
              <div>
                <label htmlFor={`${id}-stock-all`} className="block text-xs font-medium text-slate-800">
                  {t('stockAll')}
                </label>
                <select id={`${id}-stock-all`} className={cellClass} defaultValue="" onChange={(e) => applyStockToAll(e.currentTarget.value)}>
                  <option value="">—</option>
                  {PRODUCT_STOCK_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {t(`stock.${s}`)}
                    </option>
                  ))}
                </select>
              </div>
              <Button type="button" variant="outline" onClick={() => models.append(emptyModel())} data-testid="model-add">
                <PlusIcon aria-hidden />
                {t('addModel')}
              </Button>
            </div>
          </div>
          {err('models') ? (
            <p className="mt-2 text-sm text-red-700" role="alert">
              {err('models')}
            </p>
          ) : null}
          {/* One card a model, its fields in a grid that wraps to the width (two columns on a
              phone, six on a wide screen): every field keeps a readable width and a visible label,
              and the page never scrolls sideways (a 1,500 px table made it 1,751 px wide). */}
          <ol className="mt-4 space-y-3" data-testid="models-table" aria-label={t('sectionModels')}>
            {models.fields.map((row, i) => {
              const modelLabel = t('modelN', { n: i + 1 });
              const headingId = `${id}-m-${row.id}-heading`;
              const labelled = (fid: string, label: string, control: React.ReactNode, error?: string, span?: string) => (
                <div className={cn('min-w-0 space-y-1', span)}>
                  <label htmlFor={fid} className="block text-xs font-medium text-slate-800">
                    {label}
                    <span className="sr-only"> ({modelLabel})</span>
                  </label>
                  {control}
                  {error ? (
                    <p id={`${fid}-error`} className="text-xs text-red-700">
                      {error}
                    </p>
                  ) : null}
                </div>
              );
              const cell = (name: 'code' | 'size' | 'price' | 'discount_group' | 'supplier' | 'ean', span: string, extra: React.InputHTMLAttributes<HTMLInputElement> = {}) => {
                const fid = `${id}-m-${row.id}-${name}`;
                const error = err(`models.${i}.${name}`);
                return labelled(
                  fid,
                  t(`modelFields.${name}`),
                  <input className={cellClass} {...fieldControlProps(fid, error)} {...extra} {...register(`models.${i}.${name}`)} data-testid={`model-${i}-${name}`} />,
                  error,
                  span,
                );
              };
              const attrId = `${id}-m-${row.id}-attributes`;
              const attrError = err(`models.${i}.attributes`);
              return (
                <li key={row.id} className="rounded-lg border border-slate-200 bg-slate-50/60 p-3" data-testid={`model-row-${i}`}>
                  <div className="mb-2 flex items-center justify-between gap-2">
                    <h3 id={headingId} className="text-sm font-semibold text-slate-900">
                      {modelLabel.charAt(0).toLocaleUpperCase('pt-PT') + modelLabel.slice(1)}
                    </h3>
                    <Button type="button" variant="outline" size="sm" onClick={() => models.remove(i)} aria-label={t('removeModel', { n: i + 1 })}>
                      <Trash2Icon aria-hidden />
                    </Button>
                  </div>
                  <div role="group" aria-labelledby={headingId} className="grid grid-cols-2 gap-x-3 gap-y-2 sm:grid-cols-4 xl:grid-cols-6">
                    {cell('code', 'col-span-1', { maxLength: 64, autoComplete: 'off', 'aria-required': 'true' })}
                    {labelled(
                      `${id}-m-${row.id}-name`,
                      t('modelFields.name'),
                      // A long name wraps and the box grows with it: all of it stays readable.
                      <textarea
                        rows={1}
                        maxLength={300}
                        className={cn(cellClass, 'field-sizing-content h-auto min-h-8 resize-none py-1')}
                        // A name is one line: Enter does not add a line break.
                        onKeyDown={(e) => {
                          if (e.key === 'Enter') e.preventDefault();
                        }}
                        {...fieldControlProps(`${id}-m-${row.id}-name`, err(`models.${i}.name`))}
                        {...register(`models.${i}.name`)}
                        data-testid={`model-${i}-name`}
                      />,
                      err(`models.${i}.name`),
                      'col-span-2 sm:col-span-3 xl:col-span-3',
                    )}
                    {cell('size', 'col-span-1', { maxLength: 120 })}
                    {cell('price', 'col-span-1', { inputMode: 'decimal', 'aria-required': 'true', placeholder: '0,0000' })}
                    {cell('discount_group', 'col-span-1', { maxLength: 32 })}
                    {cell('supplier', 'col-span-1', { maxLength: 120 })}
                    {cell('ean', 'col-span-1', { inputMode: 'numeric', maxLength: 14 })}
                    {(['small_package', 'medium_package', 'large_package'] as const).map((p) => {
                      const fid = `${id}-m-${row.id}-${p}`;
                      const error = err(`models.${i}.${p}`);
                      return (
                        <React.Fragment key={p}>
                          {labelled(fid, t(`modelFields.${p}`), <input className={cellClass} maxLength={32} {...fieldControlProps(fid, error)} {...register(`models.${i}.${p}`)} data-testid={`model-${i}-${p}`} />, error, 'col-span-1')}
                        </React.Fragment>
                      );
                    })}
                    {labelled(
                      `${id}-m-${row.id}-status`,
                      t('modelFields.status'),
                      <select id={`${id}-m-${row.id}-status`} className={cellClass} {...register(`models.${i}.status`)}>
                        <option value="active">{t('modelActive')}</option>
                        <option value="inactive">{t('modelInactive')}</option>
                      </select>,
                      undefined,
                      'col-span-1',
                    )}
                    {labelled(
                      `${id}-m-${row.id}-stock`,
                      t('modelFields.stock_status'),
                      <select id={`${id}-m-${row.id}-stock`} className={cellClass} {...register(`models.${i}.stock_status`)}>
                        {PRODUCT_STOCK_STATUSES.map((s) => (
                          <option key={s} value={s}>
                            {t(`stock.${s}`)}
                          </option>
                        ))}
                      </select>,
                      undefined,
                      'col-span-1',
                    )}
                    {labelled(
                      attrId,
                      t('modelFields.attributes'),
                      <textarea rows={2} className={cn(cellClass, 'field-sizing-content h-auto min-h-12 py-1')} placeholder={t('attributesPlaceholder')} {...fieldControlProps(attrId, attrError)} {...register(`models.${i}.attributes`)} />,
                      attrError,
                      'col-span-full',
                    )}
                  </div>
                </li>
              );
            })}
          </ol>
          {models.fields.length === 0 ? <p className="mt-3 text-sm text-slate-600">{t('noModels')}</p> : null}
        </section>
      </fieldset>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <SubmitButton pending={isSubmitting} pendingLabel={t('saving')} disabled={uploading} data-testid="product-save">
          {editing ? t('save') : t('create')}
        </SubmitButton>
        {editing ? (
          <ConfirmButton
            label={t('delete')}
            title={t('deleteTitle')}
            description={t('deleteText')}
            confirm={t('deleteConfirm')}
            cancel={t('cancel')}
            destructive
            onConfirm={remove}
            testId="product-delete"
          />
        ) : null}
      </div>
    </form>
  );
}
