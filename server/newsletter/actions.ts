'use server';
import 'server-only';
import type { MessageRef } from '@/lib/errors';
import { newsletterSchema, newsletterUnsubscribeSchema } from '@/lib/validation/newsletter';
import { AppError } from '@/server/errors';
import { validatedAction } from '@/server/actions/validated-action';
import { enforceRateLimit } from '@/server/auth/rate-limit';
import { getDb } from '@/server/db/client';
import {
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
  type UnsubscribeOutcome,
} from './subscriptions';

/**
 * The newsletter forms (popup, footer, banner). Same server path as POST /api/newsletter.
 * The answer is the same whatever the address's state, so it reveals nothing about the list.
 */
export const subscribeNewsletterAction = validatedAction(
  { schema: newsletterSchema },
  async (data, { ip }): Promise<MessageRef> => {
    await enforceRateLimit(await getDb(), 'newsletter', { ip, email: data.email });
    await subscribeToNewsletter(data, { ip });
    return { message: 'Newsletter.api.success' };
  },
);

/** The button of /newsletter/cancelar. */
export const unsubscribeNewsletterAction = validatedAction(
  { schema: newsletterUnsubscribeSchema },
  async ({ token }): Promise<{ outcome: Exclude<UnsubscribeOutcome, 'invalid'> }> => {
    const outcome = await unsubscribeFromNewsletter(token);
    if (outcome === 'invalid') {
      throw new AppError({ code: 'not_found', key: 'Newsletter.unsubscribe.invalidText' });
    }
    return { outcome };
  },
);
