import { z } from 'zod';
import { quoteReasonBody } from '@/lib/validation/quotes';
import { apiRoute } from '@/server/api/route';
import { declineQuote } from '@/server/quotes/customer';
import { quoteAccess, quoteId } from '@/server/quotes/access';

export const dynamic = 'force-dynamic';

/** POST /api/quotes/{id}/decline: the customer or the guest link declines (optional `reason`); 409 from a final state. */
export const POST = apiRoute(
  { auth: 'optional', params: z.object({ id: z.string() }), body: quoteReasonBody, messages: 'Quotes.validation' },
  async ({ request, viewer, params, body }) => ({
    data: await declineQuote(quoteAccess(request, viewer, { staff: false }), quoteId(params.id), body.reason),
    message: { key: 'Quotes.declined' },
  }),
);
