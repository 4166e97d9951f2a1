import { z } from 'zod';
import { apiRoute } from '@/server/api/route';
import { getPriceListExport } from '@/server/price-lists';

export const dynamic = 'force-dynamic';

/** GET /api/price-lists/{id}: status and progress of one of the caller's price lists (polled by the page); 404 for anyone else's. */
export const GET = apiRoute({ auth: 'required', flag: 'ENABLE_DASHBOARD', params: z.object({ id: z.string() }) }, async ({ viewer, params }) => ({
  data: await getPriceListExport(viewer.id, params.id),
}));
