import { z } from 'zod';
import { clientIp } from '@/server/actions/request-meta';
import { apiRoute } from '@/server/api/route';
import { jobListId } from '@/server/worksite-lists';
import { requestQuoteFromJobList } from '@/server/worksite-lists/quote';

export const dynamic = 'force-dynamic';

/**
 * POST /api/job-lists/{id}/quote ("turn a list into a quote request"): a quote request
 * with the list's lines still sold, named after the list; 201 `{ quote_id, number, status }`. The
 * list stays as it was. Another customer's list: 404; a list with nothing still sold: 422.
 */
export const POST = apiRoute({ auth: 'required', flag: 'ENABLE_DASHBOARD', params: z.object({ id: z.string() }) }, async ({ request, viewer, params }) => {
  const created = await requestQuoteFromJobList(viewer.id, jobListId(params.id), { ip: clientIp(request.headers) });
  return { data: created, message: { key: 'Quotes.requested', values: { number: created.number } }, status: 201 };
});
