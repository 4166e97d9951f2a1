import type { OrderDetail } from '@/server/orders/queries';

/** Placeholder until the dashboard branch lands (replaced at merge). */
export function PaymentInstructions({ order }: { order: OrderDetail }) {
  return <pre className="rounded-xl border bg-white p-4 text-sm">{JSON.stringify(order.payment, null, 2)}</pre>;
}
