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
import { Textarea } from '@/components/ui/textarea';
import { isStaleData } from '@/lib/admin/stale';
import { campaignErrorKey, CampaignServiceError, campaignService } from '@/lib/campaigns/client';
import { CAMPAIGN_FIELD_LABELS } from '@/lib/campaigns/labels';
import { rasterMediaUrl } from '@/lib/catalogue/media';
import { zodFormResolver } from '@/lib/forms/zod-resolver';
import { CAMPAIGN_CATEGORY_MAX, CAMPAIGN_DESCRIPTION_MAX, CAMPAIGN_SLUG_MAX, CAMPAIGN_TITLE_MAX, campaignFormSchema, type CampaignFormValues } from '@/lib/validation/admin-campaign';
import { uploadCampaignImageAction } from '@/server/campaigns/actions';
import { ProductPicker, type PickedProduct } from './product-picker';

const FIELDS = Object.keys(CAMPAIGN_FIELD_LABELS) as (keyof CampaignFormValues)[];

/**
 * "Nova campanha" and "Editar campanha": the fields of a campaign, its image (uploaded,
 * with a preview), its period in Lisbon's time, the home-carousel switch and the linked products.
 * Saves through the campaign service (spec 7 calls, lib/campaigns/client.ts); its errors are shown
 * in Portuguese, field by field where the server named the field, and a save over a newer version
 * shows the differences (StaleNotice).
 */
