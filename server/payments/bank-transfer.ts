import 'server-only';
import { env } from '@/lib/env';
import type { PaymentMethod } from './index';

/**
 * Bank transfer: the customer transfers the total to the shop's IBAN (SHOP_IBAN) with the order
 * number as reference; the order waits in `pending_payment` until staff see the money arrive.
 */
export const bankTransfer: PaymentMethod = {
  id: 'bank_transfer',
  accepts: () => true,
  enabled: () => true,
  initialStatus: 'pending_payment',
  instructions: ({ orderNumber, totalCents, shopLegalName }) => ({
    method: 'bank_transfer',
    iban: env().SHOP_IBAN,
    beneficiary: shopLegalName,
    reference: orderNumber,
    amount: totalCents / 100,
  }),
};
