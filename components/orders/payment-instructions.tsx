import { getTranslations } from 'next-intl/server';
import { formatPrice } from '@/lib/format';
import { formatIban, formatOrderDateTime } from '@/lib/orders/format';
import { cn } from '@/lib/utils';

/** What a payment method stored with the order (server/payments `instructions`): `method` and its fields. */
export type PaymentInstructionsData = Readonly<Record<string, unknown>>;

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : null);
const num = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

/** `2026-12-31` (a day, no time zone) → `31/12/2026`; a full timestamp in Lisbon time. */
function formatDeadline(value: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return day ? `${day[3]}/${day[2]}/${day[1]}` : formatOrderDateTime(value);
}

/**
 * How to pay an order, from the payment data stored with it (server/payments `instructions`, kept
 * up to date by the provider's adapter):
 * - `bank_transfer`: IBAN, beneficiary, reference (the order number) and amount;
 * - `multibanco`: entity, reference, amount and the last day (`expires_on`, or `expires_at`); while
 *   the provider is asked (`status: 'requesting'`) a 'being generated' note, and a 'contact us'
 *   note when it failed;
 * - `mbway`: the (masked) phone the request went to and the amount, with the same two notes;
 * - `pay_at_pickup`: the amount to pay when collecting;
 * - any method with `status: 'paid'`: the payment received.
 * Unknown methods, or data missing its essential field, render nothing. Async server component;
 * the checkout success page reuses it.
 */
export async function PaymentInstructions({
  payment: paymentProp,
  order,
  className,
  headingLevel = 2,
  heading = true,
}: {
  /** The order's `payment` (GET /api/orders/{id}, the checkout's answer). */
  payment?: PaymentInstructionsData | null;
  /** Or the order itself (its `payment` is read). */
  order?: { payment: PaymentInstructionsData | null } | null;
  className?: string;
  headingLevel?: 2 | 3;
  /** False when the page gives the block its own heading. */
  heading?: boolean;
}) {
  const t = await getTranslations('Orders.instructions');
  const payment = paymentProp ?? order?.payment;
  if (!payment) return null;
  const method = str(payment.method);
  const amount = num(payment.amount);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const frame = (intro: string, rows: [label: string, value: string | null, testId: string, mono?: boolean][], state?: 'pending' | 'failed') => (
    <section
      aria-labelledby={heading ? 'payment-instructions-title' : undefined}
      aria-label={heading ? undefined : t('title')}
      className={cn('rounded-lg border border-amber-300 bg-amber-50 p-5', className)}
      data-testid="payment-instructions"
      data-method={method ?? undefined}
      data-state={state}
    >
      {heading && (
        <Heading id="payment-instructions-title" className="mb-1 text-lg font-semibold text-slate-900">
          {t('title')}
        </Heading>
      )}
      <p className="text-sm text-slate-700">{intro}</p>
      {rows.some(([, v]) => v) && (
        <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {rows
            .filter(([, v]) => v)
            .map(([label, value, testId, mono]) => (
              <div key={testId}>
                <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
                <dd className={cn('mt-0.5 text-base font-semibold text-slate-900 select-all', mono && 'font-mono')} data-testid={testId}>
                  {value}
                </dd>
              </div>
            ))}
        </dl>
      )}
    </section>
  );

  const money = amount === null ? '' : formatPrice(amount);
  const status = str(payment.status);
  if (status === 'paid' && amount !== null) return frame(t('paid', { amount: money }), []);

  switch (method) {
    case 'bank_transfer': {
      const iban = str(payment.iban);
      if (!iban) return null;
      return frame(t('bankTransferIntro'), [
        [t('iban'), formatIban(iban), 'payment-iban', true],
        [t('beneficiary'), str(payment.beneficiary), 'payment-beneficiary'],
        [t('reference'), str(payment.reference), 'payment-reference', true],
        [t('amount'), amount === null ? null : money, 'payment-amount'],
      ]);
    }
    case 'multibanco': {
      const entity = str(payment.entity);
      const reference = str(payment.reference);
      if (status === 'failed' && amount !== null) return frame(t('multibancoFailed', { amount: money }), [], 'failed');
      if (!entity || !reference) return status === 'requesting' && amount !== null ? frame(t('multibancoPending', { amount: money }), [], 'pending') : null;
      const expires = str(payment.expires_on) ?? str(payment.expires_at);
      return frame(t('multibancoIntro'), [
        [t('entity'), entity, 'payment-entity', true],
        [t('reference'), reference.replace(/\s+/g, '').replace(/(\d{3})(?=\d)/g, '$1 '), 'payment-reference', true],
        [t('amount'), amount === null ? null : money, 'payment-amount'],
        [t('expiresAt'), expires ? formatDeadline(expires) : null, 'payment-expires'],
      ]);
    }
    case 'mbway': {
      const phone = str(payment.phone);
      if (amount === null) return null;
      if (status === 'failed') return frame(t('mbwayFailed', { amount: money }), [], 'failed');
      if (status === 'requesting') return frame(t('mbwayPending', { amount: money, phone: phone ?? '' }), [], 'pending');
      return frame(t('mbwayIntro'), [
        [t('phone'), phone, 'payment-phone', true],
        [t('amount'), money, 'payment-amount'],
      ]);
    }
    case 'pay_at_pickup':
      if (amount === null) return null;
      return frame(t('payAtPickup', { amount: money }), []);
    default:
      return null;
  }
}
