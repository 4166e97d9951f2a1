import 'server-only';
import type { ContactData } from '@/lib/validation/contact';
import { env } from '@/lib/env';
import type { RequestMeta } from '@/server/actions/request-meta';
import { hashIp } from '@/server/security/hash-ip';
import { getDb } from '@/server/db/client';
import { contactMessages } from '@/server/db/schema';
import { sendMail } from '@/server/mail/send';
import { getShopInfo } from '@/server/shop/settings';
import { isHoneypotFilled } from '@/server/security/honeypot';
import { contactAcknowledgementMail, contactNotificationMail } from './mails';

export type ContactOutcome =
  /** Honeypot filled: answered as success, nothing stored or sent. */
  | { outcome: 'ignored' }
  | { outcome: 'received'; id: number; notified: boolean; acknowledged: boolean };

/** Where contact messages are e-mailed: SHOP_NOTIFY_EMAIL, else the shop e-mail of the settings. */
export async function shopNotifyAddress(): Promise<string> {
  return env().SHOP_NOTIFY_EMAIL ?? (await getShopInfo()).email;
}

/**
 * Stores a message of the contact form and e-mails it to the shop (reply-to the customer), with
 * an acknowledgement to the customer. The message is kept even when a mail fails: the failed mail
 * stays in mail_outbox with its error, and the customer is not asked to send it again.
 */
export async function submitContactMessage(
  input: ContactData,
  meta: RequestMeta = {},
): Promise<ContactOutcome> {
  if (isHoneypotFilled(input.honeypot)) return { outcome: 'ignored' };

  const db = await getDb();
  const [row] = await db
    .insert(contactMessages)
    .values({
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      subject: input.subject,
      message: input.message,
      status: 'new',
      ipHash: hashIp(meta.ip),
    })
    .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
  if (!row) throw new Error('A mensagem de contacto não foi guardada.');

  const shop = await getShopInfo();
  const params = { id: row.id, message: input, receivedAt: row.createdAt, shop };
  const notification = await sendMail(contactNotificationMail(await shopNotifyAddress(), params));
  const acknowledgement = await sendMail(contactAcknowledgementMail(params));
  return {
    outcome: 'received',
    id: row.id,
    notified: notification.status !== 'failed',
    acknowledged: acknowledgement.status !== 'failed',
  };
}
