/**
 * A quote as the API answers it and the pages show it. Types only, safe in client and
 * server components; server/quotes builds them.
 */
import type { OrderLineView } from '@/lib/orders/types';
import type { QuoteStatus } from './status';

/** The prices of a line that a quote has only once staff answer it (and without a discount: staff price each line net). */
type AnsweredPrice = 'unit_price' | 'total_price' | 'tax' | 'total_price_with_tax';

/** A quote's line: an order line (OrderLineView) whose prices are null until staff answer. */
export type QuoteLineView = Omit<OrderLineView, AnsweredPrice | 'base_unit_price' | 'discount_percentage'> & {
  /** The customer's own net price when requested (staff and the customer only; null for guests). */
  list_unit_price: number | null;
  /** Staff's net unit price, null until answered; the totals likewise. */
  unit_price: number | null;
  total_price: number | null;
  tax: number | null;
  total_price_with_tax: number | null;
};

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
