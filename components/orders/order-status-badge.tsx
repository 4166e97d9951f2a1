import { getTranslations } from 'next-intl/server';
import type { OrderStatus } from '@/lib/orders/status';
import { cn } from '@/lib/utils';

/** Colours of the states: waiting (amber), under way (sky, indigo), ready or sent (violet), done (green), cancelled (grey). */
export const ORDER_STATUS_TONES: Record<OrderStatus, string> = {
  pending_payment: 'bg-amber-100 text-amber-900 ring-amber-300',
  confirmed: 'bg-sky-100 text-sky-900 ring-sky-300',
  preparing: 'bg-indigo-100 text-indigo-900 ring-indigo-300',
  ready_for_pickup: 'bg-violet-100 text-violet-900 ring-violet-300',
  shipped: 'bg-violet-100 text-violet-900 ring-violet-300',
  completed: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  cancelled: 'bg-slate-100 text-slate-700 ring-slate-300',
};

/** An order's state as a badge with its Portuguese label (Orders.status.*). Async server component. */
export async function OrderStatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  const t = await getTranslations('Orders.status');
  return (
    <span
      data-testid="order-status"
      data-status={status}
      className={cn('inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', ORDER_STATUS_TONES[status], className)}
    >
      {t(status)}
    </span>
  );
}
