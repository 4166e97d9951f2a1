import 'server-only';
import { getDb, type Db, type Tx } from '@/server/db/client';
import { sendMail, type OutgoingMail } from './send';
import { logger } from '@/server/log';

const log = logger('mail');

/**
 * Sends a mail exactly once per row that stands for it (an order's confirmation, a quote's answer,
 * a status change, an access request's answer), whatever the number of job runs, workers or
 * instances. One transaction: lock the row; when it says sent, or the mail has nothing left to say
 * (the order or the customer is gone), complete the job and stop; otherwise store the mail in the
 * outbox, mark the row sent and complete the job, *then* talk to SMTP, then commit. Once the SMTP
 * server has accepted the message, only the commit is left.
 *
 * SMTP refusing or failing throws: the marks roll back, the attempt is counted outside the
 * transaction, and the job is retried. PostgreSQL failing during the SMTP conversation (the
 * commit cannot land) does not mean a resend: the mail is recorded as sent on a fresh connection,
 * tried again for up to RECORD_BUDGET_MS while the database comes back, well inside the job's
 * 60 s expiry so that no other worker takes the job meanwhile (`npm run chaos:orders` found this
 * case).
 *
 * What is left is SMTP's own window: a process dying between the SMTP server's final reply and the
 * commit's answer sends the mail again on the retry. SMTP has no idempotency key, and losing an
 * order confirmation is worse than repeating it, so this is at-least-once with that window as
 * short as it can be; every copy carries the same Message-ID so a repeat is recognisably the same
 * message.
 */

export type SendOnceResult = 'sent' | 'already-sent' | 'gone';

export interface SendOnceRow {
  /** What the logs call the mail: `encomenda 12 (confirmation)`. */
  label: string;
  /** Locks the row (`for update`) in `tx`; null when there is none, else whether it is marked sent. */
  lock(tx: Tx): Promise<{ sent: boolean } | null>;
  /** Marks the row sent, in the attempt's transaction or in the recording after an accepted send. */
  markSent(tx: Tx, outboxId: number | null): Promise<void>;
  /** Counts a failed attempt (outside the rolled-back transaction): attempts + 1, the error. */
  markFailed?(db: Db, error: string): Promise<void>;
}

const RECORD_BUDGET_MS = 40_000;

/**
 * `mail`: the message, built before the transaction (most mails read several tables), or a
 * function building it from the locked row's transaction; null when there is nothing to send.
 * `complete`: the job's completion, committed with the marks.
 */
export async function sendOnce(
  row: SendOnceRow,
  mail: OutgoingMail | null | ((tx: Tx) => Promise<OutgoingMail | null>),
  complete?: (tx: Tx) => Promise<void>,
): Promise<SendOnceResult> {
  const db = await getDb();
  let accepted = false;
  try {
    return await db.transaction(async (tx) => {
      const locked = await row.lock(tx);
      if (locked?.sent) {
        await complete?.(tx);
        return 'already-sent' as const;
      }
      const message = locked ? (typeof mail === 'function' ? await mail(tx) : mail) : null;
      if (!message) {
        await complete?.(tx);
        return 'gone' as const;
      }
      await sendMail(message, {
        db: tx,
        beforeSending: async (outboxId) => {
          await row.markSent(tx, outboxId);
          await complete?.(tx);
        },
      });
      accepted = true;
      return 'sent' as const;
    });
  } catch (err) {
    // Sent, but the commit failed: record it now rather than send it again (its outbox copy is
    // lost with the transaction).
    if (accepted) {
      await recordAccepted(row, complete, err);
      return 'sent';
    }
    const text = err instanceof Error ? err.message : String(err);
    await row.markFailed?.(db, text.slice(0, 500)).catch(() => undefined);
    throw err;
  }
}

async function recordAccepted(row: SendOnceRow, complete: ((tx: Tx) => Promise<void>) | undefined, first: unknown): Promise<void> {
  const deadline = Date.now() + RECORD_BUDGET_MS;
  let last = first;
  for (let pause = 250; ; pause = Math.min(pause * 2, 4_000)) {
    log.error({ err: last, mail: row.label }, 'enviado, mas o registo falhou; a registar de novo');
    if (Date.now() + pause > deadline) throw last;
    await new Promise((resolve) => setTimeout(resolve, pause));
    try {
      const db = await getDb();
      await db.transaction(async (tx) => {
        const locked = await row.lock(tx);
        if (locked && !locked.sent) await row.markSent(tx, null);
        await complete?.(tx);
      });
      return;
    } catch (err) {
      last = err;
    }
  }
}
