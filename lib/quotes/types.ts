/**
 * A quote as the API answers it and the pages show it. Types only, safe in client and
 * server components; server/quotes builds them and re-exports them.
 */
import type { QuoteStatus } from './status';

export interface QuoteLineView {
  position: number;
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
  tax_rate: number;
  /** The customer's own net price when requested (staff and the customer only; null for guests). */
  list_unit_price: number | null;
  /** Staff's net unit price, null until answered. */
  unit_price: number | null;
  total_price: number | null;
  tax: number | null;
  total_price_with_tax: number | null;
}

export interface QuoteTotals {
  subtotal: number;
  tax: number;
  shipping: number;
  total: number;
}

export interface QuoteSummary {
  id: number;
  number: string;
  status: QuoteStatus;
  created_at: string;
  valid_until: string | null;
  lines_count: number;
  totals: QuoteTotals | null;
  order_id: number | null;
  /** Who asked (the staff list's "cliente" column): the contact's name, company, and whether it is a customer's. */
  contact_name: string;
  company: string | null;
  has_account: boolean;
}

export interface QuoteDetail extends QuoteSummary {
  version: number;
  contact: {
    name: string;
    email: string;
    phone: string | null;
    company: string | null;
    nif: string | null;
  };
  message: string | null;
  answered_at: string | null;
  lines: QuoteLineView[];
  messages: {
    id: number;
    author: 'customer' | 'staff';
    line_position: number | null;
    body: string;
    at: string;
  }[];
  history: {
    from: QuoteStatus | null;
    to: QuoteStatus;
    actor: string;
    note: string | null;
    at: string;
  }[];
}
