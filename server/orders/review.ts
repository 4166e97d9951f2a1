import 'server-only';
import { cartSummary, type CartSummary } from '@/lib/cart/summary';
import type { CartItem } from '@/lib/cart/types';
import { getOrCreateUserCart } from '@/server/cart/identity';
import { listCartItems } from '@/server/cart/read';

/**
 * What the checkout page shows before placing ("Review and place"): the customer's cart
 * lines priced by the pricing module at this moment, and the totals with home delivery (7 € below
 * 350 € of goods with IVA, the rule of lib/cart/summary.ts) — a pickup ships nothing. Placing
 * prices the lines again in its own transaction and refuses when the total the customer saw
 * (`expected_total`) is no longer today's.
 */
export interface CheckoutReview {
  lines: CartItem[];
  /** Totals with home delivery. */
  summary: CartSummary;
  /** Model codes of lines that can no longer be bought (placing is refused until they go). */
  unavailable: string[];
}

export async function checkoutReview(userId: string): Promise<CheckoutReview> {
  const cartId = await getOrCreateUserCart(userId);
  const lines = await listCartItems(cartId, { userId });
  const unavailable = lines
    .filter((l) => !l.product?.active || l.total_price === null)
    .map((l) => l.product?.code ?? String(l.product_id));
  return { lines, summary: cartSummary(lines), unavailable };
}
