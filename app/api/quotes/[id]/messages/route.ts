import { z } from 'zod';
import { quoteMessageBody } from '@/lib/validation/quotes';
import { apiRoute } from '@/server/api/route';
import { addQuoteMessage } from '@/server/quotes/customer';
import { quoteAccess, quoteId } from '@/server/quotes/access';

export const dynamic = 'force-dynamic';

/** POST /api/quotes/{id}/messages: a message in the quote's thread (`body`, optional `line_position`). */
export const POST = apiRoute(
  { auth: 'optional', params: z.object({ id: z.string() }), body: quoteMessageBody, messages: 'Quotes.validation' },
  async ({ request, viewer, params, body }) => ({
    data: await addQuoteMessage(quoteAccess(request, viewer), quoteId(params.id), body.body, body.line_position ?? null),
    message: { key: 'Quotes.messageAdded' },
    status: 201,
  }),
);
