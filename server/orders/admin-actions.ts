'use server';
import 'server-only';
import { revalidatePath } from 'next/cache';
import type { z } from 'zod';
import type { Viewer } from '@/lib/auth/viewer';
import type { MessageKey, MessageRef } from '@/lib/errors';
import { orderAdvanceSchema, orderCancelSchema, orderMarkPaidSchema } from '@/lib/validation/admin-orders';
import { validatedAction } from '@/server/actions/validated-action';
import { advanceStaffOrder, cancelStaffOrder, markTransferPaid } from './admin';

/** Staff actions of /admin/orders/{id} (`manage_orders`); each is audited in server/orders/admin.ts. */

function refresh(orderId: number) {
  try {
    revalidatePath(`/admin/orders/${orderId}`);
    revalidatePath('/admin/orders');
  } catch {
    // Outside a request (tests): nothing to refresh.
  }
}

/** A staff change of one order: the change, the order's admin pages read again, the message shown. */
function orderAction<S extends z.ZodType<{ orderId: number }>>(schema: S, change: (data: z.infer<S>, viewer: Viewer) => Promise<unknown>, message: MessageKey) {
  return validatedAction({ schema, session: 'required', permission: 'manage_orders' }, async (data, { viewer }): Promise<MessageRef> => {
    await change(data, viewer);
    refresh(data.orderId);
    return { message };
  });
}

export const advanceOrderAction = orderAction(orderAdvanceSchema, ({ orderId, to }, viewer) => advanceStaffOrder(orderId, to, viewer), 'Admin.Orders.done.advanced');

export const cancelOrderAction = orderAction(orderCancelSchema, ({ orderId, reason }, viewer) => cancelStaffOrder(orderId, reason, viewer), 'Admin.Orders.done.cancelled');

export const markOrderPaidAction = orderAction(orderMarkPaidSchema, ({ orderId }, viewer) => markTransferPaid(orderId, viewer), 'Admin.Orders.done.paid');
