'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useForm, useWatch } from 'react-hook-form';
import { adminFetch } from '@/components/admin/admin-fetch';
import { StaleNotice } from '@/components/admin/stale-notice';
import { useStaleVersion } from '@/components/admin/use-stale-version';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/forms/form-alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/toast';
import { isStaleData } from '@/lib/admin/stale';
import { useMessageText } from '@/lib/forms/use-message-text';
import { zodFormResolver } from '@/lib/forms/zod-resolver';
import { SubmitButton } from '@/components/forms/submit-button';
import {
  SUPPLIER_CATALOGUE_TITLE_MAX,
  supplierCatalogueSchema,
  type SupplierCatalogueFormValues,
} from '@/lib/validation/admin-supplier-catalogue';

export interface SupplierCatalogueInitial {
  id: number;
  version: number;
  brandId: number;
  title: string;
  year: number | null;
  externalUrl: string | null;
  pdfUrl: string | null;
  coverUrl: string | null;
  active: boolean;
}

interface FormValues {
  brandId: string;
  title: string;
  year: string;
  source: 'upload' | 'link';
  externalUrl: string;
  active: boolean;
}

const FIELDS = ['brandId', 'title', 'year', 'source', 'externalUrl', 'active'] as const;

/**
 * The supplier catalogue form (create and edit): brand, title, year, the PDF upload or the link
 * to the maker's site, an optional cover image, published or not. Validated in the browser with
 * the server's schema; a save over a newer version shows the differences (StaleNotice).
 */
