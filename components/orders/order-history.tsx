import { getTranslations } from 'next-intl/server';
import type { OrderStatus } from '@/lib/orders/status';
import { formatOrderDateTime } from '@/lib/orders/format';
import { OrderStatusBadge } from './order-status-badge';

export interface OrderHistoryEntry {
  from: OrderStatus | null;
  to: OrderStatus;
  actor: string;
  at: string;
}

/**
 * Who an actor of the history is, for the customer: themselves, the shop's staff (another user),
 * the payment (`payment:<method>`) or the system. Staff user ids are never shown.
 */
export function actorKind(actor: string, viewerId?: string | null): 'actorYou' | 'actorCustomer' | 'actorStaff' | 'actorPayment' | 'actorSystem' {
  if (actor.startsWith('user:')) {
    const id = actor.slice('user:'.length);
    if (viewerId) return id === viewerId ? 'actorYou' : 'actorStaff';
    return 'actorCustomer';
  }
  if (actor.startsWith('payment')) return 'actorPayment';
  if (actor.startsWith('staff') || actor.startsWith('admin')) return 'actorStaff';
  return 'actorSystem';
}

/** The order's history, oldest first: time (Lisbon), from → to, and who. Async server component. */
export async function OrderHistory({ history, viewerId }: { history: readonly OrderHistoryEntry[]; viewerId?: string | null }) {
  const t = await getTranslations('Orders.history');
  return (
    <ol className="space-y-3" aria-label={t('caption')} data-testid="order-history">
      {history.map((event, i) => (
        <li key={`${event.at}-${i}`} className="flex flex-col gap-1 rounded-md border border-slate-200 bg-white p-3 text-sm sm:flex-row sm:items-center sm:gap-4" data-testid="order-history-entry">
          <time dateTime={event.at} className="shrink-0 tabular-nums text-slate-600 sm:w-36">
            {formatOrderDateTime(event.at)}
          </time>
          <span className="flex flex-wrap items-center gap-2">
            {event.from ? (
              <>
                <OrderStatusBadge status={event.from} />
                <span aria-hidden>→</span>
                <span className="sr-only">{t('to')}</span>
              </>
            ) : (
              <span className="font-medium text-slate-900">{t('placed')}:</span>
            )}
            <OrderStatusBadge status={event.to} />
          </span>
          <span className="text-slate-600 sm:ml-auto">
            {t('actor')}: <span className="font-medium text-slate-800">{t(actorKind(event.actor, viewerId))}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
