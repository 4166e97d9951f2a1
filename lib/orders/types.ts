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

/**
 * One line of an order as the API answers it and the pages show it (`GET /api/orders/{id}`, the
 * order's page and its lines table): the model and package as they were when the order was
 * placed, the quantities, and the prices in euros — `base_unit_price` the customer's list price,
 * `unit_price` after `discount_percentage`, both without IVA; `total_price` = units × unit price,
 * `tax` its IVA at `tax_rate` %. A quote's lines are this shape with prices that wait for staff's
 * answer (QuoteLineView, lib/quotes/types.ts).
 */
export interface OrderLineView {
  position: number;
  /** Null once the model has left the catalogue (the snapshot stays). */
  model_id: number | null;
  model_code: string;
  product_code: string;
  product_name: string;
  model_name: string;
  size: string | null;
  package_type: string;
  items_per_package: number;
  packages: number;
  units: number;
  base_unit_price: number;
  discount_percentage: number;
  unit_price: number;
  tax_rate: number;
  total_price: number;
  tax: number;
  total_price_with_tax: number;
}
