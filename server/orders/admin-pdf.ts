import 'server-only';
import { eq } from 'drizzle-orm';
import type { Viewer } from '@/lib/auth/viewer';
import { AppError } from '@/server/errors';
import { getDb } from '@/server/db/client';
import { orders } from '@/server/db/schema';
import { auditOrderPdf } from './admin';
import { getOrderPdf } from './pdf';

/**
 * The order PDF for staff: the customer's own document (server/orders/pdf.ts), read on
 * the customer's behalf; an order whose customer deleted their account has none (404). Audited.
 */
export async function getStaffOrderPdf(orderId: number, viewer: Pick<Viewer, 'id' | 'email' | 'displayName'>): Promise<{ filename: string; body: Buffer }> {
  const db = await getDb();
  const [row] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  if (!row?.userId) throw new AppError({ code: 'not_found', key: 'Admin.Orders.errors.notFound' });
  const pdf = await getOrderPdf(row.userId, orderId);
  await auditOrderPdf(orderId, viewer);
  return pdf;
}
