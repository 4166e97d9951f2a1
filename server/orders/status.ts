import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { canTransition, type DeliveryMethod, type OrderStatus } from '@/lib/orders/status';
import { AppError } from '@/server/errors';
import { getDb, type DbOrTx } from '@/server/db/client';
import { orderEvents, orders } from '@/server/db/schema';
import { serverTranslator } from '@/server/i18n';

const text = serverTranslator('Orders');

/**
 * The one way an order changes status (lib/orders/status.ts lists the allowed moves, by delivery
 * method: a pickup order is never shipped, a delivered one never ready for pickup): locks the
 * order row, refuses any other move with 409, writes the new status and the history event
 * (from, to, actor, note, time) in one transaction (the caller's, when given).
 */
export async function transitionOrder(
  orderId: number,
  to: OrderStatus,
  by: { actor: string; note?: string | null },
  db?: DbOrTx,
): Promise<{ from: OrderStatus; to: OrderStatus }> {
  const conn = db ?? (await getDb());
  return conn.transaction(async (tx) => {
    const locked = (await tx.execute(sql`select status, delivery_method from orders where id = ${orderId} for update`)) as unknown as { rows: { status: OrderStatus; delivery_method: DeliveryMethod }[] };
    const from = locked.rows[0]?.status;
    if (!from) throw new AppError({ code: 'not_found', key: 'Orders.orderNotFound' });
    if (!canTransition(from, to, locked.rows[0]?.delivery_method)) {
      throw new AppError({ code: 'conflict', key: 'Orders.transitionRefused', values: { from: text(`status.${from}`), to: text(`status.${to}`) } });
    }
    const now = new Date();
    await tx.update(orders).set({ status: to, updatedAt: now }).where(eq(orders.id, orderId));
    await tx.insert(orderEvents).values({ orderId, fromStatus: from, toStatus: to, actor: by.actor, note: by.note ?? null, createdAt: now });
    return { from, to };
  });
}
