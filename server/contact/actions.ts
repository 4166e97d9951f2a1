'use server';
import 'server-only';
import type { MessageRef } from '@/lib/errors';
import { contactSchema } from '@/lib/validation/contact';
import { validatedAction } from '@/server/actions/validated-action';
import { enforceRateLimit } from '@/server/auth/rate-limit';
import { getDb } from '@/server/db/client';
import { submitContactMessage } from './messages';

/**
 * The form of /contacto: validated again here, limited per IP and per recipient of the
 * acknowledgement (3 an hour each), stored, e-mailed to the shop and acknowledged.
 */
export const sendContactMessageAction = validatedAction(
  { schema: contactSchema },
  async (data, { ip }): Promise<MessageRef> => {
    await enforceRateLimit(await getDb(), 'contact', { ip, email: data.email });
    await submitContactMessage(data, { ip });
    return { message: 'Contact.form.success' };
  },
);
