import 'server-only';
import { AppError } from '@/server/errors';
import { serverText } from '@/server/i18n';
import { requestQuote, type RequestedQuote } from '@/server/quotes/request';
import { getJobList, jobListQuoteLines } from './index';

/**
 * A quote request made from one of the caller's lists ("turn a list into a quote request"): the
 * lines still sold, with a message naming the list. The list stays as it was. Another customer's
 * list: 404; a list with nothing still sold: 422.
 */
export async function requestQuoteFromJobList(userId: string, listId: number, meta: { ip?: string | null } = {}): Promise<RequestedQuote> {
  const list = await getJobList(userId, listId);
  const lines = await jobListQuoteLines(userId, listId);
  if (lines.length === 0) throw new AppError({ code: 'unprocessable', key: 'JobLists.quoteNothing' });
  return requestQuote(
    { userId },
    { lines, cart_id: undefined, name: null, email: null, phone: null, company: null, nif: null, message: serverText('JobLists.quoteMessage', { name: list.name }) },
    meta,
  );
}
