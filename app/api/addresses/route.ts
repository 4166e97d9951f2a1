import { addressBody } from '@/lib/validation/orders';
import { createAddress, listAddresses } from '@/server/addresses';
import { apiRoute } from '@/server/api/route';

export const dynamic = 'force-dynamic';

/** GET /api/addresses: the caller's addresses, defaults first. */
export const GET = apiRoute({ auth: 'required', flag: 'ENABLE_DASHBOARD' }, async ({ viewer }) => ({ data: await listAddresses(viewer.id) }));

/** POST /api/addresses: a new address (postal code NNNN-NNN, NIF with check digit, 'PT' prefix accepted). */
export const POST = apiRoute(
  { auth: 'required', flag: 'ENABLE_DASHBOARD', body: addressBody, messages: 'Orders.validation' },
  async ({ viewer, body }) => ({ data: await createAddress(viewer.id, body), message: { key: 'Orders.addressCreated' }, status: 201 }),
);
