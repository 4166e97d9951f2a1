'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useFieldArray, useForm, useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { StaleNotice } from '@/components/admin/stale-notice';
import { useStaleVersion } from '@/components/admin/use-stale-version';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/forms/form-alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import { isStaleData, type Snapshot } from '@/lib/admin/stale';
import type { MessageRef } from '@/lib/errors';
import { useMessageText } from '@/lib/forms/use-message-text';
import { applyFieldErrors, zodFormResolver } from '@/lib/forms/zod-resolver';
import type { SheetEditView } from '@/lib/technical-sheets';
import { SHEET_LIMITS, sheetFormSchema, type SheetFormValues } from '@/lib/validation/admin-technical-sheet';
import { deleteTechnicalSheetAction, saveTechnicalSheetAction, uploadTechnicalSheetFileAction } from '@/server/technical-sheets/actions';
import { SubmitButton } from '@/components/forms/submit-button';

const FIELDS = ['title', 'sections', 'norms', 'certifications', 'drawing_key', 'manufacturer_pdf_key', 'published'] as const;

function toLines(text: string): string[] {
  return [...new Set(text.split(/\r?\n/).map((s) => s.replace(/\s+/g, ' ').trim()).filter(Boolean))];
}

function valuesOf(s: { title: string; sections: SheetFormValues['sections']; norms: string[]; certifications: string[]; drawing_key: string | null; manufacturer_pdf_key: string | null; published: boolean }): SheetFormValues {
  return {
    title: s.title,
    sections: s.sections.map((sec) => ({ title: sec.title, rows: sec.rows.map((r) => ({ label: r.label, value: r.value })) })),
    norms: s.norms.join('\n'),
    certifications: s.certifications.join('\n'),
    drawing_key: s.drawing_key,
    manufacturer_pdf_key: s.manufacturer_pdf_key,
    published: s.published,
  };
}

/** The form's values as the server's snapshot of the record (lists as arrays), for the stale comparison. */
function snapshotOf(v: SheetFormValues): Snapshot {
  return {
    title: v.title.replace(/\s+/g, ' ').trim(),
    sections: v.sections,
    norms: toLines(v.norms),
    certifications: toLines(v.certifications),
    drawing_key: v.drawing_key || null,
    manufacturer_pdf_key: v.manufacturer_pdf_key || null,
    published: v.published,
  };
}

function fromSnapshot(s: Snapshot): SheetFormValues {
  const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);
  return valuesOf({
    title: String(s.title ?? ''),
    sections: Array.isArray(s.sections) ? (s.sections as SheetFormValues['sections']) : [],
    norms: list(s.norms),
    certifications: list(s.certifications),
    drawing_key: typeof s.drawing_key === 'string' ? s.drawing_key : null,
    manufacturer_pdf_key: typeof s.manufacturer_pdf_key === 'string' ? s.manufacturer_pdf_key : null,
    published: s.published === true,
  });
}

/**
 * The edit screen's form of one technical sheet: title, sections of label/value rows
 * (add, remove, reorder), norms and certifications (one a line), the drawing and the
 * manufacturer PDF (uploaded at once, sniffed by the server; the save names them), published.
 * A save over a newer version shows the differences (StaleNotice) instead of overwriting.
 */
