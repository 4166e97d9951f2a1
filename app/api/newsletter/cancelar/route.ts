import { z } from 'zod';
import { apiRoute } from '@/server/api/route';
import { AppError } from '@/server/errors';
import { unsubscribeFromNewsletter } from '@/server/newsletter/subscriptions';

export const dynamic = 'force-dynamic';

const query = z.object({ token: z.string().optional() });

/**
 * POST /api/newsletter/cancelar?token=… : the one-click unsubscribe (RFC 8058) that mail clients
 * call from the List-Unsubscribe header of newsletter mails. People use /newsletter/cancelar.
 */
export const POST = apiRoute({ query, cache: 'no-store' }, async ({ query: { token } }) => {
  const outcome = await unsubscribeFromNewsletter(token ?? null);
  if (outcome === 'invalid') throw new AppError({ code: 'not_found', key: 'Newsletter.unsubscribe.invalidText' });
  return { data: null, message: { key: 'Newsletter.unsubscribe.doneText' } };
});
