'use client';

import * as React from 'react';
import { useTranslations } from 'next-intl';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/forms/form-alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/toast';
import { useActionForm } from '@/lib/forms/use-action-form';
import { addressFormSchema, addressFormValues, type AddressFormValues, type AddressLike } from '@/lib/validation/addresses';
import { createAddressAction, updateAddressAction } from '@/server/addresses/actions';
import { SubmitButton } from '@/components/forms/submit-button';

type TextField = Exclude<keyof AddressFormValues, 'country' | 'is_default_delivery' | 'is_default_billing'>;

const FIELDS: readonly { name: TextField; label: string; hint?: string; required?: boolean; autoComplete: string; maxLength: number; type?: string; inputMode?: React.HTMLAttributes<HTMLInputElement>['inputMode']; placeholder?: string }[] = [
  { name: 'label', label: 'label', hint: 'labelHint', required: true, autoComplete: 'off', maxLength: 60 },
  { name: 'name', label: 'name', required: true, autoComplete: 'name', maxLength: 160 },
  { name: 'nif', label: 'nif', hint: 'nifHint', autoComplete: 'off', maxLength: 14, inputMode: 'text' },
  { name: 'line1', label: 'line1', required: true, autoComplete: 'address-line1', maxLength: 160 },
  { name: 'line2', label: 'line2', autoComplete: 'address-line2', maxLength: 160 },
  { name: 'postal_code', label: 'postalCode', hint: 'postalCodeHint', required: true, autoComplete: 'postal-code', maxLength: 8, placeholder: '4400-000' },
  { name: 'locality', label: 'locality', required: true, autoComplete: 'address-level2', maxLength: 80 },
  { name: 'phone', label: 'phone', autoComplete: 'tel', maxLength: 20, type: 'tel' },
];

const ALL_FIELDS: readonly string[] = [...FIELDS.map((f) => f.name), 'country', 'is_default_delivery', 'is_default_billing'];

/**
 * The address form of /dashboard/addresses: react-hook-form with the checkout's own
 * schema (lib/validation/orders `addressBody`: postal code NNNN-NNN, NIF check digit with 'PT'
 * accepted), checked on the way out and again by the server action; each field's message in
 * Portuguese under it, the first wrong field focused. `addressId` edits that address; without it a
 * new one is created. `onSaved` runs after the toast (close the dialog, refresh the page).
 */
export function AddressForm({
  addressId,
  initial,
  onSaved,
  onCancel,
}: {
  addressId?: number;
  initial?: AddressLike | null;
  onSaved?: (result: { id: number | null }) => void;
  onCancel?: () => void;
}) {
  const t = useTranslations('Account.addresses');
  const id = React.useId();
  const { form, text, submit, fieldError, problemText } = useActionForm<AddressFormValues>({
    schema: addressFormSchema,
    defaultValues: addressFormValues(initial),
    fields: ALL_FIELDS,
    failed: { message: 'Account.addresses.failed' },
  });
  const { register } = form;
  const { isSubmitting } = form.formState;

  const onSubmit = submit((values) => (addressId ? updateAddressAction({ ...values, id: addressId }) : createAddressAction(values)), {
    onSuccess: (data) => {
      toast.success(text(data.message, data.values));
      onSaved?.({ id: 'id' in data ? (data.id as number) : (addressId ?? null) });
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={t('formLabel')} data-testid="address-form">
      <p className="text-sm text-slate-600">{t('formDescription')}</p>
      <fieldset disabled={isSubmitting} className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((field) => {
          const fieldId = `${id}-${field.name}`;
          const error = fieldError(field.name);
          const wide = field.name === 'name' || field.name === 'line1' || field.name === 'line2';
          return (
            <div key={field.name} className={wide ? 'sm:col-span-2' : undefined}>
              <Field id={fieldId} label={t(field.label)} error={error} description={field.hint ? t(field.hint) : undefined} required={field.required}>
                <Input
                  type={field.type ?? 'text'}
                  autoComplete={field.autoComplete}
                  maxLength={field.maxLength}
                  inputMode={field.inputMode}
                  placeholder={field.placeholder}
                  {...register(field.name)}
                />
              </Field>
            </div>
          );
        })}
        <div>
          <Field id={`${id}-country`} label={t('country')} description={t('countryHint')} required>
            <NativeSelect autoComplete="country" {...register('country')}>
              <option value="PT">{t('portugal')}</option>
            </NativeSelect>
          </Field>
        </div>
        <div className="space-y-2 sm:col-span-2">
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" className="size-4 rounded border-slate-300 accent-sky-700" {...register('is_default_delivery')} />
            {t('isDefaultDelivery')}
          </label>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" className="size-4 rounded border-slate-300 accent-sky-700" {...register('is_default_billing')} />
            {t('isDefaultBilling')}
          </label>
        </div>
      </fieldset>
      <FormAlert message={problemText} testId="address-form-error" />
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel} disabled={isSubmitting}>
            {t('cancel')}
          </Button>
        )}
        <SubmitButton pending={isSubmitting} pendingLabel={t('saving')}>
          {t('save')}
        </SubmitButton>
      </div>
    </form>
  );
}
