'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/forms/form-alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useActionForm } from '@/lib/forms/use-action-form';
import { useMessageText } from '@/lib/forms/use-message-text';
import { createSheetSchema, SHEET_LIMITS } from '@/lib/validation/admin-technical-sheet';
import { createTechnicalSheetAction } from '@/server/technical-sheets/actions';

interface Values {
  product_code: string;
  model_code: string;
}

const editPath = (id: number) => `/admin/ficha-tecnica/edit/${id}`;

/** "Nova ficha" of /admin/ficha-tecnica: a product code and an optional model code → the new sheet's edit screen. */
export function NewSheetForm({ initialProductCode = '' }: { initialProductCode?: string }) {
  const t = useTranslations('Admin.Sheets');
  const router = useRouter();
  const id = React.useId();
  const { form, submit, fieldError, problemText } = useActionForm<Values>({
    schema: createSheetSchema,
    defaultValues: { product_code: initialProductCode, model_code: '' },
    mode: 'onSubmit',
    fields: ['product_code', 'model_code'],
  });
  const { register } = form;
  const { isSubmitting } = form.formState;

  const onSubmit = submit(createTechnicalSheetAction, {
    onSuccess: (data) => router.push(editPath(data.id)),
    // A sheet for that code exists already: open it.
    onRefused: (error) => {
      const existing = (error.data as { id?: unknown } | undefined)?.id;
      if (error.code !== 'conflict' || typeof existing !== 'number') return false;
      router.push(editPath(existing));
      return true;
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} className="rounded-xl border bg-white p-5" data-testid="new-sheet-form">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {t('newTitle')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('newDescription')}</p>
      <fieldset disabled={isSubmitting} className="mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
        <Field id={`${id}-product`} label={t('productCode')} error={fieldError('product_code')} required>
          <Input autoComplete="off" maxLength={SHEET_LIMITS.code} {...register('product_code')} />
        </Field>
        <Field id={`${id}-model`} label={t('modelCode')} error={fieldError('model_code')} description={t('modelCodeHint')}>
          <Input autoComplete="off" maxLength={SHEET_LIMITS.code} {...register('model_code')} />
        </Field>
        <Button type="submit" className="sm:mt-6">
          {isSubmitting ? t('creating') : t('create')}
        </Button>
      </fieldset>
      <FormAlert message={problemText} testId="new-sheet-error" />
    </form>
  );
}

/** "Criar ficha" on a row of a product without a sheet. */
export function CreateSheetButton({ productCode }: { productCode: string }) {
  const t = useTranslations('Admin.Sheets');
  const text = useMessageText();
  const router = useRouter();
  const [busy, setBusy] = React.useState(false);
  const [problem, setProblem] = React.useState<string | undefined>();
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={busy}
        aria-label={t('createFor', { code: productCode })}
        onClick={async () => {
          setBusy(true);
          setProblem(undefined);
          const result = await createTechnicalSheetAction({ product_code: productCode });
          if (result.ok) router.push(editPath(result.data.id));
          else {
            setProblem(text(result.error.message, result.error.values));
            setBusy(false);
          }
        }}
      >
        {busy ? t('creating') : t('create')}
      </Button>
      {problem ? (
        <span role="alert" className="text-xs text-red-700">
          {problem}
        </span>
      ) : null}
    </span>
  );
}
