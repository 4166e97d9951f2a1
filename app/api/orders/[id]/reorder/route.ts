import { apiRoute } from '@/server/api/route';
import { idParams, rowId } from '@/server/orders/ids';
import { reorder } from '@/server/orders/reorder';

export const dynamic = 'force-dynamic';

/**
 * POST /api/orders/{id}/reorder: the order's lines into the caller's cart at today's
 * prices; `unavailable` lists the lines that could not be added.
 */
export const POST = apiRoute({ auth: 'required', flag: 'ENABLE_DASHBOARD', params: idParams }, async ({ viewer, params }) => ({
  data: await reorder(viewer.id, rowId(params.id, 'order')),
  message: { key: 'Orders.reordered' },
}));
