/**
 * Shapes of an order that the server stores and the pages show (types only, safe in client
 * components; server/db/schema re-exports them for its jsonb columns).
 */

/** The address as it was when the order was placed. */
export interface AddressSnapshot {
  label: string;
  name: string;
  nif: string | null;
  line1: string;
  line2: string | null;
  postal_code: string;
  locality: string;
  country: string;
  phone: string | null;
}

/** What the payment method tells the customer (bank transfer: IBAN and reference). */
export type PaymentData = Record<string, string | number | null>;
