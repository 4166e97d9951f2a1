import 'server-only';
import type { CheckoutInput } from '@/lib/validation/orders';
import { placeOrder } from '@/server/orders/place-order';
import { claimGuestQuotes } from './read';

/**
 * The customer accepts an answered quote: it becomes an order through the checkout, at the quoted
 * prices (and the quoted shipping for a home delivery). A guest's quote asked with this account's
 * e-mail joins the account first. The same `idempotencyKey` answers the same order (`replayed`);
 * a quote becomes at most one order; expired, declined or withdrawn quotes are refused (409).
 */
export async function acceptQuote(userId: string, quoteId: number, idempotencyKey: string, body: CheckoutInput) {
  await claimGuestQuotes(userId);
  return placeOrder(userId, idempotencyKey, body, { quoteId });
}
