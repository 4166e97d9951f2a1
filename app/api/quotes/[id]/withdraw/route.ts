import { z } from 'zod';
import { quoteReasonBody } from '@/lib/validation/quotes';
import { apiRoute } from '@/server/api/route';
import { withdrawQuote } from '@/server/quotes/staff';
import { quoteId } from '@/server/quotes/access';

export const dynamic = 'force-dynamic';

/** POST /api/quotes/{id}/withdraw (staff with `manage_quotes`): withdraws a request or an answer, with an optional `reason`. */
export const POST = apiRoute(
  { auth: 'required', permission: 'manage_quotes', params: z.object({ id: z.string() }), body: quoteReasonBody, messages: 'Quotes.validation' },
  async ({ viewer, params, body }) => ({ data: await withdrawQuote(viewer.id, quoteId(params.id), body.reason), message: { key: 'Quotes.withdrawn' } }),
);
