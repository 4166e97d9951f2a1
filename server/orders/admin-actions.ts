'use server';
import 'server-only';
import { revalidatePath } from 'next/cache';
import type { MessageRef } from '@/lib/errors';
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

export const advanceOrderAction = validatedAction(
  { schema: orderAdvanceSchema, session: 'required', permission: 'manage_orders' },
  async ({ orderId, to }, { viewer }): Promise<MessageRef> => {
    await advanceStaffOrder(orderId, to, viewer);
    refresh(orderId);
    return { message: 'Admin.Orders.done.advanced' };
  },
);

export const cancelOrderAction = validatedAction(
  { schema: orderCancelSchema, session: 'required', permission: 'manage_orders' },
  async ({ orderId, reason }, { viewer }): Promise<MessageRef> => {
    await cancelStaffOrder(orderId, reason, viewer);
    refresh(orderId);
    return { message: 'Admin.Orders.done.cancelled' };
  },
);

export const markOrderPaidAction = validatedAction(
  { schema: orderMarkPaidSchema, session: 'required', permission: 'manage_orders' },
  async ({ orderId }, { viewer }): Promise<MessageRef> => {
    await markTransferPaid(orderId, viewer);
    refresh(orderId);
    return { message: 'Admin.Orders.done.paid' };
  },
);
