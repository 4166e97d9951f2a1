import 'server-only';
import { eq } from 'drizzle-orm';
import type { Tx } from '@/server/db/client';
import { accessRequests, proAccounts, users } from '@/server/db/schema';
import { JOB_QUEUES, registerJobHandler } from '@/server/jobs';
import { sendOnce, type SendOnceResult } from '@/server/mail/send-once';
import { accessApprovedMail, accessRejectedMail } from '@/server/people/mails';

/**
 * The answer to an access request, sent once (server/mail/send-once.ts) by the job queue after the
 * approval or rejection committed; the request row's `answer_mailed_at` says it was sent.
 */
export async function sendAccessRequestAnswer(requestId: number, token: string | undefined, complete?: (tx: Tx) => Promise<void>): Promise<SendOnceResult> {
  let request: typeof accessRequests.$inferSelect | undefined;
  return sendOnce(
    {
      label: `pedido de acesso ${requestId}`,
      async lock(tx) {
        [request] = await tx.select().from(accessRequests).where(eq(accessRequests.id, requestId)).for('update');
        // A request still pending has no answer to send (yet): as if gone.
        if (!request || request.status === 'pending') return null;
        return { sent: request.answerMailedAt !== null };
      },
      async markSent(tx) {
        await tx.update(accessRequests).set({ answerMailedAt: new Date() }).where(eq(accessRequests.id, requestId));
      },
    },
    async (tx) => {
      const r = request!;
      if (r.status !== 'approved') return accessRejectedMail({ to: r.email, name: r.contactName, reason: r.rejectionReason ?? '' });
      const [account] = r.accountId ? await tx.select({ name: proAccounts.name }).from(proAccounts).where(eq(proAccounts.id, r.accountId)) : [];
      // The user staff gave the access to (`user_id` after the approval) is told at their login
      // address; with none attached, the request's address is told the account exists, no more.
      const [user] = r.userId ? await tx.select({ email: users.email }).from(users).where(eq(users.id, r.userId)) : [];
      return accessApprovedMail({ to: user?.email ?? r.email, name: r.contactName, accountName: account?.name ?? r.companyName, token: token ?? null, attached: Boolean(user) });
    },
    complete,
  );
}

registerJobHandler(JOB_QUEUES.accessRequestMail, async (data, job) => {
  await sendAccessRequestAnswer(data.requestId, data.token, job.complete);
});
