import { z } from 'zod';
import { pdfResponse } from '@/lib/api/pdf-response';
import { rawRoute } from '@/server/api/route';
import { quoteAccess, quoteId } from '@/server/quotes/access';
import { getQuotePdf } from '@/server/quotes/pdf';

export const dynamic = 'force-dynamic';

/**
 * GET /api/quotes/{id}/pdf: the PDF of an answered quote, for its customer (session or
 * bearer), the guest link (`X-Quote-Token` or `?token=`) or staff with `manage_quotes`; anyone
 * else 404, before the answer 409.
 */
export const GET = rawRoute({ auth: 'optional', params: z.object({ id: z.string() }), cache: 'no-store' }, async ({ request, viewer, params }) => {
  const { filename, body } = await getQuotePdf(quoteAccess(request, viewer), quoteId(params.id));
  return pdfResponse(filename, body, { headers: { 'Referrer-Policy': 'no-referrer' } });
});
