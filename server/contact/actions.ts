'use server';
import 'server-only';
import type { MessageRef } from '@/lib/errors';
import { contactSchema } from '@/lib/validation/contact';
import { validatedAction } from '@/server/actions/validated-action';
import { submitContactMessage } from './messages';

/** The form of /contacto: validated again here, stored, e-mailed to the shop and acknowledged. */
export const sendContactMessageAction = validatedAction(
  { schema: contactSchema },
  async (data, { ip }): Promise<MessageRef> => {
    await submitContactMessage(data, { ip });
    return { message: 'Contact.form.success' };
  },
);
