import 'server-only';
import { desc, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { env } from '@/lib/env';
import { getDb, type DbOrTx } from '@/server/db/client';
import { mailOutbox, type MailStatus } from '@/server/db/schema';
import { logger } from '@/server/log';

const log = logger('mail');

export interface MailAddress {
  name: string;
  address: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string | MailAddress;
  /** Extra headers (e.g. List-Unsubscribe). */
  headers?: Record<string, string>;
}

/** A text on one line, for a mail header (a name typed into a form may not break the subject). */
export function headerText(value: string): string {
  return value.replace(/[\r\n]+/g, ' ');
}

/** A notice to the shop about what someone sent through the site: "Reply" answers that person. */
export function noticeToShop(to: string, subject: string, body: { html: string; text: string }, sender: { name: string; email: string }): OutgoingMail {
  return { to, subject, text: body.text, html: body.html, replyTo: { name: sender.name, address: sender.email } };
}

export interface SentMail {
  /** Row of mail_outbox that records this mail. */
  id: number;
  /** outbox: stored only (no SMTP configured); sent / failed: the SMTP outcome. */
  status: MailStatus;
  error?: string;
}

type Transporter = ReturnType<typeof nodemailer.createTransport>;

const transports = new Map<string, Transporter>();

function transportFor(url: string): Transporter {
  let transport = transports.get(url);
  if (!transport) {
    // One connection per message (no pool): nothing stays open between mails.
    transport = nodemailer.createTransport({
      url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    transports.set(url, transport);
  }
  return transport;
}

/** `"Name" <address>` with the display name quoted safely (for the outbox record). */
function formatAddress(value: string | MailAddress): string {
  if (typeof value === 'string') return value;
  const name = headerText(value.name).replace(/(["\\])/g, '\\$1');
  return `"${name}" <${value.address}>`;
}

/** What replaces a token in the stored copy of a mail sent through SMTP. */
export const REDACTED = '[removido]';

/**
 * The mail's text with the value of every `token=` parameter (confirmation, recovery, change of
 * e-mail, newsletter links) replaced by REDACTED, in plain text and in HTML (`&amp;token=`).
 */
export function redactTokens(text: string): string {
  return text.replace(/([?&;]token=)[^&\s"'<>#)]+/gi, `$1${REDACTED}`);
}

/**
 * Sends one e-mail. It is always stored in `mail_outbox` first; with SMTP_URL set it then goes
 * out through SMTP and the row records `sent` or `failed`, and the stored copy has the tokens of
 * its links redacted (the recipient's mailbox holds the only live link). Without SMTP_URL
 * (development) the row is the delivery (`outbox`), readable at /dev/outbox, links included.
 * Rows older than 30 days are purged (server/maintenance/purge.ts). An SMTP failure is logged
 * and returned as `failed`, never thrown: callers decide whether it matters. `options.db`: record
 * the mail on that transaction handle (a job marks its mail sent in the transaction it completes in).
 */
export async function sendMail(
  mail: OutgoingMail,
  options: {
    db?: DbOrTx;
    /**
     * With `db`, a caller's transaction: the mail is recorded as sent (with its Message-ID header)
     * before the SMTP conversation, this runs with the outbox row's id (the caller records its own
     * state), and an SMTP failure throws so the caller's transaction rolls all of it back. Once
     * SMTP accepted, nothing is left for the caller but its commit (server/orders/mails.ts).
     */
    beforeSending?: (outboxId: number) => Promise<void>;
  } = {},
): Promise<SentMail> {
  const db = options.db ?? (await getDb());
  const { SMTP_URL, MAIL_FROM } = env();
  const stored = (value: string) => (SMTP_URL ? redactTokens(value) : value);
  const smtpMessage = { from: MAIL_FROM, to: mail.to, replyTo: mail.replyTo, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers };
  /** The outbox row, with the delivery state known before the SMTP conversation. */
  const store = async (state: Pick<typeof mailOutbox.$inferInsert, 'status' | 'sentAt' | 'messageId'>) => {
    const [row] = await db
      .insert(mailOutbox)
      .values({
        to: mail.to,
        replyTo: mail.replyTo ? formatAddress(mail.replyTo) : null,
        subject: mail.subject,
        text: stored(mail.text),
        html: stored(mail.html),
        ...state,
      })
      .returning({ id: mailOutbox.id });
    if (!row) throw new Error('Não foi possível guardar o email na caixa de saída.');
    return row;
  };
  if (options.beforeSending) {
    if (!options.db) throw new Error('beforeSending needs the caller’s transaction');
    const row = await store({ status: SMTP_URL ? 'sent' : 'outbox', sentAt: SMTP_URL ? new Date() : null, messageId: mail.headers?.['Message-ID'] ?? null });
    await options.beforeSending(row.id);
    if (SMTP_URL) await transportFor(SMTP_URL).sendMail(smtpMessage);
    return { id: row.id, status: SMTP_URL ? 'sent' : 'outbox' };
  }
  const row = await store({ status: 'outbox' });
  if (!SMTP_URL) return { id: row.id, status: 'outbox' };

  try {
    const info = await transportFor(SMTP_URL).sendMail(smtpMessage);
    await db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: new Date(), messageId: info.messageId ?? null })
      .where(eq(mailOutbox.id, row.id));
    return { id: row.id, status: 'sent' };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    log.error({ err, mailId: row.id }, 'falha no envio do email');
    await db.update(mailOutbox).set({ status: 'failed', error }).where(eq(mailOutbox.id, row.id));
    return { id: row.id, status: 'failed', error };
  }
}

/** A mail reached its destination, or the outbox is the destination (development). */
export function isDelivered(mail: SentMail): boolean {
  return mail.status !== 'failed';
}

export interface OutboxMail {
  id: number;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  status: MailStatus;
  error: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

/** The newest mails first (the /dev/outbox page, tests). */
export async function listOutboxMails({ limit = 50 }: { limit?: number } = {}): Promise<
  OutboxMail[]
> {
  const db = await getDb();
  return db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      replyTo: mailOutbox.replyTo,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      html: mailOutbox.html,
      status: mailOutbox.status,
      error: mailOutbox.error,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(Math.min(Math.max(1, Math.trunc(limit)), 500));
}