export function CampaignForm({ id, version: loadedVersion, initial, initialProducts, created }: { id?: number; version?: number; initial: CampaignFormValues; initialProducts: PickedProduct[]; created?: boolean }) {
  const t = useTranslations();
  const router = useRouter();
  const uid = React.useId();
  const text = (m: string | undefined) => (m ? (t.has(m) ? t(m) : m) : undefined);
  const { version, setVersion, stale, setStale, keepMine } = useStaleVersion(loadedVersion);
  const [linked, setLinked] = React.useState<PickedProduct[]>(initialProducts);
  const [problem, setProblem] = React.useState<string | null>(null);
  const [saved, setSaved] = React.useState<string | null>(created ? 'Campanha criada.' : null);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    control,
    reset,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<CampaignFormValues>({ resolver: zodFormResolver<CampaignFormValues>(campaignFormSchema), defaultValues: initial, mode: 'onTouched' });

  React.useEffect(() => {
    setValue('product_codes', linked.map((p) => p.code));
  }, [linked, setValue]);

  const image = useWatch({ control, name: 'image' });

  const { uploading, onUpload } = useImageUpload<CampaignFormValues>({
    field: 'image',
    upload: uploadCampaignImageAction,
    setError,
    onStart: () => setProblem(null),
    onUploaded: (url) => setValue('image', url, { shouldDirty: true }),
    failedMessage: 'Admin.Campaigns.errors.uploadFailed',
  });

  const payloadOf = (values: CampaignFormValues) => ({
    title: values.title.trim(),
    slug: values.slug.trim() || null,
    description: values.description.trim() || null,
    category: values.category.trim() || null,
    image: values.image || null,
    starts_at: values.starts_at || null,
    ends_at: values.ends_at || null,
    active: values.active,
    featured: values.featured,
    product_codes: linked.map((p) => p.code),
  });

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    setSaved(null);
    setStale(null);
    try {
      if (id === undefined) {
        const data = await campaignService.create<{ id: number }>(payloadOf(values));
        router.push(`/admin/campaigns/edit/${data.id}?criada=1`);
        return;
      }
      const data = await campaignService.update<{ version: number; slug: string }>(id, { ...payloadOf(values), version });
      if (!data) {
        setProblem(t('Admin.Campaigns.errors.notFound'));
        return;
      }
      setVersion(data.version);
      setValue('slug', data.slug);
      reset({ ...getValues(), slug: data.slug });
      setSaved('Alterações gravadas.');
      router.refresh();
    } catch (err) {
      if (!(err instanceof CampaignServiceError)) {
        setProblem(t('Admin.Campaigns.errors.failed'));
        return;
      }
      if (err.kind === 'stale' && isStaleData(err.data)) {
        setStale(err.data);
        return;
      }
      setServerFieldErrors(err.details, FIELDS, setError);
      setProblem(t(campaignErrorKey(err.kind)));
    }
  });

  const fid = (name: string) => `${uid}-${name}`;
  const err = (name: keyof CampaignFormValues) => text(errors[name]?.message);

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label={id === undefined ? 'Nova campanha' : 'Editar campanha'} data-testid="campaign-form">
      {stale ? (
        <StaleNotice
          stale={stale}
          mine={{ ...getValues(), product_codes: linked.map((p) => p.code) }}
          labels={CAMPAIGN_FIELD_LABELS}
          onReload={() => window.location.reload()}
          onKeepMine={keepMine}
        />
      ) : null}
      <fieldset disabled={isSubmitting} className="grid gap-5 rounded-xl border bg-white p-5 md:grid-cols-2">
        <legend className="sr-only">Dados da campanha</legend>
        <div className="md:col-span-2">
          <Field id={fid('title')} label="Título" error={err('title')} required>
            <Input maxLength={CAMPAIGN_TITLE_MAX} aria-required="true" {...register('title')} />
          </Field>
        </div>
        <Field id={fid('slug')} label="Endereço (slug)" error={err('slug')} description="Vazio: gerado a partir do título. Ex.: promocao-inverno">
          <Input maxLength={CAMPAIGN_SLUG_MAX} {...register('slug')} />
        </Field>
        <Field id={fid('category')} label="Categoria" error={err('category')} description="Ex.: Aquecimento">
          <Input maxLength={CAMPAIGN_CATEGORY_MAX} {...register('category')} />
        </Field>
        <div className="md:col-span-2">
          <Field id={fid('description')} label="Descrição" error={err('description')}>
            <Textarea rows={4} maxLength={CAMPAIGN_DESCRIPTION_MAX} {...register('description')} />
          </Field>
        </div>
        <Field id={fid('starts_at')} label="Início" error={err('starts_at')} description="Hora de Lisboa. Vazio: já em curso.">
          <Input type="datetime-local" {...register('starts_at')} />
        </Field>
        <Field id={fid('ends_at')} label="Fim" error={err('ends_at')} description="Hora de Lisboa. Vazio: sem data de fim.">
          <Input type="datetime-local" {...register('ends_at')} />
        </Field>
        <div className="flex flex-col gap-3 md:col-span-2">
          <label className="flex items-center gap-2 text-sm text-slate-900">
            <input type="checkbox" className="size-4 accent-sky-700" {...register('active')} />
            Ativa (visível na loja durante o período)
          </label>
          <label className="flex items-center gap-2 text-sm text-slate-900">
            <input type="checkbox" className="size-4 accent-sky-700" {...register('featured')} />
            Em destaque no carrossel da página inicial
          </label>
        </div>
        <div className="space-y-2 md:col-span-2">
          <Field id={fid('image')} label="Imagem" error={err('image')} description="JPEG, PNG, WebP ou AVIF até 15 MB; guardada em WebP. Sem imagem: é gerada uma ilustração.">
            <Input type="file" accept="image/*" onChange={onUpload} disabled={uploading} data-testid="campaign-image-input" />
          </Field>
          {uploading ? <p className="text-sm text-slate-600" role="status">A carregar a imagem…</p> : null}
          {image ? (
            <div className="flex items-start gap-3">
              {/* eslint-disable-next-line @next/next/no-img-element -- preview of the uploaded image */}
              <img src={rasterMediaUrl(image, 640)} alt="Pré-visualização da imagem da campanha" width={320} height={137} className="aspect-[21/9] w-80 rounded-md border object-cover" data-testid="campaign-image-preview" />
              <Button type="button" variant="outline" size="sm" onClick={() => setValue('image', '', { shouldDirty: true })}>
                Retirar imagem
              </Button>
            </div>
          ) : null}
        </div>
      </fieldset>
      <ProductPicker value={linked} onChange={setLinked} />
      {errors.product_codes?.message ? <p className="text-sm text-red-700">{text(errors.product_codes.message)}</p> : null}
      <FormAlert message={problem} testId="campaign-form-error" />
      {saved ? (
        <p role="status" className="rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900" data-testid="campaign-form-saved">
          {saved}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={isSubmitting || uploading} data-testid="campaign-save">
          {isSubmitting ? 'A gravar…' : id === undefined ? 'Criar campanha' : 'Gravar alterações'}
        </Button>
      </div>
    </form>
  );
}
