import 'server-only';
import type { PaymentMethod } from '../index';
import { mbwayEnabled, multibancoEnabled } from './config';
import { initialPaymentData, preparePaymentRequest, requestAfterPlacement } from './request';

/**
 * Multibanco reference: after the order is placed (`pending_payment`), ifthenpay issues an
 * entity/reference for the exact total; the customer pays at an ATM or in home banking and
 * ifthenpay's callback confirms the order (app/api/payments/ifthenpay/callback).
 */
export const multibanco: PaymentMethod = {
  id: 'multibanco',
  accepts: () => true,
  enabled: () => multibancoEnabled(),
  initialStatus: 'pending_payment',
  instructions: ({ totalCents }) => initialPaymentData('multibanco', totalCents, null),
  provider: {
    prepare: (tx, order) => preparePaymentRequest(tx, { ...order, method: 'multibanco' }),
    request: requestAfterPlacement,
  },
};

/**
 * MB WAY: after the order is placed, ifthenpay sends a payment request to the customer's phone
 * (given at checkout); the customer approves it in the MB WAY app within minutes and ifthenpay's
 * callback confirms the order (its status asked back from ifthenpay when the callback has none).
 */
export const mbway: PaymentMethod = {
  id: 'mbway',
  accepts: () => true,
  enabled: () => mbwayEnabled(),
  initialStatus: 'pending_payment',
  instructions: ({ totalCents, mbwayPhone }) => initialPaymentData('mbway', totalCents, mbwayPhone ?? null),
  provider: {
    prepare: (tx, order) => preparePaymentRequest(tx, { ...order, method: 'mbway' }),
    request: requestAfterPlacement,
  },
};
