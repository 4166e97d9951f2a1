import { pdfResponse } from '@/lib/api/pdf-response';
import { rawRoute } from '@/server/api/route';
import { idParams, rowId } from '@/server/orders/ids';
import { getOrderPdf } from '@/server/orders/pdf';

export const dynamic = 'force-dynamic';

/**
 * GET /api/orders/{id}/pdf: the order confirmation PDF of one of the caller's orders
 * (session or bearer token), shown inline; another customer's order or an unknown id → 404, no
 * session → 401. The stored file (made by the `order-pdf` job), or rendered now and stored when
 * the job has not run yet or the order changed since (server/orders/pdf.ts).
 */
export const GET = rawRoute({ auth: 'required', flag: 'ENABLE_DASHBOARD', params: idParams, cache: 'no-store' }, async ({ viewer, params }) => {
  const { filename, body } = await getOrderPdf(viewer.id, rowId(params.id, 'order'));
  return pdfResponse(filename, body);
});
