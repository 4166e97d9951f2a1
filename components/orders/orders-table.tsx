import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { formatPrice } from '@/lib/format';
import type { DeliveryMethod, OrderStatus } from '@/lib/orders/status';
import { formatOrderDate } from '@/lib/orders/format';
import { cn } from '@/lib/utils';
import { OrderStatusBadge } from './order-status-badge';
import { ColumnHeaders, right } from '@/components/ui/table';

/** What a row needs of an order (server/orders OrderSummary). */
export interface OrderRowValue {
  id: number;
  number: string;
  status: OrderStatus;
  placed_at: string;
  delivery_method: DeliveryMethod;
  totals: { total: number };
}

/** The path of an order's page in the account area. */
export const orderPath = (id: number) => `/dashboard/orders/${id}`;

/**
 * The customer's orders: number (the link), date, state, delivery and total. A table from the
 * small breakpoint up; on a phone each row stacks. `compact` leaves the delivery out (the
 * summary of /dashboard). Async server component.
 */
export async function OrdersTable({ orders, caption, compact = false, className }: { orders: readonly OrderRowValue[]; caption: string; compact?: boolean; className?: string }) {
  const t = await getTranslations('Orders');
  return (
    <div className={cn('overflow-x-auto rounded-lg border border-slate-200 bg-white', className)}>
      <table className="w-full text-left text-sm" data-testid="orders-table">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <ColumnHeaders
            cellClassName="px-4 py-2 font-semibold"
            columns={[t('page.number'), t('page.date'), t('page.status'), !compact && { label: t('page.delivery'), className: 'hidden md:table-cell' }, right(t('page.total'))]}
          />
        </thead>
        <tbody className="divide-y divide-slate-200">
          {orders.map((order) => (
            <tr key={order.id} data-testid="order-row" data-order-number={order.number} className="hover:bg-slate-50">
              <th scope="row" className="px-4 py-3 font-mono font-medium whitespace-nowrap">
                <Link href={orderPath(order.id)} className="text-sky-800 underline-offset-4 hover:underline" aria-label={t('page.viewLabel', { number: order.number })}>
                  {order.number}
                </Link>
              </th>
              <td className="px-4 py-3 tabular-nums whitespace-nowrap">
                <time dateTime={order.placed_at}>{formatOrderDate(order.placed_at)}</time>
              </td>
              <td className="px-4 py-3">
                <OrderStatusBadge status={order.status} />
              </td>
              {!compact && <td className="hidden px-4 py-3 text-slate-700 md:table-cell">{t(`delivery.${order.delivery_method}`)}</td>}
              <td className="px-4 py-3 text-right font-medium tabular-nums whitespace-nowrap text-slate-900">{formatPrice(order.totals.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
