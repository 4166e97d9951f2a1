import { z } from 'zod';
import { apiRoute } from '@/server/api/route';
import { getQuote } from '@/server/quotes/read';
import { quoteAccess, quoteId } from '@/server/quotes/access';

export const dynamic = 'force-dynamic';

/**
 * GET /api/quotes/{id}: the quote with lines (prices once answered), messages and
 * history — for its customer (session or bearer), the guest link (`X-Quote-Token` or `?token=`),
 * or staff with `manage_quotes`. Anyone else: 404.
 */
export const GET = apiRoute({ auth: 'optional', params: z.object({ id: z.string() }) }, async ({ request, viewer, params }) => ({
  data: await getQuote(quoteAccess(request, viewer), quoteId(params.id)),
}));
