/**
 * Order states and the transitions between them, shared by the server (the one
 * transition function, server/orders/status.ts) and the pages that show them.
 *
 *   pending_payment → confirmed → preparing → ready_for_pickup | shipped → completed
 *   cancelled from pending_payment, confirmed or preparing.
 */
export const ORDER_STATUSES = ['pending_payment', 'confirmed', 'preparing', 'ready_for_pickup', 'shipped', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending_payment: ['confirmed', 'cancelled'],
  confirmed: ['preparing', 'cancelled'],
  preparing: ['ready_for_pickup', 'shipped', 'cancelled'],
  ready_for_pickup: ['completed'],
  shipped: ['completed'],
  completed: [],
  cancelled: [],
};

export const DELIVERY_METHODS = ['delivery', 'pickup_showroom', 'pickup_warehouse'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/**
 * The moves an order of this delivery method may make from `from`: an order to be picked up is
 * never "shipped" (it becomes ready for pickup), an order to be delivered is never "ready for
 * pickup" (it is shipped). Without a method, every move of ORDER_TRANSITIONS.
 */
export function transitionsFor(from: OrderStatus, method?: DeliveryMethod | null): readonly OrderStatus[] {
  const all = ORDER_TRANSITIONS[from];
  if (!method) return all;
  const wrong: OrderStatus = method === 'delivery' ? 'ready_for_pickup' : 'shipped';
  return all.filter((s) => s !== wrong);
}

export function canTransition(from: OrderStatus, to: OrderStatus, method?: DeliveryMethod | null): boolean {
  return transitionsFor(from, method).includes(to);
}

export const PAYMENT_METHODS = ['bank_transfer', 'pay_at_pickup', 'multibanco', 'mbway'] as const;
export type PaymentMethodId = (typeof PAYMENT_METHODS)[number];

/** Methods paid through the payment provider (server/payments/ifthenpay): offered only when configured. */
export const PROVIDER_PAYMENT_METHODS = ['multibanco', 'mbway'] as const satisfies readonly PaymentMethodId[];

/** `EN-2026-000123`: the readable number of the `seq`-th order of `year`. */
export function orderNumber(year: number, seq: number): string {
  return `EN-${year}-${String(seq).padStart(6, '0')}`;
}

export const ORDER_NUMBER_PATTERN = /^EN-\d{4}-\d{6,}$/;
