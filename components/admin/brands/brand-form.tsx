'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useForm, useWatch } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/forms/form-alert';
import { StaleNotice } from '@/components/admin/stale-notice';
import { useStaleVersion } from '@/components/admin/use-stale-version';
import { setServerFieldErrors, useImageUpload } from '@/components/admin/use-image-upload';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { isStaleData } from '@/lib/admin/stale';
import { BRAND_FIELD_LABELS } from '@/lib/brands/labels';
import { rasterMediaUrl } from '@/lib/catalogue/media';
import { zodFormResolver } from '@/lib/forms/zod-resolver';
import { BRAND_NAME_MAX, BRAND_SLUG_MAX, brandSchema, type BrandFormValues } from '@/lib/validation/admin-brand';
import { saveBrandAction, uploadBrandLogoAction } from '@/server/brands/actions';

const FIELDS = ['name', 'slug', 'logo', 'official_site', 'partner', 'partner_order'] as const;

/**
 * A brand's form: name, slug, logo upload with preview, official site, membership and
 * order in the home page's partner strip. Saved with the version it was loaded with; a save over
 * a newer one shows the differences.
 */
export function BrandForm({ id, version: loadedVersion, initial }: { id?: number; version?: number; initial: BrandFormValues }) {
  const t = useTranslations();
  const router = useRouter();
  const uid = React.useId();
  const text = (m: string | undefined) => (m ? (t.has(m) ? t(m) : m) : undefined);
  const { version, setVersion, stale, setStale, keepMine } = useStaleVersion(loadedVersion);
  const [problem, setProblem] = React.useState<string | null>(null);
  const [saved, setSaved] = React.useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    control,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<BrandFormValues>({ resolver: zodFormResolver<BrandFormValues>(brandSchema), defaultValues: initial, mode: 'onTouched' });
  const logo = useWatch({ control, name: 'logo' });
  const partner = useWatch({ control, name: 'partner' });

  const { uploading, onUpload } = useImageUpload<BrandFormValues>({
    field: 'logo',
    upload: uploadBrandLogoAction,
    setError,
    onUploaded: (url) => setValue('logo', url, { shouldDirty: true }),
    failedMessage: 'Admin.uploadUnreadable',
  });

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    setSaved(null);
    setStale(null);
    try {
      const result = await saveBrandAction({ ...values, partner_order: Number(values.partner_order) || 0, id, version });
      if (result.ok) {
        if (id === undefined) {
          router.push(`/admin/brands/edit/${result.data.id}?criada=1`);
          return;
        }
        setVersion(result.data.version);
        setValue('slug', result.data.slug);
        setSaved(t('Admin.Brands.saved'));
        router.refresh();
        return;
      }
      if (result.error.code === 'conflict' && isStaleData(result.error.data)) {
        setStale(result.error.data);
        return;
      }
      setServerFieldErrors(result.error.fieldErrors, FIELDS, setError);
      setProblem(text(result.error.message) ?? null);
    } catch {
      setProblem(t('Errors.generic'));
    }
  });

  const fid = (name: string) => `${uid}-${name}`;
  const err = (name: keyof BrandFormValues) => text(errors[name]?.message);

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={id === undefined ? 'Nova marca' : 'Editar marca'} data-testid="brand-form">
      {stale ? (
        <StaleNotice
          stale={stale}
          mine={getValues() as unknown as Record<string, unknown>}
          labels={BRAND_FIELD_LABELS}
          onReload={() => window.location.reload()}
          onKeepMine={keepMine}
        />
      ) : null}
      <fieldset disabled={isSubmitting} className="grid gap-5 rounded-xl border bg-white p-5 md:grid-cols-2">
        <legend className="sr-only">Dados da marca</legend>
        <Field id={fid('name')} label="Nome" error={err('name')} required>
          <Input maxLength={BRAND_NAME_MAX} aria-required="true" {...register('name')} />
        </Field>
        <Field id={fid('slug')} label="Endereço (slug)" error={err('slug')} description="Vazio: gerado a partir do nome. Usado em /produtos?brand=…">
          <Input maxLength={BRAND_SLUG_MAX} {...register('slug')} />
        </Field>
        <div className="md:col-span-2">
          <Field id={fid('official_site')} label="Site oficial" error={err('official_site')} description="Endereço completo, ex.: https://www.marca.pt">
            <Input type="url" inputMode="url" {...register('official_site')} />
          </Field>
        </div>
        <div className="space-y-2 md:col-span-2">
          <Field id={fid('logo')} label="Logótipo" error={err('logo')} description="PNG, SVG, WebP ou JPEG até 15 MB (fundo transparente mantido).">
            <Input type="file" accept="image/*" onChange={onUpload} disabled={uploading} />
          </Field>
          {uploading ? <p className="text-sm text-slate-600" role="status">A carregar o logótipo…</p> : null}
          {logo ? (
            <div className="flex items-center gap-3">
              {/* eslint-disable-next-line @next/next/no-img-element -- logo preview */}
              <img src={rasterMediaUrl(logo, 300)} alt="Pré-visualização do logótipo" width={150} height={50} className="h-12 w-auto rounded border bg-white p-1" />
              <Button type="button" size="sm" variant="outline" onClick={() => setValue('logo', '', { shouldDirty: true })}>
                Retirar logótipo
              </Button>
            </div>
          ) : null}
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-900">
          <input type="checkbox" className="size-4 accent-sky-700" {...register('partner')} />
          Mostrar na faixa de parceiros da página inicial
        </label>
        <Field id={fid('partner_order')} label="Ordem na faixa" error={err('partner_order')} description="0 aparece primeiro.">
          <Input type="number" min={0} max={999} step={1} disabled={!partner} {...register('partner_order', { valueAsNumber: true })} />
        </Field>
      </fieldset>
      <FormAlert message={problem} testId="brand-form-error" />
      {saved ? (
        <p role="status" className="rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900">
          {saved}
        </p>
      ) : null}
      <Button type="submit" disabled={isSubmitting || uploading} data-testid="brand-save">
        {isSubmitting ? 'A gravar…' : id === undefined ? 'Criar marca' : 'Gravar alterações'}
      </Button>
    </form>
  );
}
