import 'server-only';
import type { DeliveryMethod, OrderStatus, PaymentMethodId } from '@/lib/orders/status';
import type { PaymentData } from '@/server/db/schema';
import { bankTransfer } from './bank-transfer';
import { payAtPickup } from './pay-at-pickup';

/**
 * Payment methods (issue 11), each a module behind this interface. A method says whether it
 * accepts the order's delivery, which status a new order starts in, and what the customer is told
 * (stored with the order as `payment_data`, shown on success, in the order and in the mail).
 * Provider-backed methods (Multibanco, MB WAY) come later as further modules.
 */
export interface PaymentContext {
  orderNumber: string;
  totalCents: number;
  delivery: DeliveryMethod;
  shopLegalName: string;
}

export interface PaymentMethod {
  id: PaymentMethodId;
  /** False when the method cannot pay this delivery (pay at pickup needs a pickup). */
  accepts(delivery: DeliveryMethod): boolean;
  /** Status of a new order paid this way. */
  initialStatus: OrderStatus;
  /** What the customer needs to pay (IBAN and reference…), stored with the order. */
  instructions(context: PaymentContext): PaymentData;
}

const METHODS: Record<PaymentMethodId, PaymentMethod> = {
  bank_transfer: bankTransfer,
  pay_at_pickup: payAtPickup,
};

export function paymentMethod(id: PaymentMethodId): PaymentMethod {
  return METHODS[id];
}
