'use client';

import * as React from 'react';
import { flushSync } from 'react-dom';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/forms/form-alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import { formatUnitPrice } from '@/lib/format';
import { postQuote, refusalText } from './quote-api';

export interface AnswerLine {
  position: number;
  label: string;
  /** The customer's own net price when they asked (reference only); null for a guest. */
  list_unit_price: number | null;
  /** The price of the current answer, when revising one. */
  unit_price: number | null;
}

/** A price typed the Portuguese way (`12,5`, `1 234,50`) as a number; NaN when it is not one. */
export function parseEuro(raw: string): number {
  const cleaned = raw.trim().replace(/[\s\u00a0€]/g, '');
  if (cleaned === '') return Number.NaN;
  const normal = cleaned.includes(',') ? cleaned.replace(/\./g, '').replace(',', '.') : cleaned;
  return /^\d+(\.\d+)?$/.test(normal) ? Number(normal) : Number.NaN;
}

/** A stored price as the field shows it (`12,5000` → `12,50`, keeping up to 4 decimals). */
function euroField(value: number | null): string {
  if (value === null) return '';
  const fixed = value.toFixed(4).replace(/0{1,2}$/, '');
  return fixed.replace('.', ',');
}

/**
 * Staff's answer: a net unit price per line (the customer's list price beside it for
 * reference), shipping, the validity date (today + 30 days unless changed) and a message, sent
 * with the version the page was rendered from — an answer over a newer version (someone else
 * answered or withdrew meanwhile) is refused with 'Este registo foi alterado por outra pessoa'.
 * The server checks every value; its messages go under the fields and nothing typed is lost.
 */
export function QuoteAnswerForm({
  quoteId,
  version,
  lines,
  defaultValidUntil,
  shipping,
  revising,
}: {
  quoteId: number;
  version: number;
  lines: AnswerLine[];
  defaultValidUntil: string;
  shipping: number | null;
  revising: boolean;
}) {
  const t = useTranslations('QuoteActions.answer');
  const tActions = useTranslations('QuoteActions');
  const router = useRouter();
  const id = React.useId();
  const [prices, setPrices] = React.useState<Record<number, string>>(() =>
    Object.fromEntries(lines.map((l) => [l.position, euroField(l.unit_price ?? l.list_unit_price)])),
  );
  const [shippingText, setShippingText] = React.useState(shipping ? euroField(shipping) : '');
  const [validUntil, setValidUntil] = React.useState(defaultValidUntil);
  const [message, setMessage] = React.useState('');
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [problem, setProblem] = React.useState<string | null>(null);
  const [stale, setStale] = React.useState(false);
  const [busy, setBusy] = React.useState(false);

  const priceId = (position: number) => `${id}-price-${position}`;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setErrors({});
    setProblem(null);
    setStale(false);
    // Unparseable text goes as -1 so that the server's own message ('Preço inválido…') answers it.
    const body = {
      version,
      lines: lines.map((l) => {
        const n = parseEuro(prices[l.position] ?? '');
        return { position: l.position, unit_price: Number.isNaN(n) ? -1 : n };
      }),
      shipping: shippingText.trim() === '' ? null : Number.isNaN(parseEuro(shippingText)) ? -1 : parseEuro(shippingText),
      valid_until: validUntil || null,
      message: message.trim() || null,
    };
    setBusy(true);
    const result = await postQuote(`/api/quotes/${quoteId}/answer`, body);
    // Enabled again before the focus moves to a refused field.
    flushSync(() => setBusy(false));
    if (result.ok) {
      toast.success(t('done'));
      setMessage('');
      router.refresh();
      return;
    }
    if (result.status === 409 && result.details.version) {
      setStale(true);
      setProblem(result.message ?? t('stale'));
      return;
    }
    const found: Record<string, string> = {};
    for (const [key, messages] of Object.entries(result.details)) {
      const text = messages[0];
      if (!text) continue;
      const m = /^lines\.(\d+)/.exec(key);
      const line = m ? lines[Number(m[1])] : undefined;
      if (line) found[`price-${line.position}`] ??= text;
      else if (key === 'shipping' || key === 'valid_until' || key === 'message') found[key] ??= text;
    }
    flushSync(() => setErrors(found));
    const order = [...lines.map((l) => [`price-${l.position}`, priceId(l.position)] as const), ['shipping', `${id}-shipping`] as const, ['valid_until', `${id}-valid`] as const, ['message', `${id}-message`] as const];
    const first = order.find(([key]) => found[key]);
    if (first) document.getElementById(first[1])?.focus();
    else setProblem(refusalText(result, { offline: tActions('offline'), failed: tActions('failed') }));
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4" data-testid="quote-answer-form">
      <fieldset disabled={busy} className="space-y-4 rounded-xl border border-sky-200 bg-sky-50/40 p-4">
        <legend className="px-1 font-semibold text-slate-900">{t('legend')}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {lines.map((l) => {
            const fid = priceId(l.position);
            const hint = l.list_unit_price === null ? t('noListPrice') : t('listPrice', { price: formatUnitPrice(l.list_unit_price) });
            return (
              <div key={l.position} className="space-y-1">
                <p className="truncate text-sm text-slate-700" title={l.label}>
                  {t('line', { position: l.position })}: {l.label}
                </p>
                <Field id={fid} label={t('unitPrice', { position: l.position })} error={errors[`price-${l.position}`]} description={hint} required>
                  <Input
                    inputMode="decimal"
                    value={prices[l.position] ?? ''}
                    onChange={(e) => setPrices((p) => ({ ...p, [l.position]: e.target.value }))}
                    aria-required="true"
                  />
                </Field>
              </div>
            );
          })}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={`${id}-shipping`} label={t('shipping')} error={errors.shipping} description={t('shippingHint')}>
            <Input inputMode="decimal" value={shippingText} onChange={(e) => setShippingText(e.target.value)} />
          </Field>
          <Field id={`${id}-valid`} label={t('validUntil')} error={errors.valid_until} required>
            <Input type="date" value={validUntil} onChange={(e) => setValidUntil(e.target.value)} aria-required="true" />
          </Field>
        </div>
        <Field id={`${id}-message`} label={t('message')} error={errors.message}>
          <Textarea rows={3} maxLength={4000} value={message} onChange={(e) => setMessage(e.target.value)} />
        </Field>
        <FormAlert message={problem} testId="quote-answer-problem">
          {stale && (
            <Button type="button" variant="outline" size="sm" className="mt-2" onClick={() => window.location.reload()}>
              {t('reload')}
            </Button>
          )}
        </FormAlert>
        <Button type="submit" data-testid="quote-answer-submit">
          {busy ? t('submitting') : revising ? t('revise') : t('submit')}
        </Button>
      </fieldset>
    </form>
  );
}
