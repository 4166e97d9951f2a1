/**
 * Inputs of checkout and addresses, shared by the route handlers and the forms.
 * Messages are keys of the `Orders.validation` namespace of messages/pt-PT.json.
 */
import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_METHODS } from '@/lib/orders/status';
import { DB_INT_MAX } from './ids';
import { optionalText, pagedListQuery } from './fields';
import { optionalNif } from './nif';

export const POSTAL_CODE_PT = /^\d{4}-\d{3}$/;

const trimmed = (max: number, message: string, min = 1) => z.string(message).trim().min(min, message).max(max, message);

/** An address as the customer types it; the NIF is normalised (no 'PT', no spaces). */
export const addressBody = z
  .object({
    label: trimmed(60, 'labelRequired'),
    name: trimmed(160, 'nameRequired'),
    nif: optionalNif('nifInvalid'),
    line1: trimmed(160, 'line1Required'),
    line2: optionalText(160, 'lineTooLong'),
    postal_code: z.string('postalCodeInvalid').trim().regex(POSTAL_CODE_PT, 'postalCodeInvalid'),
    locality: trimmed(80, 'localityRequired'),
    country: z.literal('PT', 'countryInvalid').default('PT'),
    phone: z
      .string('phoneInvalid')
      .trim()
      .nullish()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || /^\+?[0-9 ]{9,20}$/.test(v), 'phoneInvalid'),
    is_default_delivery: z.boolean('invalid').default(false),
    is_default_billing: z.boolean('invalid').default(false),
  })
  .strip();
export type AddressInput = z.output<typeof addressBody>;

const id = z.number('invalid').int('invalid').min(1, 'invalid').max(DB_INT_MAX, 'invalid');

/**
 * A Portuguese mobile number for MB WAY: 9 digits starting with 91, 92, 93 or 96, with an
 * optional `+351`/`351`/`00351` prefix; spaces, dots and hyphens are ignored. Answers the 9 digits.
 */
export function normaliseMbwayPhone(value: string): string | null {
  const digits = value.replace(/[\s.-]/g, '').replace(/^(?:\+|00)?351(?=\d{9}$)/, '');
  return /^9[1236]\d{7}$/.test(digits) ? digits : null;
}

export const checkoutBody = z
  .object({
    delivery: z.union([z.object({ address_id: id }).strict(), z.object({ pickup: z.enum(['showroom', 'warehouse']) }).strict()], 'deliveryInvalid'),
    billing_address_id: id.nullish(),
    payment_method: z.enum(PAYMENT_METHODS, 'paymentInvalid'),
    po_reference: optionalText(60, 'poReferenceTooLong'),
    notes: optionalText(1000, 'notesTooLong'),
    /**
     * The total (euros, with IVA and shipping) the customer saw on the review page; placing is
     * refused with the new totals when today's total differs.
     */
    expected_total: z
      .number('expectedTotalInvalid')
      .min(0, 'expectedTotalInvalid')
      .max(100_000_000, 'expectedTotalInvalid')
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'expectedTotalInvalid')
      .nullish(),
    /** MB WAY only: the customer's mobile phone, where the payment request is sent. */
    mbway_phone: z.string('mbwayPhoneInvalid').max(40, 'mbwayPhoneInvalid').nullish(),
  })
  .strip()
  .superRefine((v, ctx) => {
    if (v.payment_method !== 'mbway') return;
    if (!v.mbway_phone || !v.mbway_phone.trim()) ctx.addIssue({ code: 'custom', path: ['mbway_phone'], message: 'mbwayPhoneRequired' });
    else if (!normaliseMbwayPhone(v.mbway_phone)) ctx.addIssue({ code: 'custom', path: ['mbway_phone'], message: 'mbwayPhoneInvalid' });
  })
  // The phone is kept (as its 9 digits) only for MB WAY; other methods drop it (undefined), so
  // the request hash of their bodies (the Idempotency-Key check) does not depend on the field.
  .transform(({ mbway_phone, ...rest }) => ({
    ...rest,
    mbway_phone: rest.payment_method === 'mbway' && mbway_phone ? (normaliseMbwayPhone(mbway_phone) ?? undefined) : undefined,
  }));
export type CheckoutInput = z.output<typeof checkoutBody>;

/** Idempotency-Key: 8 to 200 characters of a safe alphabet (UUIDs, ULIDs, hashes). */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,200}$/;

export const ordersQuery = pagedListQuery(ORDER_STATUSES);
