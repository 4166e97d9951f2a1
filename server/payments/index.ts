import 'server-only';
import type { DeliveryMethod, OrderStatus, PaymentMethodId } from '@/lib/orders/status';
import type { Tx } from '@/server/db/client';
import type { PaymentData } from '@/server/db/schema';
import { bankTransfer } from './bank-transfer';
import { mbway, multibanco } from './ifthenpay/methods';
import { payAtPickup } from './pay-at-pickup';

/**
 * Payment methods, each a module behind this interface. A method says whether it
 * accepts the order's delivery, whether the shop offers it now (provider methods: only with their
 * credentials configured), which status a new order starts in, and what the customer is told
 * (stored with the order as `payment_data`, shown on success, in the order and in the mail).
 * Methods paid through a provider (Multibanco and MB WAY with ifthenpay) add a `provider` step:
 * a row and a retried job written in the placement transaction, and the provider asked right
 * after the commit — never inside the transaction.
 */
export interface PaymentContext {
  orderNumber: string;
  totalCents: number;
  delivery: DeliveryMethod;
  shopLegalName: string;
  /** MB WAY: the customer's mobile (9 digits), from the checkout. */
  mbwayPhone?: string | null;
}

export interface ProviderStep {
  /** In the placement transaction: what asking the provider needs (a row, a retried job). */
  prepare(tx: Tx, order: { orderId: number; totalCents: number; mbwayPhone: string | null }): Promise<void>;
  /**
   * After the commit: asks the provider now (reference, MB WAY request). Never throws — a failure
   * is left to the job. Answers the order's payment data as it now is (null: unchanged).
   */
  request(orderId: number): Promise<PaymentData | null>;
}

export interface PaymentMethod {
  id: PaymentMethodId;
  /** False when the method cannot pay this delivery (pay at pickup needs a pickup). */
  accepts(delivery: DeliveryMethod): boolean;
  /** False when the shop cannot take this method now (a provider method without its credentials). */
  enabled(): boolean;
  /** Status of a new order paid this way. */
  initialStatus: OrderStatus;
  /** What the customer needs to pay (IBAN and reference…), stored with the order. */
  instructions(context: PaymentContext): PaymentData;
  /** Methods paid through a provider: the steps around the placement. */
  provider?: ProviderStep;
}

const METHODS: Record<PaymentMethodId, PaymentMethod> = {
  bank_transfer: bankTransfer,
  pay_at_pickup: payAtPickup,
  multibanco,
  mbway,
};

export function paymentMethod(id: PaymentMethodId): PaymentMethod {
  return METHODS[id];
}

/** The methods a customer can choose for this delivery now, in the order the checkout lists them. */
export function availablePaymentMethods(delivery: DeliveryMethod): PaymentMethodId[] {
  return Object.values(METHODS)
    .filter((m) => m.enabled() && m.accepts(delivery))
    .map((m) => m.id);
}

export { paymentInstructionsPending } from './ifthenpay/request';
