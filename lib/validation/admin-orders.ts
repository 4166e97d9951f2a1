/** Forms of /admin/orders/{id}, shared by the client leaf and the server actions. */
import { z } from 'zod';
import { ORDER_STATUSES } from '@/lib/orders/status';
import { dbId } from './ids';

export const orderAdvanceSchema = z.object({
  orderId: dbId,
  to: z.enum(ORDER_STATUSES, { message: 'Admin.Orders.errors.transitionRefused' }),
});

export const orderCancelSchema = z.object({
  orderId: dbId,
  reason: z.string({ message: 'Admin.Orders.errors.reasonRequired' }).trim().min(3, 'Admin.Orders.errors.reasonRequired').max(500, 'Admin.Orders.errors.reasonTooLong'),
});

export const orderMarkPaidSchema = z.object({ orderId: dbId });
