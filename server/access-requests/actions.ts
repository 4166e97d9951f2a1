'use server';
import 'server-only';
import type { MessageRef } from '@/lib/errors';
import { accessRequestSchema } from '@/lib/validation/access-request';
import { validatedAction } from '@/server/actions/validated-action';
import { enforceRateLimit } from '@/server/auth/rate-limit';
import { getDb } from '@/server/db/client';
import { submitAccessRequest } from './requests';

/**
 * The form of /access-request: validated again here, limited per IP and per e-mail, stored,
 * e-mailed to the shop and acknowledged. Behind the registration flag, as the page (admins pass).
 * A signed-in requester is linked to the request.
 */
export const submitAccessRequestAction = validatedAction(
  {
    schema: accessRequestSchema,
    session: 'optional',
    flag: 'ENABLE_USER_REGISTRATION',
    messages: { featureOff: 'AccessRequest.form.closed' },
  },
  async (data, { ip, viewer }): Promise<MessageRef> => {
    await enforceRateLimit(await getDb(), 'access-request', { ip, email: data.email });
    await submitAccessRequest(data, { userId: viewer?.id ?? null });
    return { message: 'AccessRequest.form.success' };
  },
);