export function SupplierCatalogueForm({ brands, initial }: { brands: { id: number; name: string }[]; initial?: SupplierCatalogueInitial }) {
  const t = useTranslations('Admin.SupplierCatalogues');
  const text = useMessageText();
  const router = useRouter();
  const id = React.useId();
  const [pdf, setPdf] = React.useState<File | null>(null);
  const [cover, setCover] = React.useState<File | null>(null);
  const [problem, setProblem] = React.useState<string | null>(null);
  const { version, setVersion, stale, setStale, keepMine } = useStaleVersion(initial?.version ?? 0);
  const {
    register,
    handleSubmit,
    control,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodFormResolver<FormValues>(supplierCatalogueSchema),
    defaultValues: {
      brandId: initial ? String(initial.brandId) : '',
      title: initial?.title ?? '',
      year: initial?.year ? String(initial.year) : '',
      source: initial && !initial.pdfUrl && initial.externalUrl ? 'link' : 'upload',
      externalUrl: initial?.externalUrl ?? '',
      active: initial?.active ?? true,
    } satisfies SupplierCatalogueFormValues & FormValues,
    mode: 'onTouched',
  });
  const source = useWatch({ control, name: 'source' });
  const pdfId = `${id}-pdf`;
  const coverId = `${id}-cover`;

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    if (values.source === 'upload' && !pdf && !initial?.pdfUrl) {
      setError('source', { type: 'required', message: 'Admin.SupplierCatalogues.validation.pdfRequired' }, { shouldFocus: false });
      document.getElementById(pdfId)?.focus();
      return;
    }
    const form = new FormData();
    for (const field of FIELDS) form.set(field, String(values[field]));
    if (pdf && values.source === 'upload') form.set('pdf', pdf);
    if (cover) form.set('cover', cover);
    if (initial) form.set('version', String(version));
    const result = await adminFetch<{ id: number }>(initial ? `/api/admin/supplier-catalogues/${initial.id}` : '/api/admin/supplier-catalogues', {
      method: initial ? 'PUT' : 'POST',
      body: form,
    });
    if (result.ok && result.data) {
      setStale(null);
      toast.success(result.message ?? t(initial ? 'saved' : 'created'));
      if (initial) {
        router.refresh();
        setVersion((v) => v + 1);
      } else router.push(`/admin/supplier-catalogues/edit/${result.data.id}`);
      return;
    }
    if (result.status === 409 && isStaleData(result.errorData)) {
      setStale(result.errorData);
      return;
    }
    let applied = false;
    for (const [field, messages] of Object.entries(result.details)) {
      const name = field === 'pdf' ? 'source' : field;
      if ((FIELDS as readonly string[]).includes(name) && messages[0]) {
        setError(name as keyof FormValues, { type: 'server', message: messages[0] }, { shouldFocus: !applied });
        applied = true;
      }
    }
    if (!applied) setProblem(result.message ?? t('failed'));
  });

  const err = (name: keyof FormValues) => {
    const m = errors[name]?.message;
    return m ? (m.startsWith('Admin.') ? text(m) : m) : undefined;
  };
  const ids = Object.fromEntries(FIELDS.map((f) => [f, `${id}-${f}`])) as Record<(typeof FIELDS)[number], string>;
  const labels = { brandId: t('fieldBrand'), title: t('fieldTitle'), year: t('fieldYear'), externalUrl: t('fieldUrl'), active: t('fieldActive'), pdfKey: t('fieldPdfKey'), coverUrl: t('fieldCoverUrl'), sortOrder: t('fieldOrder') };
  const mine = (() => {
    const v = getValues();
    return { brandId: Number(v.brandId), title: v.title.trim(), year: v.year ? Number(v.year) : null, externalUrl: v.source === 'link' ? v.externalUrl.trim() : null, active: v.active };
  })();

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5 rounded-xl border bg-white p-5" aria-label={initial ? t('editTitle') : t('newTitle')} data-testid="supplier-catalogue-form">
      {stale ? (
        <StaleNotice
          stale={stale}
          mine={mine}
          labels={labels}
          onReload={() => window.location.reload()}
          onKeepMine={keepMine}
        />
      ) : null}
      <fieldset disabled={isSubmitting} className="grid gap-5 md:grid-cols-2">
        <Field id={ids.brandId} label={t('fieldBrand')} error={err('brandId')} required>
          <NativeSelect aria-required="true" {...register('brandId')}>
            <option value="">{t('brandPlaceholder')}</option>
            {brands.map((b) => (
              <option key={b.id} value={String(b.id)}>
                {b.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id={ids.year} label={t('fieldYear')} error={err('year')} description={t('fieldYearHint')}>
          <Input inputMode="numeric" maxLength={4} {...register('year')} />
        </Field>
        <div className="md:col-span-2">
          <Field id={ids.title} label={t('fieldTitle')} error={err('title')} required>
            <Input maxLength={SUPPLIER_CATALOGUE_TITLE_MAX} aria-required="true" {...register('title')} />
          </Field>
        </div>
        <fieldset className="space-y-2 md:col-span-2" aria-describedby={err('source') ? `${ids.source}-error` : undefined}>
          <legend className="text-sm font-medium text-slate-900">{t('fieldSource')}</legend>
          <div className="flex flex-wrap gap-4 text-sm">
            <label className="flex items-center gap-2">
              <input type="radio" value="upload" {...register('source')} /> {t('sourceUpload')}
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" value="link" {...register('source')} /> {t('sourceLinkOption')}
            </label>
          </div>
          {source === 'upload' ? (
            <div className="space-y-1.5">
              <label htmlFor={pdfId} className="text-sm font-medium text-slate-900">
                {t('fieldPdf')}
              </label>
              <input id={pdfId} name="pdf" type="file" onChange={(e) => setPdf(e.target.files?.[0] ?? null)} accept="application/pdf,.pdf" className="block w-full text-sm" aria-describedby={`${pdfId}-hint`} />
              <p id={`${pdfId}-hint`} className="text-xs text-slate-600">
                {initial?.pdfUrl ? t('fieldPdfKeep') : t('fieldPdfHint')}{' '}
                {initial?.pdfUrl ? (
                  <a href={initial.pdfUrl} target="_blank" rel="noreferrer" className="text-sky-800 underline">
                    {t('currentPdf')}
                  </a>
                ) : null}
              </p>
            </div>
          ) : (
            <Field id={ids.externalUrl} label={t('fieldUrl')} error={err('externalUrl')} description={t('fieldUrlHint')} required>
              <Input type="url" inputMode="url" placeholder="https://" {...register('externalUrl')} />
            </Field>
          )}
          {err('source') ? (
            <p id={`${ids.source}-error`} className="text-sm text-red-700">
              {err('source')}
            </p>
          ) : null}
        </fieldset>
        <div className="space-y-1.5 md:col-span-2">
          <label htmlFor={coverId} className="text-sm font-medium text-slate-900">
            {t('fieldCover')}
          </label>
          <div className="flex flex-wrap items-start gap-4">
            {initial?.coverUrl ? (
              // eslint-disable-next-line @next/next/no-img-element
              <img src={initial.coverUrl} alt={t('currentCover')} width={120} height={170} className="h-[170px] w-[120px] rounded border object-cover" data-testid="current-cover" />
            ) : null}
            <div className="min-w-0 flex-1 space-y-1.5">
              <input id={coverId} name="cover" type="file" onChange={(e) => setCover(e.target.files?.[0] ?? null)} accept="image/jpeg,image/png,image/webp,image/gif,image/avif" className="block w-full text-sm" aria-describedby={`${coverId}-hint`} />
              <p id={`${coverId}-hint`} className="text-xs text-slate-600">
                {t('fieldCoverHint')}
              </p>
            </div>
          </div>
        </div>
        <label className="flex items-center gap-2 text-sm md:col-span-2">
          <input type="checkbox" {...register('active')} /> {t('fieldActive')}
        </label>
      </fieldset>
      <FormAlert message={problem} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={isSubmitting} pendingLabel={t('saving')}>
          {initial ? t('save') : t('create')}
        </SubmitButton>
        <Button type="button" variant="outline" onClick={() => router.push('/admin/supplier-catalogues')}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
