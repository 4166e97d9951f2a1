import { z } from 'zod';
import { quoteAnswerBody } from '@/lib/validation/quotes';
import { apiRoute } from '@/server/api/route';
import { answerQuote } from '@/server/quotes/staff';
import { quoteId } from '@/server/quotes/access';

export const dynamic = 'force-dynamic';

/**
 * POST /api/quotes/{id}/answer (staff with `manage_quotes`): a net unit price for every
 * line, optional `shipping` (euros, with IVA), `valid_until` (default today + QUOTE_VALIDITY_DAYS)
 * and `message`; `version` refuses an answer made on an older version (409). The customer is mailed.
 */
export const POST = apiRoute(
  { auth: 'required', permission: 'manage_quotes', params: z.object({ id: z.string() }), body: quoteAnswerBody, messages: 'Quotes.validation' },
  async ({ viewer, params, body }) => {
    const quote = await answerQuote(viewer.id, quoteId(params.id), body);
    return { data: quote, message: { key: 'Quotes.answered', values: { number: quote.number } } };
  },
);