export function SheetEditForm({ sheet }: { sheet: SheetEditView }) {
  const t = useTranslations('Admin.Sheets');
  const text = useMessageText();
  const router = useRouter();
  const id = React.useId();
  const { version, setVersion, stale, setStale, keepMine } = useStaleVersion(sheet.version);
  const [problem, setProblem] = React.useState<MessageRef | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    reset,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<SheetFormValues>({
    resolver: zodFormResolver<SheetFormValues>(sheetFormSchema),
    defaultValues: valuesOf({
      title: sheet.title,
      sections: sheet.sections,
      norms: sheet.norms,
      certifications: sheet.certifications,
      drawing_key: sheet.drawingKey,
      manufacturer_pdf_key: sheet.manufacturerPdfKey,
      published: sheet.published,
    }),
  });
  const sections = useFieldArray({ control, name: 'sections' });
  const drawingKey = useWatch({ control, name: 'drawing_key' });
  const manufacturerPdfKey = useWatch({ control, name: 'manufacturer_pdf_key' });
  const labels = Object.fromEntries(FIELDS.map((f) => [f, t(`labels.${f}`)]));

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    setStale(null);
    const result = await saveTechnicalSheetAction({ ...values, id: sheet.id, version });
    if (result.ok) {
      setVersion(result.data.version);
      toast.success(text(result.data.message));
      router.refresh();
      return;
    }
    if (result.error.code === 'conflict' && isStaleData(result.error.data)) {
      setStale(result.error.data);
      return;
    }
    if (!applyFieldErrors(result.error.fieldErrors, setError, FIELDS)) setProblem(result.error);
  });

  const titleError = text(errors.title?.message);
  const sectionsError = text(errors.sections?.message ?? (errors.sections as { root?: { message?: string } } | undefined)?.root?.message);
  const normsError = text(errors.norms?.message);
  const certificationsError = text(errors.certifications?.message);

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label={t('editTitle')} data-testid="sheet-form">
      {stale ? (
        <StaleNotice
          stale={stale}
          mine={snapshotOf(getValues())}
          labels={labels}
          onReload={() => {
            reset(fromSnapshot(stale.current));
            setVersion(stale.version);
            setStale(null);
          }}
          onKeepMine={keepMine}
        />
      ) : null}
      <fieldset disabled={isSubmitting} className="space-y-6">
        <div className="rounded-xl border bg-white p-5">
          <Field id={`${id}-title`} label={t('sheetTitle')} error={titleError} required>
            <Input maxLength={SHEET_LIMITS.title} aria-required="true" {...register('title')} />
          </Field>
        </div>

        <section aria-labelledby={`${id}-sections`} className="space-y-4 rounded-xl border bg-white p-5">
          <div>
            <h2 id={`${id}-sections`} className="text-lg font-semibold text-slate-900">
              {t('sections')}
            </h2>
            <p className="text-sm text-slate-600">{t('sectionsHint')}</p>
          </div>
          {sectionsError ? (
            <p role="alert" className="text-sm text-red-700" data-testid="sections-error">
              {sectionsError}
            </p>
          ) : null}
          {sections.fields.length === 0 ? <p className="text-sm text-slate-600">{t('noSections')}</p> : null}
          <ol className="space-y-4">
            {sections.fields.map((field, index) => (
              <li key={field.id} className="rounded-lg border border-slate-200 p-4" data-testid="sheet-section">
                <div className="flex flex-wrap items-end gap-2">
                  <div className="min-w-0 flex-1">
                    <Field id={`${id}-s${index}`} label={`${t('sectionTitle')} (${t('section', { n: index + 1 })})`}>
                      <Input maxLength={SHEET_LIMITS.sectionTitle} {...register(`sections.${index}.title`)} />
                    </Field>
                  </div>
                  <Button type="button" size="icon" variant="outline" aria-label={t('moveUp', { n: index + 1 })} disabled={index === 0} onClick={() => sections.move(index, index - 1)}>
                    <ArrowUpIcon aria-hidden />
                  </Button>
                  <Button
                    type="button"
                    size="icon"
                    variant="outline"
                    aria-label={t('moveDown', { n: index + 1 })}
                    disabled={index === sections.fields.length - 1}
                    onClick={() => sections.move(index, index + 1)}
                  >
                    <ArrowDownIcon aria-hidden />
                  </Button>
                  <Button type="button" size="icon" variant="outline" aria-label={t('removeSection', { n: index + 1 })} onClick={() => sections.remove(index)}>
                    <Trash2Icon aria-hidden />
                  </Button>
                </div>
                <SectionRows control={control} register={register} section={index} baseId={`${id}-s${index}`} />
              </li>
            ))}
          </ol>
          <Button
            type="button"
            variant="outline"
            disabled={sections.fields.length >= SHEET_LIMITS.sections}
            onClick={() => sections.append({ title: '', rows: [{ label: '', value: '' }] }, { focusName: `sections.${sections.fields.length}.title` })}
          >
            <PlusIcon aria-hidden /> {t('addSection')}
          </Button>
        </section>

        <div className="grid gap-4 rounded-xl border bg-white p-5 md:grid-cols-2">
          <Field id={`${id}-norms`} label={t('norms')} error={normsError} description={t('normsHint')}>
            <Textarea rows={4} {...register('norms')} />
          </Field>
          <Field id={`${id}-certs`} label={t('certifications')} error={certificationsError} description={t('certificationsHint')}>
            <Textarea rows={4} {...register('certifications')} />
          </Field>
        </div>

        <div className="grid gap-4 rounded-xl border bg-white p-5 md:grid-cols-2">
          <UploadField
            id={`${id}-drawing`}
            kind="drawing"
            label={t('drawing')}
            hint={t('drawingHint')}
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            value={drawingKey}
            error={text(errors.drawing_key?.message)}
            onChange={(key) => setValue('drawing_key', key, { shouldDirty: true })}
          />
          <UploadField
            id={`${id}-pdf`}
            kind="pdf"
            label={t('manufacturerPdf')}
            hint={t('manufacturerPdfHint')}
            accept="application/pdf"
            value={manufacturerPdfKey}
            error={text(errors.manufacturer_pdf_key?.message)}
            onChange={(key) => setValue('manufacturer_pdf_key', key, { shouldDirty: true })}
          />
        </div>

        <label className="flex items-center gap-2 rounded-xl border bg-white p-5 text-sm font-medium text-slate-900">
          <input type="checkbox" className="size-4 rounded border-slate-300 accent-sky-700" {...register('published')} />
          {t('published')}
        </label>
      </fieldset>
      <FormAlert message={text(problem?.message, problem?.values)} testId="sheet-form-error" />
      <div className="flex flex-wrap justify-between gap-2">
        <Button
          type="button"
          variant="outline"
          className="text-red-700"
          disabled={isSubmitting}
          onClick={async () => {
            if (!window.confirm(t('deleteConfirm'))) return;
            const result = await deleteTechnicalSheetAction({ id: sheet.id, version });
            if (result.ok) {
              toast.success(text(result.data.message));
              router.push('/admin/ficha-tecnica');
            } else if (result.error.code === 'conflict' && isStaleData(result.error.data)) setStale(result.error.data);
            else setProblem(result.error);
          }}
        >
          {t('delete')}
        </Button>
        <SubmitButton pending={isSubmitting} pendingLabel={t('saving')}>
          {t('save')}
        </SubmitButton>
      </div>
    </form>
  );
}

