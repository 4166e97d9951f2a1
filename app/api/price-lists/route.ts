import { priceListRequestBody } from '@/lib/validation/price-lists';
import { apiRoute } from '@/server/api/route';
import { listPriceListExports, requestPriceList, requireProCustomer } from '@/server/price-lists';

export const dynamic = 'force-dynamic';

/** GET /api/price-lists: the caller's recent price lists; 403 for anyone without a professional account. */
export const GET = apiRoute({ auth: 'required', flag: 'ENABLE_DASHBOARD' }, async ({ viewer }) => {
  await requireProCustomer(viewer.id);
  return { data: await listPriceListExports(viewer.id) };
});

/**
 * POST /api/price-lists `{ format: 'csv'|'xlsx', scope: 'all'|'chapter'|'family'|'brand', value? }`:
 * asks for the caller's price list (202); the job worker builds it, `GET /api/price-lists/{id}`
 * tells the progress. 403 for anyone without a professional account, 404 for an unknown
 * chapter/family/brand, 409 while another of theirs is being prepared.
 */
export const POST = apiRoute(
  { auth: 'required', flag: 'ENABLE_DASHBOARD', body: priceListRequestBody, messages: 'PriceList' },
  async ({ viewer, body }) => ({ data: await requestPriceList(viewer.id, body), message: { key: 'PriceList.queued' }, status: 202 }),
);
