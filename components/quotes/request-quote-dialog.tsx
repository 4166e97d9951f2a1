'use client';

import * as React from 'react';
import { flushSync } from 'react-dom';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useAuth } from '@/components/auth/auth-provider';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/forms/form-alert';
import { useOptionalCart } from '@/components/cart/cart-provider';
import { loadModels, peekModels } from '@/components/cart/models-store';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { restoreFocus } from '@/components/ui/focus-return';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { QuantityInput, useQuantityConfirm } from '@/components/cart/quantity-input';
import { checkQuantity, needsQuantityConfirmation, quantityRule } from '@/lib/cart/packages';
import type { ModelRow } from '@/lib/cart/types';
import { cn } from '@/lib/utils';
import { postQuote, refusalText } from './quote-api';
import type { QuoteSource } from './request-quote';

const CONTACT = ['name', 'email', 'phone', 'company', 'nif'] as const;
/** The message's limit (lib/validation/quotes.ts): shown as a counter, never cut silently. */
const MESSAGE_MAX = 2000;
type Contact = (typeof CONTACT)[number];
/** The fields that can carry a message of the server, in the order of the form (focus goes to the first). */
const FIELDS = ['model', 'quantity', ...CONTACT, 'message'] as const;
type Field = (typeof FIELDS)[number];

const AUTOCOMPLETE: Record<Contact, string> = { name: 'name', email: 'email', phone: 'tel', company: 'organization', nif: 'off' };

interface Created {
  quote_id: number;
  number: string;
}

/** The server's field messages (`details`) on the form's fields; a line's refusal goes to the quantity. */
export function fieldErrorsOf(details: Record<string, string[]>): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  for (const [key, messages] of Object.entries(details)) {
    const message = messages[0];
    if (!message) continue;
    if ((CONTACT as readonly string[]).includes(key) || key === 'message') out[key as Field] ??= message;
    else if (key === 'lines' || key.startsWith('lines.')) out.quantity ??= message;
  }
  return out;
}

/**
 * The form of 'Pedir orçamento' (loaded by request-quote.tsx when first opened): a guest gives
 * name, e-mail and phone (company, NIF optional), a customer only an optional message (the contact
 * is the account's). From the product page the visitor picks one of the product's models and the
 * quantity. `POST /api/quotes` decides: its Portuguese messages go under the fields (focus to the
 * first), nothing typed is lost, a 429 or any other refusal shows its message. Then /quote-success.
 */
