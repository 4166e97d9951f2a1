'use server';
import 'server-only';
import { ACCESS_REQUEST_MESSAGES, accessRequestSchema } from '@/lib/validation/access-request';
import { validatedAction } from '@/server/actions/validated-action';
import { AppError } from '@/server/api/errors';
import { enforceRateLimit } from '@/server/auth/rate-limit';
import { getViewer } from '@/server/auth/session';
import { getDb } from '@/server/db/client';
import { isFeatureEnabled } from '@/server/flags';
import { submitAccessRequest } from './requests';

/**
 * The form of /access-request: validated again here, limited per IP and per e-mail, stored,
 * e-mailed to the shop and acknowledged. Behind the registration flag, as the page (admins pass).
 * A signed-in requester is linked to the request.
 */
export const submitAccessRequestAction = validatedAction(
  accessRequestSchema,
  async (data, { ip }) => {
    const viewer = await getViewer();
    if (!viewer?.isAdmin && !(await isFeatureEnabled('ENABLE_USER_REGISTRATION'))) {
      throw new AppError({
        code: 'forbidden',
        message: 'Os pedidos de acesso profissional ainda não estão disponíveis.',
      });
    }
    await enforceRateLimit(await getDb(), 'access-request', { ip, email: data.email });
    await submitAccessRequest(data, { userId: viewer?.id ?? null });
    return { message: ACCESS_REQUEST_MESSAGES.success };
  },
);
