'use client';

import * as React from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useCart } from '@/components/cart/cart-provider';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import type { ApiBody } from '@/lib/api/types';
import { roundCents } from '@/lib/cart/summary';
import { formatPrice } from '@/lib/format';
import type { AddressSnapshot } from '@/lib/orders/types';
import { cn } from '@/lib/utils';
import { NewAddressForm, type NewAddressDefaults, type SavedAddress } from './new-address-form';
import { GrandTotalRow, TotalRow } from '@/components/orders/total-rows';

export interface CheckoutPaymentOption {
  id: string;
  /** Only with a pickup at the showroom or the warehouse. */
  pickupOnly: boolean;
}

export interface CheckoutGoods {
  net: number;
  tax: number;
  gross: number;
  /** Shipping of a home delivery for these goods (0 from the free-shipping threshold). */
  deliveryShipping: number;
}

type DeliveryChoice = `address:${number}` | 'pickup:showroom' | 'pickup:warehouse' | 'new';

interface PlacedOrder {
  order_id: number;
  number: string;
}

interface NewTotals {
  total: number;
}

/** Idempotency key of a submission: a new one whenever what is submitted changes. */
function newKey(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

function addressLine(a: AddressSnapshot): string {
  return [a.line1, a.line2, `${a.postal_code} ${a.locality}`].filter(Boolean).join(', ');
}

/**
 * The choices of /checkout: delivery (a saved address, a new one saved on the way, or
 * pickup at the showroom or the warehouse), billing (fiscal name and NIF of a billing address,
 * the default one preselected), payment (the methods the server offers; pay at pickup only with a
 * pickup), an optional purchase-order reference and notes, the totals for the chosen delivery,
 * and 'Confirmar encomenda'.
 *
 * Placing is `POST /api/checkout` with an Idempotency-Key kept across retries of the same
 * submission (a lost answer retried never makes a second order) and the total shown as
 * `expected_total`: a price changed since the page was rendered comes back as 409 with the new
 * total, the page reloads its lines and the customer confirms again.
 */
export function CheckoutForm({
  addresses: initialAddresses,
  places,
  payments,
  goods,
  unavailable,
  customerName,
  billingDefaults,
  quoteId,
  children,
}: {
  addresses: SavedAddress[];
  places: { showroom: AddressSnapshot; warehouse: AddressSnapshot };
  payments: CheckoutPaymentOption[];
  goods: CheckoutGoods;
  unavailable: string[];
  customerName: string;
  /** A new billing address starts from these (a professional's company: fiscal name, NIF, address). */
  billingDefaults?: NewAddressDefaults;
  /** Accepting this quote instead of ordering the cart: `POST /api/quotes/{id}/accept`. */
  quoteId?: number;
  /** The reviewed lines (rendered on the server). */
  children: React.ReactNode;
}) {
  const t = useTranslations('Checkout');
  const router = useRouter();
  const { refresh } = useCart();
  const [addresses, setAddresses] = React.useState(initialAddresses);
  const defaultDelivery = addresses.find((a) => a.is_default_delivery) ?? addresses[0];
  const defaultBilling = addresses.find((a) => a.is_default_billing) ?? defaultDelivery;
  const [delivery, setDelivery] = React.useState<DeliveryChoice>(defaultDelivery ? `address:${defaultDelivery.id}` : 'new');
  const [billing, setBilling] = React.useState<number | 'new'>(defaultBilling ? defaultBilling.id : 'new');
  const [payment, setPayment] = React.useState<string>(payments.find((p) => !p.pickupOnly)?.id ?? payments[0]?.id ?? '');
  const [mbwayPhone, setMbwayPhone] = React.useState('');
  const [poReference, setPoReference] = React.useState('');
  const [notes, setNotes] = React.useState('');
  const [problem, setProblem] = React.useState<React.ReactNode>(null);
  const [fieldErrors, setFieldErrors] = React.useState<Record<string, string>>({});
  const [changedTotal, setChangedTotal] = React.useState<number | null>(null);
  const [busy, setBusy] = React.useState(false);
  const attempt = React.useRef<{ body: string; key: string } | null>(null);
  const alertRef = React.useRef<HTMLDivElement>(null);

  const isPickup = delivery.startsWith('pickup:');
  const shipping = isPickup ? 0 : goods.deliveryShipping;
  const total = roundCents(goods.gross + shipping);
  // Pay at pickup is not possible with a home delivery: the first other method stands in for it.
  const chosen = payments.find((p) => p.id === payment);
  const paymentOption = !isPickup && chosen?.pickupOnly ? payments.find((p) => !p.pickupOnly) : chosen;
  const paymentId = paymentOption?.id ?? '';
  const blocked = unavailable.length > 0;

  const showProblem = (message: React.ReactNode) => {
    setProblem(message);
    window.setTimeout(() => alertRef.current?.focus(), 0);
  };

  const place = async () => {
    setProblem(null);
    setFieldErrors({});
    if (delivery === 'new') {
      showProblem(t('errors.saveDeliveryAddress'));
      return;
    }
    if (billing === 'new') {
      showProblem(t('errors.saveBillingAddress'));
      return;
    }
    if (!paymentOption) {
      showProblem(t('errors.choosePayment'));
      return;
    }
    const body = JSON.stringify({
      delivery: delivery.startsWith('address:') ? { address_id: Number(delivery.slice('address:'.length)) } : { pickup: delivery.slice('pickup:'.length) },
      billing_address_id: billing,
      payment_method: paymentId,
      ...(paymentId === 'mbway' ? { mbway_phone: mbwayPhone.trim() } : {}),
      po_reference: poReference.trim() || null,
      notes: notes.trim() || null,
      expected_total: total,
    });
    // The same submission keeps its key (a retry after a lost answer returns the same order).
    if (!attempt.current || attempt.current.body !== body) attempt.current = { body, key: newKey() };
    const { key } = attempt.current;
    setBusy(true);
    try {
      let res: Response;
      try {
        res = await fetch(quoteId ? `/api/quotes/${quoteId}/accept` : '/api/checkout', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': key },
          body,
        });
      } catch {
        showProblem(t('errors.offline'));
        return;
      }
      const answer = (await res.json().catch(() => null)) as ApiBody<PlacedOrder> | null;
      if (res.ok && answer?.success) {
        setChangedTotal(null);
        await refresh().catch(() => undefined);
        router.push(`/checkout/success?order=${answer.data.order_id}`);
        return;
      }
      const error = answer && !answer.success ? answer : null;
      const newTotals = (error?.data as { totals?: NewTotals } | undefined)?.totals;
      if (res.status === 409 && newTotals) {
        setChangedTotal(newTotals.total);
        attempt.current = null;
        showProblem(t('errors.priceChanged', { total: formatPrice(newTotals.total) }));
        router.refresh();
        return;
      }
      const details = error?.error.details ?? {};
      const mapped: Record<string, string> = {};
      for (const [name, messages] of Object.entries(details)) if (messages[0]) mapped[name] = messages[0];
      setFieldErrors(mapped);
      if (res.status === 401) {
        showProblem(t('errors.sessionEnded'));
        return;
      }
      showProblem(
        <>
          {error?.message || t('errors.failed')}
          {(res.status === 422 || res.status === 409) && (
            <>
              {' '}
              <Link href="/cart" className="font-semibold underline">
                {t('backToCart')}
              </Link>
            </>
          )}
        </>,
      );
    } finally {
      setBusy(false);
    }
  };

  const deliveryOption = (value: DeliveryChoice, title: string, detail: string, extra?: string) => (
    <label
      key={value}
      className={cn(
        'flex cursor-pointer gap-3 rounded-lg border bg-white p-4 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-sky-500/50',
        delivery === value ? 'border-sky-600 ring-1 ring-sky-600' : 'border-slate-200 hover:border-slate-300',
      )}
    >
      <input
        type="radio"
        name="delivery"
        value={value}
        checked={delivery === value}
        onChange={() => setDelivery(value)}
        className="mt-1 size-4 accent-sky-700"
      />
      <span className="min-w-0">
        <span className="block font-semibold text-slate-900">{title}</span>
        <span className="block text-sm text-slate-600">{detail}</span>
        {extra && <span className="mt-1 block text-sm font-medium text-emerald-800">{extra}</span>}
      </span>
    </label>
  );

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <form
        noValidate
        aria-label={t('formLabel')}
        className="space-y-8"
        onSubmit={(e) => {
          e.preventDefault();
          void place();
        }}
      >
        <CheckoutStep id="checkout-delivery" title={t('delivery.title')}>
          <fieldset className="space-y-3">
            <legend className="sr-only">{t('delivery.legend')}</legend>
            {addresses.map((a) =>
              deliveryOption(
                `address:${a.id}`,
                `${t('delivery.to')} ${a.label}`,
                `${a.name} — ${addressLine(a)}`,
                goods.deliveryShipping === 0 ? t('delivery.freeShipping') : t('delivery.shipping', { amount: formatPrice(goods.deliveryShipping) }),
              ),
            )}
            {deliveryOption('pickup:showroom', t('delivery.showroom'), addressLine(places.showroom), t('delivery.pickupFree'))}
            {deliveryOption('pickup:warehouse', t('delivery.warehouse'), addressLine(places.warehouse), t('delivery.pickupFree'))}
            {deliveryOption('new', t('delivery.new'), t('delivery.newHint'))}
          </fieldset>
          {delivery === 'new' && (
            <NewAddressForm
              purpose="delivery"
              defaultName={customerName}
              onSaved={(a) => {
                setAddresses((list) => [...list.map((x) => (a.is_default_delivery ? { ...x, is_default_delivery: false } : x)), a]);
                setDelivery(`address:${a.id}`);
                if (billing === 'new') setBilling(a.id);
              }}
              onCancel={addresses.length > 0 ? () => setDelivery(`address:${(defaultDelivery ?? addresses[0])!.id}`) : undefined}
            />
          )}
          {fieldErrors.delivery && <p className="text-sm text-red-700">{fieldErrors.delivery}</p>}
        </CheckoutStep>

        <CheckoutStep id="checkout-billing" title={t('billing.title')}>
          <p className="text-sm text-slate-600">{t('billing.hint')}</p>
          {addresses.length > 0 && (
            <div className="space-y-1.5">
              <Label htmlFor="checkout-billing-address">{t('billing.label')}</Label>
              <NativeSelect
                id="checkout-billing-address"
                value={String(billing)}
                onChange={(e) => setBilling(e.target.value === 'new' ? 'new' : Number(e.target.value))}
                aria-invalid={fieldErrors.billing_address_id ? true : undefined}
                aria-describedby={fieldErrors.billing_address_id ? 'checkout-billing-error' : undefined}
              >
                {addresses.map((a) => (
                  <option key={a.id} value={a.id}>
                    {`${a.label} — ${a.name}${a.nif ? ` (NIF ${a.nif})` : ''}`}
                  </option>
                ))}
                <option value="new">{t('billing.new')}</option>
              </NativeSelect>
              {fieldErrors.billing_address_id && (
                <p id="checkout-billing-error" className="text-sm text-red-700">
                  {fieldErrors.billing_address_id}
                </p>
              )}
            </div>
          )}
          {billing !== 'new' &&
            (() => {
              const a = addresses.find((x) => x.id === billing);
              if (!a) return null;
              return (
                <div className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700" data-testid="checkout-billing-summary">
                  <p className="font-semibold text-slate-900">{a.name}</p>
                  <p>{a.nif ? `NIF ${a.nif}` : t('billing.noNif')}</p>
                  <p>{addressLine(a)}</p>
                </div>
              );
            })()}
          {billing === 'new' && (
            <NewAddressForm
              purpose="billing"
              defaultName={billingDefaults?.name || customerName}
              defaults={billingDefaults}
              onSaved={(a) => {
                setAddresses((list) => [...list.map((x) => (a.is_default_billing ? { ...x, is_default_billing: false } : x)), a]);
                setBilling(a.id);
              }}
              onCancel={addresses.length > 0 ? () => setBilling((defaultBilling ?? addresses[0])!.id) : undefined}
            />
          )}
        </CheckoutStep>

        <CheckoutStep id="checkout-payment" title={t('payment.title')}>
          <fieldset className="space-y-3">
            <legend className="sr-only">{t('payment.legend')}</legend>
            {payments.map((p) => {
              const disabled = p.pickupOnly && !isPickup;
              return (
                <label
                  key={p.id}
                  className={cn(
                    'flex gap-3 rounded-lg border bg-white p-4 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-sky-500/50',
                    disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer',
                    paymentId === p.id && !disabled ? 'border-sky-600 ring-1 ring-sky-600' : 'border-slate-200',
                  )}
                >
                  <input
                    type="radio"
                    name="payment"
                    value={p.id}
                    checked={paymentId === p.id}
                    disabled={disabled}
                    onChange={() => setPayment(p.id)}
                    className="mt-1 size-4 accent-sky-700"
                  />
                  <span>
                    <span className="block font-semibold text-slate-900">{t(`payment.methods.${p.id}.title`)}</span>
                    <span className="block text-sm text-slate-600">
                      {disabled ? t('payment.pickupOnly') : t(`payment.methods.${p.id}.detail`)}
                    </span>
                  </span>
                </label>
              );
            })}
          </fieldset>
          {paymentId === 'mbway' && (
            <div className="space-y-1.5 sm:max-w-xs">
              <Label htmlFor="checkout-mbway-phone">{t('payment.mbwayPhone')}</Label>
              <Input
                id="checkout-mbway-phone"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                value={mbwayPhone}
                maxLength={20}
                placeholder="912 345 678"
                onChange={(e) => setMbwayPhone(e.target.value)}
                aria-invalid={fieldErrors.mbway_phone ? true : undefined}
                aria-describedby="checkout-mbway-phone-hint"
              />
              <p id="checkout-mbway-phone-hint" className={cn('text-xs', fieldErrors.mbway_phone ? 'text-red-700' : 'text-slate-600')}>
                {fieldErrors.mbway_phone ?? t('payment.mbwayPhoneHint')}
              </p>
            </div>
          )}
          {fieldErrors.payment_method && <p className="text-sm text-red-700">{fieldErrors.payment_method}</p>}
        </CheckoutStep>

        <CheckoutStep id="checkout-review" title={t('review.title')}>
          {children}
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor="checkout-po">{t('review.poReference')}</Label>
              <Input
                id="checkout-po"
                value={poReference}
                maxLength={60}
                onChange={(e) => setPoReference(e.target.value)}
                aria-describedby="checkout-po-hint"
                aria-invalid={fieldErrors.po_reference ? true : undefined}
              />
              <p id="checkout-po-hint" className="text-xs text-slate-600">
                {fieldErrors.po_reference ?? t('review.poReferenceHint')}
              </p>
            </div>
            <div className="space-y-1.5 sm:col-span-2">
              <Label htmlFor="checkout-notes">{t('review.notes')}</Label>
              <Textarea
                id="checkout-notes"
                value={notes}
                maxLength={1000}
                rows={3}
                onChange={(e) => setNotes(e.target.value)}
                aria-invalid={fieldErrors.notes ? true : undefined}
                aria-describedby="checkout-notes-hint"
              />
              <p id="checkout-notes-hint" className="text-xs text-slate-600">
                {fieldErrors.notes ?? t('review.notesHint')}
              </p>
            </div>
          </div>
        </CheckoutStep>

        <div className="lg:hidden">
          <Totals goods={goods} shipping={shipping} total={total} isPickup={isPickup} />
        </div>
        <div ref={alertRef} tabIndex={-1} className="outline-none">
          {problem && (
            <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800" data-testid="checkout-problem">
              {problem}
            </div>
          )}
        </div>
        {blocked && (
          <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            {t('errors.unavailable', { codes: unavailable.join(', ') })}{' '}
            <Link href="/cart" className="font-semibold underline">
              {t('backToCart')}
            </Link>
          </div>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
          <Link href={quoteId ? `/dashboard/quotes/${quoteId}` : '/cart'} className="font-medium text-sky-800 hover:underline">
            {quoteId ? t('backToQuote') : t('backToCart')}
          </Link>
          <Button type="submit" size="lg" disabled={busy || blocked} data-testid="place-order">
            {busy ? t('placing') : changedTotal !== null ? t('confirmNewTotal', { total: formatPrice(total) }) : t('place', { total: formatPrice(total) })}
          </Button>
        </div>
      </form>
      <aside aria-labelledby="checkout-summary" className="hidden h-fit space-y-4 rounded-xl border bg-white p-5 lg:sticky lg:top-28 lg:block">
        <h2 id="checkout-summary" className="text-lg font-bold text-slate-900">
          {t('summary')}
        </h2>
        <Totals goods={goods} shipping={shipping} total={total} isPickup={isPickup} />
      </aside>
    </div>
  );
}

function Totals({ goods, shipping, total, isPickup }: { goods: CheckoutGoods; shipping: number; total: number; isPickup: boolean }) {
  const t = useTranslations('Checkout.totals');
  return (
    <>
    <dl className="space-y-2 text-sm" data-testid="checkout-totals">
      <TotalRow label={t('goods')} value={formatPrice(goods.net)} testId="checkout-goods" />
      <TotalRow label={t('tax')} value={formatPrice(goods.tax)} testId="checkout-tax" />
      <TotalRow label={t('goodsWithTax')} value={formatPrice(goods.gross)} testId="checkout-goods-with-tax" />
      <TotalRow
        label={isPickup ? t('pickup') : t('shipping')}
        value={shipping === 0 ? t('free') : formatPrice(shipping)}
        testId="checkout-shipping"
      />
      <GrandTotalRow label={t('total')} value={formatPrice(total)} testId="checkout-total" />
    </dl>
    {/* Outside the list: a <dl> holds only its term/value groups (axe definition-list). */}
    <p className="mt-2 text-xs text-slate-600">{t('note')}</p>
    </>
  );
}

/** A step of the checkout page: a section named by its heading. */
function CheckoutStep({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
