import { ordersQuery } from '@/lib/validation/orders';
import { apiRoute } from '@/server/api/route';
import { listOrders } from '@/server/orders/queries';

export const dynamic = 'force-dynamic';

/** GET /api/orders?limit&offset&status: the caller's orders, newest first. */
export const GET = apiRoute({ auth: 'required', flag: 'ENABLE_DASHBOARD', query: ordersQuery, messages: 'Orders.validation' }, async ({ viewer, query }) => {
  const { items, total } = await listOrders(viewer.id, query);
  return { data: items, pagination: { total, limit: query.limit, offset: query.offset, hasMore: query.offset + items.length < total } };
});
