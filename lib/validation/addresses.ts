/**
 * The address form of /dashboard/addresses: the checkout's own address schema
 * (lib/validation/orders.ts `addressBody`, shared with the API), its messages turned into full keys
 * of messages/pt-PT.json (`Orders.validation.postalCodeInvalid`) so that the form (useMessageText)
 * and the server action (validatedAction) read them like every other form's.
 */
import { z } from 'zod';
import { DB_INT_MAX } from './ids';
import { addressBody, type AddressInput } from './orders';

export const ADDRESS_MESSAGES = 'Orders.validation';

/** `schema` with each issue's message prefixed by `namespace` (its paths kept). */
export function withMessageNamespace<S extends z.ZodType>(schema: S, namespace: string): z.ZodType<z.output<S>, z.input<S>> {
  return z.any().transform(async (value, ctx) => {
    const parsed = await schema.safeParseAsync(value);
    if (parsed.success) return parsed.data as z.output<S>;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: `${namespace}.${issue.message}`, path: issue.path });
    return z.NEVER;
  }) as unknown as z.ZodType<z.output<S>, z.input<S>>;
}

const addressId = z.number('invalid').int('invalid').min(1, 'invalid').max(DB_INT_MAX, 'invalid');

/** A new address, as the form sends it. */
export const addressFormSchema = withMessageNamespace(addressBody, ADDRESS_MESSAGES);

/** An edited address: its id and every field again. */
export const addressUpdateSchema = withMessageNamespace(addressBody.extend({ id: addressId }), ADDRESS_MESSAGES);

/** Deleting one address. */
export const addressIdSchema = withMessageNamespace(z.object({ id: addressId }), ADDRESS_MESSAGES);

/** Making an address the default for delivery or billing. */
export const addressDefaultSchema = withMessageNamespace(z.object({ id: addressId, kind: z.enum(['delivery', 'billing'], 'invalid') }), ADDRESS_MESSAGES);

/** What the form holds (strings for the text boxes, booleans for the two defaults). */
export interface AddressFormValues {
  label: string;
  name: string;
  nif: string;
  line1: string;
  line2: string;
  postal_code: string;
  locality: string;
  country: 'PT';
  phone: string;
  is_default_delivery: boolean;
  is_default_billing: boolean;
}

/** An address as the pages hold it (a saved address, an order's snapshot): any of the form's fields. */
export type AddressLike = Partial<Omit<AddressInput, 'country'>> & { country?: string | null };

/** The form's values for an address (empty for a new one). */
export function addressFormValues(address?: AddressLike | null): AddressFormValues {
  return {
    label: address?.label ?? '',
    name: address?.name ?? '',
    nif: address?.nif ?? '',
    line1: address?.line1 ?? '',
    line2: address?.line2 ?? '',
    postal_code: address?.postal_code ?? '',
    locality: address?.locality ?? '',
    country: 'PT',
    phone: address?.phone ?? '',
    is_default_delivery: address?.is_default_delivery ?? false,
    is_default_billing: address?.is_default_billing ?? false,
  };
}
