import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb, type Tx } from '@/server/db/client';
import { accessRequests, proAccounts, users } from '@/server/db/schema';
import { JOB_QUEUES, registerJobHandler } from '@/server/jobs';
import { sendMail } from '@/server/mail/send';
import { accessApprovedMail, accessRejectedMail } from '@/server/people/mails';

/**
 * The answer to an access request, sent once by the job queue after the approval or rejection
 * committed: the request row is locked, `answer_mailed_at` is set in the same transaction as the
 * outbox row before the SMTP conversation, and an SMTP failure rolls both back so the job retries
 * (as the order mails do, server/orders/mails.ts).
 */
export async function sendAccessRequestAnswer(requestId: number, token: string | undefined, complete?: (tx: Tx) => Promise<void>): Promise<'sent' | 'already-sent' | 'gone'> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [r] = await tx.select().from(accessRequests).where(eq(accessRequests.id, requestId)).for('update');
    if (!r || r.status === 'pending') {
      await complete?.(tx);
      return 'gone' as const;
    }
    if (r.answerMailedAt) {
      await complete?.(tx);
      return 'already-sent' as const;
    }
    let mail;
    if (r.status === 'approved') {
      const [account] = r.accountId ? await tx.select({ name: proAccounts.name }).from(proAccounts).where(eq(proAccounts.id, r.accountId)) : [];
      // The user staff gave the access to (`user_id` after the approval) is told at their login
      // address; with none attached, the request's address is told the account exists, no more.
      const [user] = r.userId ? await tx.select({ email: users.email }).from(users).where(eq(users.id, r.userId)) : [];
      mail = accessApprovedMail({ to: user?.email ?? r.email, name: r.contactName, accountName: account?.name ?? r.companyName, token: token ?? null, attached: Boolean(user) });
    } else {
      mail = accessRejectedMail({ to: r.email, name: r.contactName, reason: r.rejectionReason ?? '' });
    }
    await sendMail(mail, {
      db: tx,
      beforeSending: async () => {
        await tx.update(accessRequests).set({ answerMailedAt: new Date() }).where(eq(accessRequests.id, requestId));
      },
    });
    await complete?.(tx);
    return 'sent' as const;
  });
}

registerJobHandler(JOB_QUEUES.accessRequestMail, async (data, job) => {
  await sendAccessRequestAnswer(data.requestId, data.token, job.complete);
});
