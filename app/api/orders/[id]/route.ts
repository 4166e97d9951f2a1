import { apiRoute } from '@/server/api/route';
import { idParams, rowId } from '@/server/orders/ids';
import { getOrder } from '@/server/orders/queries';

export const dynamic = 'force-dynamic';

/** GET /api/orders/{id}: one of the caller's orders with lines, addresses, payment and history; 404 for anyone else's. */
export const GET = apiRoute({ auth: 'required', flag: 'ENABLE_DASHBOARD', params: idParams }, async ({ viewer, params }) => ({
  data: await getOrder(viewer.id, rowId(params.id, 'order')),
}));
