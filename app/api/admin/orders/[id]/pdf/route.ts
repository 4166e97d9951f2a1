import { pdfResponse } from '@/lib/api/pdf-response';
import { rawRoute } from '@/server/api/route';
import { getStaffOrderPdf } from '@/server/orders/admin-pdf';
import { idParams, rowId } from '@/server/orders/ids';

export const dynamic = 'force-dynamic';

/**
 * GET /api/admin/orders/{id}/pdf[?download=1] (staff with `manage_orders`): the order
 * confirmation PDF of any order, inline or as an attachment; audited. The same stored file the
 * customer gets (server/orders/pdf.ts), rendered again when the order changed since.
 */
export const GET = rawRoute({ auth: 'required', permission: 'manage_orders', params: idParams, cache: 'no-store' }, async ({ viewer, params, request }) => {
  const download = new URL(request.url).searchParams.get('download') === '1';
  const { filename, body } = await getStaffOrderPdf(rowId(params.id, 'order'), viewer);
  return pdfResponse(filename, body, { attachment: download });
});
