import { addressBody } from '@/lib/validation/orders';
import { deleteAddress, updateAddress } from '@/server/addresses';
import { apiRoute } from '@/server/api/route';
import { idParams, rowId } from '@/server/orders/ids';

export const dynamic = 'force-dynamic';

/** PUT /api/addresses/{id}: replaces one of the caller's addresses (orders keep their snapshot); 404 for anyone else's. */
export const PUT = apiRoute(
  { auth: 'required', flag: 'ENABLE_DASHBOARD', params: idParams, body: addressBody, messages: 'Orders.validation' },
  async ({ viewer, params, body }) => ({ data: await updateAddress(viewer.id, rowId(params.id, 'address'), body), message: { key: 'Orders.addressUpdated' } }),
);

/** DELETE /api/addresses/{id}: deletes one of the caller's addresses; 404 for anyone else's. */
export const DELETE = apiRoute({ auth: 'required', flag: 'ENABLE_DASHBOARD', params: idParams }, async ({ viewer, params }) => {
  await deleteAddress(viewer.id, rowId(params.id, 'address'));
  return { data: null, message: { key: 'Orders.addressDeleted' } };
});
