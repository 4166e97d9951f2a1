import 'server-only';
import type { PaymentMethod } from './index';

/** Pay at pickup: only with a pickup at the showroom or the warehouse; the order is confirmed at once. */
export const payAtPickup: PaymentMethod = {
  id: 'pay_at_pickup',
  accepts: (delivery) => delivery === 'pickup_showroom' || delivery === 'pickup_warehouse',
  enabled: () => true,
  initialStatus: 'confirmed',
  instructions: ({ totalCents, delivery }) => ({
    method: 'pay_at_pickup',
    amount: totalCents / 100,
    place: delivery === 'pickup_warehouse' ? 'warehouse' : 'showroom',
  }),
};