export function RequestQuoteDialog({
  open,
  onOpenChange,
  source,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  source: QuoteSource;
  returnFocus?: () => HTMLElement | null;
}) {
  const t = useTranslations('QuoteRequest');
  const tQty = useTranslations('Cart.quantity');
  const { ask, dialog } = useQuantityConfirm();
  const router = useRouter();
  const { viewer } = useAuth();
  const cart = useOptionalCart();
  const id = React.useId();
  const fieldId = (f: Field) => `${id}-${f}`;
  const [values, setValues] = React.useState<Record<Contact | 'message', string>>({ name: '', email: '', phone: '', company: '', nif: '', message: '' });
  const [errors, setErrors] = React.useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);

  // The product's models (the model picker's list, held for 15 minutes).
  const productCode = source.kind === 'product' ? source.productCode : null;
  const [models, setModels] = React.useState<ModelRow[] | null>(() => (productCode ? peekModels(productCode) : null));
  const [modelsFailed, setModelsFailed] = React.useState(false);
  const [modelId, setModelId] = React.useState<string>('');
  // null: the model's smallest quantity (its rule), until the visitor types one.
  const [quantityTyped, setQuantity] = React.useState<string | null>(null);
  React.useEffect(() => {
    if (!productCode || !open || models) return;
    let cancelled = false;
    loadModels(productCode)
      .then((list) => !cancelled && setModels(list))
      .catch(() => !cancelled && setModelsFailed(true));
    return () => {
      cancelled = true;
    };
  }, [productCode, open, models]);
  const model = models?.find((m) => String(m.id) === modelId) ?? models?.[0];
  const rule = model ? quantityRule(model) : null;
  const quantity = quantityTyped ?? (rule ? String(rule.minimum) : '');

  const signedIn = Boolean(viewer);
  const cartLines = cart?.items.length ?? 0;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setProblem(null);
    setErrors({});
    let target: { lines: { product_id: number; quantity_of_packages: number }[] } | { cart_id: string };
    if (source.kind === 'cart') {
      if (!cart?.cartId || cartLines === 0) {
        setProblem(t('emptyCart'));
        return;
      }
      target = { cart_id: cart.cartId };
    } else {
      if (!model) {
        setProblem(modelsFailed ? t('modelsFailed') : t('noModels'));
        return;
      }
      // The shop's one quantity rule (lib/cart/packages.ts): what it refuses is said under the box
      // (with the nearest allowed counts) and nothing is sent; the server still judges.
      const check = checkQuantity(quantity, rule);
      if (check.kind !== 'ok') {
        if (check.kind === 'empty') setErrors({ quantity: tQty('empty') });
        document.getElementById(fieldId('quantity'))?.focus();
        return;
      }
      if (needsQuantityConfirmation(check.quantity, null)) {
        const name = `${model.code}${model.size ? ` (${model.size})` : ''}`;
        if (!(await ask({ units: check.quantity, name, action: 'request' }))) return;
      }
      target = { lines: [{ product_id: model.id, quantity_of_packages: check.quantity }] };
    }
    if (values.message.length > MESSAGE_MAX) {
      // Refused here, everything typed kept: the server would refuse it too (2000 characters).
      flushSync(() => setErrors({ message: t('messageTooLong', { count: values.message.length, max: MESSAGE_MAX }) }));
      document.getElementById(fieldId('message'))?.focus();
      return;
    }
    const contact = signedIn ? { message: values.message } : values;
    setBusy(true);
    const result = await postQuote<Created>('/api/quotes', { ...target, ...contact });
    if (result.ok) {
      router.push(`/quote-success?number=${encodeURIComponent(result.data.number)}`);
      onOpenChange(false);
      setBusy(false);
      return;
    }
    const fieldErrors = fieldErrorsOf(result.details);
    // Enabled again (and the messages rendered) before the focus moves to the first refused field.
    flushSync(() => {
      setBusy(false);
      setErrors(fieldErrors);
    });
    const first = FIELDS.find((f) => fieldErrors[f] && document.getElementById(fieldId(f)));
    if (first) {
      document.getElementById(fieldId(first))?.focus();
      // A refusal of the whole request (e.g. "Indique o nome, o email e o telefone…") is said once more above the button.
      if (result.message && !Object.values(fieldErrors).includes(result.message) && result.status !== 400) setProblem(result.message);
    } else setProblem(refusalText(result, { offline: t('offline'), failed: t('failed') }));
  };

  const input = (name: Contact, options: { required?: boolean; type?: string; inputMode?: 'tel' | 'numeric' | 'email'; maxLength: number; hint?: string }) => {
    const fid = fieldId(name);
    return (
      <Field id={fid} label={t(`fields.${name}`)} error={errors[name]} description={options.hint} required={options.required}>
        <Input
          name={name}
          type={options.type ?? 'text'}
          value={values[name]}
          onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
          autoComplete={AUTOCOMPLETE[name]}
          inputMode={options.inputMode}
          maxLength={options.maxLength}
          aria-required={options.required ? 'true' : undefined}
        />
      </Field>
    );
  };

  const messageId = fieldId('message');
  const messageOver = values.message.length > MESSAGE_MAX;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={t('close')}
        data-testid="request-quote-dialog"
        className="max-h-[90vh] overflow-y-auto sm:max-w-xl"
        onCloseAutoFocus={(event) => restoreFocus(event, returnFocus?.())}
      >
        <DialogHeader>
          <DialogTitle>{source.kind === 'product' ? t('buttonProduct') : t('title')}</DialogTitle>
          <DialogDescription>{signedIn && viewer ? t('introCustomer', { email: viewer.email }) : t('introGuest')}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
          <fieldset disabled={busy} className="space-y-4">
            {source.kind === 'cart' ? (
              <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">{t('fromCart', { count: cartLines })}</p>
            ) : modelsFailed ? (
              <p role="alert" className="text-sm text-red-700">
                {t('modelsFailed')}
              </p>
            ) : !models ? (
              <p role="status" className="text-sm text-slate-600">
                {t('loadingModels')}
              </p>
            ) : models.length === 0 ? (
              <p className="text-sm text-slate-600">{t('noModels')}</p>
            ) : (
              <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
                <Field id={fieldId('model')} label={t('fields.model')} error={errors.model} required>
                  <NativeSelect
                    name="model"
                    value={model ? String(model.id) : ''}
                    onChange={(e) => {
                      setModelId(e.target.value);
                      setQuantity(null);
                    }}
                  >
                    {models.map((m) => (
                      <option key={m.id} value={m.id}>
                        {m.code}
                        {m.size ? ` — ${m.size}` : ''}
                        {m.name && m.name !== m.code ? ` — ${m.name}` : ''}
                      </option>
                    ))}
                  </NativeSelect>
                </Field>
                <Field
                  id={fieldId('quantity')}
                  label={t('fields.quantity')}
                  required
                  description={rule && rule.increment > 1 ? t('hints.quantity', { increment: rule.increment }) : undefined}
                >
                  <QuantityInput
                    id={fieldId('quantity')}
                    value={quantity}
                    onValueChange={(v) => {
                      setQuantity(v);
                      setErrors((e) => ({ ...e, quantity: undefined }));
                    }}
                    rule={rule}
                    problem={errors.quantity}
                    describedBy={rule && rule.increment > 1 ? `${fieldId('quantity')}-hint` : undefined}
                    inputClassName="w-full"
                  />
                </Field>
              </div>
            )}
            {!signedIn && (
              <div className="grid gap-4 sm:grid-cols-2">
                <div className="sm:col-span-2">{input('name', { required: true, maxLength: 120 })}</div>
                {input('email', { required: true, type: 'email', inputMode: 'email', maxLength: 254 })}
                {input('phone', { required: true, type: 'tel', inputMode: 'tel', maxLength: 20, hint: t('hints.phone') })}
                {input('company', { maxLength: 160 })}
                {input('nif', { inputMode: 'numeric', maxLength: 14 })}
              </div>
            )}
            <Field
              id={messageId}
              label={t('fields.message')}
              error={errors.message}
              description={
                <span className="flex justify-between gap-3">
                  <span>{t('hints.message')}</span>
                  <span
                    className={cn('shrink-0 tabular-nums', messageOver && 'font-semibold text-red-700')}
                    aria-label={t('messageCounterLabel', { count: values.message.length, max: MESSAGE_MAX })}
                    data-testid="quote-message-counter"
                  >
                    {t('messageCounter', { count: values.message.length, max: MESSAGE_MAX })}
                  </span>
                </span>
              }
            >
              {/* No maxLength: a longer paste is kept whole and refused with a message, never cut silently. */}
              <Textarea
                name="message"
                rows={3}
                value={values.message}
                onChange={(e) => {
                  const message = e.target.value;
                  setValues((v) => ({ ...v, message }));
                  setErrors((er) => ({ ...er, message: message.length > MESSAGE_MAX ? t('messageTooLong', { count: message.length, max: MESSAGE_MAX }) : undefined }));
                }}
              />
            </Field>
            {!signedIn && <p className="text-xs text-slate-500">{t('privacy')}</p>}
            <FormAlert message={problem} testId="request-quote-problem" />
            <div className="flex flex-wrap justify-end gap-3">
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                {t('cancel')}
              </Button>
              <Button type="submit" data-testid="request-quote-submit">
                {busy ? t('submitting') : t('submit')}
              </Button>
            </div>
          </fieldset>
        </form>
        {dialog}
      </DialogContent>
    </Dialog>
  );
}
