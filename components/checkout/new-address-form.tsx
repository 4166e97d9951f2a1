'use client';

import * as React from 'react';
import { useTranslations } from 'next-intl';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/forms/form-alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { ApiBody } from '@/lib/api/types';
import type { AddressSnapshot } from '@/lib/orders/types';

export interface SavedAddress extends AddressSnapshot {
  id: number;
  is_default_delivery: boolean;
  is_default_billing: boolean;
}

const FIELDS = ['label', 'name', 'nif', 'line1', 'line2', 'postal_code', 'locality', 'phone'] as const;
type Field = (typeof FIELDS)[number];

/** What a new address may start from (e.g. a professional's company for billing). */
export type NewAddressDefaults = Partial<Record<Field, string | null>>;

const AUTOCOMPLETE: Record<Field, string> = {
  label: 'off',
  name: 'name',
  nif: 'off',
  line1: 'address-line1',
  line2: 'address-line2',
  postal_code: 'postal-code',
  locality: 'address-level2',
  phone: 'tel',
};

/**
 * A new address saved on the way through the checkout: `POST /api/addresses`, whose
 * Portuguese messages (postal code NNNN-NNN, NIF check digit…) are shown under the fields. No
 * client-side schema: the server's answer is the one rule, and nothing typed is lost on a refusal.
 * Not a <form> of its own (it sits inside the checkout form): Enter in a field saves it.
 */
export function NewAddressForm({
  purpose,
  defaultName,
  defaults,
  onSaved,
  onCancel,
}: {
  purpose: 'delivery' | 'billing';
  defaultName: string;
  defaults?: NewAddressDefaults;
  onSaved: (address: SavedAddress) => void;
  onCancel?: () => void;
}) {
  const t = useTranslations('Checkout.address');
  const id = React.useId();
  const [values, setValues] = React.useState<Record<Field, string>>({
    label: purpose === 'billing' ? t('billingLabelDefault') : '',
    name: defaultName,
    nif: defaults?.nif ?? '',
    line1: defaults?.line1 ?? '',
    line2: defaults?.line2 ?? '',
    postal_code: defaults?.postal_code ?? '',
    locality: defaults?.locality ?? '',
    phone: defaults?.phone ?? '',
  });
  const [errors, setErrors] = React.useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  const [makeDefault, setMakeDefault] = React.useState(true);
  const firstRef = React.useRef<HTMLInputElement>(null);
  // The first refused field, focused once the fieldset is enabled again.
  const [focusField, setFocusField] = React.useState<Field | null>(null);

  React.useEffect(() => {
    firstRef.current?.focus();
  }, []);
  React.useEffect(() => {
    if (!busy && focusField) document.getElementById(`${id}-${focusField}`)?.focus();
  }, [busy, focusField, id]);

  const save = async () => {
    setBusy(true);
    setProblem(null);
    setErrors({});
    setFocusField(null);
    try {
      const res = await fetch('/api/addresses', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          ...values,
          is_default_delivery: purpose === 'delivery' && makeDefault,
          is_default_billing: purpose === 'billing' && makeDefault,
        }),
      });
      const body = (await res.json().catch(() => null)) as ApiBody<SavedAddress> | null;
      if (res.ok && body?.success) {
        onSaved(body.data);
        return;
      }
      const details = body && !body.success ? body.error.details : undefined;
      const fieldErrors: Partial<Record<Field, string>> = {};
      for (const field of FIELDS) {
        const message = details?.[field]?.[0];
        if (message) fieldErrors[field] = message;
      }
      setErrors(fieldErrors);
      const first = FIELDS.find((f) => fieldErrors[f]) ?? null;
      setFocusField(first);
      if (!first) setProblem((body && !body.success && body.message) || t('failed'));
    } catch {
      setProblem(t('offline'));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Field, options: { required?: boolean; hint?: string; inputMode?: 'numeric' | 'tel'; maxLength: number; placeholder?: string }) => {
    const fieldId = `${id}-${name}`;
    return (
      <Field id={fieldId} label={t(`fields.${name}`)} error={errors[name]} description={options.hint} required={options.required}>
        <Input
          ref={name === 'label' ? firstRef : undefined}
          name={name}
          value={values[name]}
          onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void save();
            }
          }}
          autoComplete={AUTOCOMPLETE[name]}
          inputMode={options.inputMode}
          maxLength={options.maxLength}
          placeholder={options.placeholder}
          aria-required={options.required ? 'true' : undefined}
        />
      </Field>
    );
  };

  return (
    <fieldset
      className="space-y-4 rounded-lg border border-sky-200 bg-sky-50/40 p-4"
      disabled={busy}
      data-testid={`new-address-${purpose}`}
    >
      <legend className="px-1 font-semibold text-slate-900">{purpose === 'billing' ? t('titleBilling') : t('titleDelivery')}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        {field('label', { required: true, maxLength: 60, hint: t('hints.label') })}
        {field('name', { required: true, maxLength: 160, hint: purpose === 'billing' ? t('hints.fiscalName') : undefined })}
        {field('nif', { required: false, maxLength: 14, inputMode: 'numeric', hint: t('hints.nif') })}
        {field('phone', { required: false, maxLength: 20, inputMode: 'tel' })}
        <div className="sm:col-span-2">{field('line1', { required: true, maxLength: 160 })}</div>
        <div className="sm:col-span-2">{field('line2', { maxLength: 160 })}</div>
        {field('postal_code', { required: true, maxLength: 8, inputMode: 'numeric', placeholder: '4400-000' })}
        {field('locality', { required: true, maxLength: 80 })}
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" checked={makeDefault} onChange={(e) => setMakeDefault(e.target.checked)} className="size-4 accent-sky-700" />
        {purpose === 'billing' ? t('makeDefaultBilling') : t('makeDefaultDelivery')}
      </label>
      <FormAlert message={problem ?? undefined} />
      <div className="flex flex-wrap gap-3">
        <Button type="button" onClick={() => void save()} disabled={busy} data-testid={`save-address-${purpose}`}>
          {busy ? t('saving') : t('save')}
        </Button>
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
            {t('cancel')}
          </Button>
        )}
      </div>
    </fieldset>
  );
}