function SectionRows({
  control,
  register,
  section,
  baseId,
}: {
  control: Control<SheetFormValues>;
  register: UseFormRegister<SheetFormValues>;
  section: number;
  baseId: string;
}) {
  const t = useTranslations('Admin.Sheets');
  const rows = useFieldArray({ control, name: `sections.${section}.rows` });
  return (
    <div className="mt-3 space-y-2">
      <ol className="space-y-2">
        {rows.fields.map((field, index) => (
          <li key={field.id} className="grid gap-2 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
            <div>
              <label htmlFor={`${baseId}-r${index}-label`} className="text-xs font-medium text-slate-700">
                {t('rowLabel', { n: index + 1 })}
              </label>
              <Input id={`${baseId}-r${index}-label`} maxLength={SHEET_LIMITS.label} {...register(`sections.${section}.rows.${index}.label`)} />
            </div>
            <div>
              <label htmlFor={`${baseId}-r${index}-value`} className="text-xs font-medium text-slate-700">
                {t('rowValue', { n: index + 1 })}
              </label>
              <Input id={`${baseId}-r${index}-value`} maxLength={SHEET_LIMITS.value} {...register(`sections.${section}.rows.${index}.value`)} />
            </div>
            <Button type="button" size="icon" variant="ghost" aria-label={t('removeRow', { n: index + 1 })} onClick={() => rows.remove(index)}>
              <Trash2Icon aria-hidden />
            </Button>
          </li>
        ))}
      </ol>
      <Button
        type="button"
        size="sm"
        variant="ghost"
        disabled={rows.fields.length >= SHEET_LIMITS.rows}
        onClick={() => rows.append({ label: '', value: '' }, { focusName: `sections.${section}.rows.${rows.fields.length}.label` })}
      >
        <PlusIcon aria-hidden /> {t('addRow')}
      </Button>
    </div>
  );
}

function UploadField({
  id,
  kind,
  label,
  hint,
  accept,
  value,
  error,
  onChange,
}: {
  id: string;
  kind: 'drawing' | 'pdf';
  label: string;
  hint: string;
  accept: string;
  value: string | null;
  error: string | undefined;
  onChange: (key: string | null) => void;
}) {
  const t = useTranslations('Admin.Sheets');
  const text = useMessageText();
  const [busy, setBusy] = React.useState(false);
  const [problem, setProblem] = React.useState<string | undefined>();
  const shown = problem ?? error;
  return (
    <Field id={id} label={label} description={hint} error={shown}>
      <input
        type="file"
        accept={accept}
        disabled={busy}
        className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm"
        onChange={async (event) => {
          const input = event.currentTarget;
          const file = input.files?.[0];
          if (!file) return;
          setBusy(true);
          setProblem(undefined);
          const data = new FormData();
          data.set('kind', kind);
          data.set('file', file);
          try {
            const result = await uploadTechnicalSheetFileAction(data);
            if (result.ok) {
              onChange(result.data.key);
              toast.success(t('uploaded'));
            } else setProblem(text(result.error.fieldErrors?.file?.[0] ?? result.error.message, result.error.values));
          } catch {
            setProblem(text('Errors.generic'));
          } finally {
            setBusy(false);
            input.value = '';
          }
        }}
      />
      <div className="mt-2 flex flex-wrap items-center gap-3 text-sm" aria-live="polite">
        {busy ? <span>{t('uploading')}</span> : null}
        {value ? (
          <>
            {kind === 'drawing' ? (
              // eslint-disable-next-line @next/next/no-img-element -- an upload served by /media/uploads
              <img src={`/media/${value}?w=320`} alt={label} className="h-20 w-auto rounded border bg-white object-contain" />
            ) : null}
            <a href={`/media/${value}`} target="_blank" rel="noreferrer" className="text-sky-800 hover:underline" data-testid={`${kind}-current`}>
              {t('viewFile')}
            </a>
            <Button type="button" size="sm" variant="ghost" onClick={() => onChange(null)}>
              {t('removeFile')}
            </Button>
          </>
        ) : (
          <span className="text-slate-600">{t('noFile')}</span>
        )}
      </div>
    </Field>
  );
}
