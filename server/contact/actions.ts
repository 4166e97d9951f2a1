'use server';
import 'server-only';
import { contactSchema } from '@/lib/validation/contact';
import { validatedAction } from '@/server/actions/validated-action';
import { serverTranslator } from '@/server/mail/i18n';
import { submitContactMessage } from './messages';

/** The form of /contacto: validated again here, stored, e-mailed to the shop and acknowledged. */
export const sendContactMessageAction = validatedAction(contactSchema, async (data, { ip }) => {
  await submitContactMessage(data, { ip });
  return { message: serverTranslator('Contact.form')('success') };
});
