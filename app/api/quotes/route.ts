import { z } from 'zod';
import { quoteRequestBody, quotesQuery } from '@/lib/validation/quotes';
import { clientIp } from '@/server/actions/request-meta';
import { apiRoute } from '@/server/api/route';
import { listQuotes } from '@/server/quotes/read';
import { requestQuote } from '@/server/quotes/request';
import { quoteAccess } from '@/server/quotes/access';

export const dynamic = 'force-dynamic';

/**
 * POST /api/quotes: a quote request from `lines` or a `cart_id`, by a customer
 * (session or bearer; contact from the account) or a guest (`name`, `email`, `phone` required;
 * `company`, `nif`, `message` optional), on every host. 201 `{ quote_id, number, status }`, and
 * for a guest `access_token` (the private link's token, also mailed). Limited per client IP and
 * per e-mail (429).
 */
export const POST = apiRoute({ auth: 'optional', body: quoteRequestBody, messages: 'Quotes.validation' }, async ({ request, viewer, body }) => {
  const created = await requestQuote(viewer ? { userId: viewer.id } : null, body, { ip: clientIp(request.headers) });
  return { data: created, message: { key: 'Quotes.requested', values: { number: created.number } }, status: 201 };
});

const listQuery = quotesQuery.and(z.object({ scope: z.enum(['mine', 'all'], 'invalid').default('mine') }).strip());

/** GET /api/quotes?limit&offset&status[&scope=all for staff with manage_quotes]: the caller's quotes, newest first. */
export const GET = apiRoute({ auth: 'required', query: listQuery, messages: 'Quotes.validation' }, async ({ request, viewer, query }) => {
  const access = quoteAccess(request, viewer, { staff: query.scope === 'all' });
  const { items, total } = await listQuotes(access.kind === 'token' ? { kind: 'user', userId: viewer.id } : access, query);
  return { data: items, pagination: { total, limit: query.limit, offset: query.offset, hasMore: query.offset + items.length < total } };
});
