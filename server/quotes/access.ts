import 'server-only';
import type { Viewer } from '@/lib/auth/viewer';
import { hasAccess } from '@/lib/auth/permissions';
import { QUOTE_TOKEN_PATTERN } from '@/lib/validation/quotes';
import { isDbId } from '@/lib/validation/ids';
import { AppError } from '@/server/errors';
import type { QuoteAccess } from './ownership';

/** The guest link's token of a request: header `X-Quote-Token`, or `?token=` (the link of the mail). */
export function quoteToken(request: Request): string | null {
  return request.headers.get('x-quote-token')?.trim() || new URL(request.url).searchParams.get('token')?.trim() || null;
}

/**
 * Who asks about a quote: the guest link's token (that quote only), else the signed-in user —
 * staff with `manage_quotes` when `staff` is asked for and allowed, otherwise the customer.
 * Without either, 401. A malformed token names no quote (404).
 */
export function quoteAccess(request: Request, viewer: Viewer | null, options: { staff?: boolean } = {}): QuoteAccess {
  const token = quoteToken(request);
  if (token) {
    if (!QUOTE_TOKEN_PATTERN.test(token)) throw new AppError({ code: 'not_found', key: 'Quotes.notFound' });
    return { kind: 'token', token };
  }
  if (!viewer) throw new AppError({ code: 'unauthorized', key: 'Api.unauthorized' });
  if (options.staff !== false && hasAccess(viewer, 'manage_quotes')) return { kind: 'staff', userId: viewer.id };
  return { kind: 'user', userId: viewer.id };
}

/** `{id}` of the quote routes: anything that cannot be a row id names no quote. */
export function quoteId(id: string): number {
  if (!isDbId(id)) throw new AppError({ code: 'not_found', key: 'Quotes.notFound' });
  return Number(id);
}
