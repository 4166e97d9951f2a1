import { z } from 'zod';
import { clientIp } from '@/server/actions/request-meta';
import { apiRoute } from '@/server/api/route';
import { requestQuoteAgain } from '@/server/quotes/request';
import { quoteAccess, quoteId } from '@/server/quotes/access';

export const dynamic = 'force-dynamic';

/** POST /api/quotes/{id}/request-again: a declined, expired or withdrawn quote asked for again (a new quote, same lines). */
export const POST = apiRoute({ auth: 'optional', params: z.object({ id: z.string() }) }, async ({ request, viewer, params }) => {
  const created = await requestQuoteAgain(quoteAccess(request, viewer, { staff: false }), quoteId(params.id), { ip: clientIp(request.headers) });
  return { data: created, message: { key: 'Quotes.requested', values: { number: created.number } }, status: 201 };
});
