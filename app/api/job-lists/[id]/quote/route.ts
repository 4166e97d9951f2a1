import { z } from 'zod';
import { clientIp } from '@/server/actions/request-meta';
import { AppError } from '@/server/api/errors';
import { apiRoute } from '@/server/api/route';
import { getJobList, jobListId, jobListQuoteLines } from '@/server/job-lists';
import { serverTranslator } from '@/server/mail/i18n';
import { requestQuote } from '@/server/quotes';

export const dynamic = 'force-dynamic';

const text = serverTranslator('Quotes');
const listText = serverTranslator('JobLists');

/**
 * POST /api/job-lists/{id}/quote (issue 12, "turn a list into a quote request"): a quote request
 * with the list's lines still sold, named after the list; 201 `{ quote_id, number, status }`. The
 * list stays as it was. Another customer's list: 404; a list with nothing still sold: 422.
 */
export const POST = apiRoute({ auth: 'required', flag: 'ENABLE_DASHBOARD', params: z.object({ id: z.string() }) }, async ({ request, viewer, params }) => {
  const id = jobListId(params.id);
  const list = await getJobList(viewer.id, id);
  const lines = await jobListQuoteLines(viewer.id, id);
  if (lines.length === 0) throw new AppError({ code: 'unprocessable', message: listText('quoteNothing') });
  const created = await requestQuote(
    { userId: viewer.id },
    { lines, cart_id: undefined, name: null, email: null, phone: null, company: null, nif: null, message: listText('quoteMessage', { name: list.name }) },
    { ip: clientIp(request.headers) },
  );
  return { data: created, message: text('requested', { number: created.number }), status: 201 };
});
