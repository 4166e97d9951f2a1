import 'server-only';
import { eq } from 'drizzle-orm';
import { invalidateCache } from '@/server/cache/invalidate';
import { cacheTags } from '@/server/cache/tags';
import type { DbOrTx } from '@/server/db/client';
import { getDb } from '@/server/db/client';
import { campaigns } from '@/server/db/schema';
import { enqueue, JOB_QUEUES, registerJobHandler } from '@/server/jobs';

/**
 * Campaigns appear at their start and disappear at their end without waiting for the cached
 * pages (ISR, 1 h) to expire: every save schedules a `campaign-boundary` job at each future
 * boundary (pg-boss `startAfter`), which invalidates `campaigns` and `campaign:<slug>` — the
 * list (/campanhas), the campaign page and the home carousel are rendered again on their next
 * request. A job left from an earlier save (dates changed since) only refreshes once more.
 */

/** Just after the boundary: the end is inclusive (`ends_at >= now` is still current). */
const AFTER_MS = 1000;

export function boundariesOf(row: { startsAt: Date | null; endsAt: Date | null }, now = new Date()): Date[] {
  return [row.startsAt, row.endsAt]
    .filter((d): d is Date => d !== null && d.getTime() > now.getTime() - AFTER_MS)
    .map((d) => new Date(d.getTime() + AFTER_MS));
}

/** Enqueues (inside the save's transaction) the refresh at each future boundary; call `getJobs()` before the transaction. */
export async function scheduleCampaignBoundaries(tx: DbOrTx, row: { id: number; slug: string; startsAt: Date | null; endsAt: Date | null }, now = new Date()): Promise<void> {
  for (const at of boundariesOf(row, now)) {
    await enqueue(tx, JOB_QUEUES.campaignBoundary, { campaignId: row.id, slug: row.slug }, { singletonKey: `campaign-boundary:${row.id}:${row.slug}:${at.toISOString()}`, startAfter: at });
  }
}

/** The job: refresh whatever shows the campaign (its slug now, and the one it was scheduled with). */
export async function runCampaignBoundary(data: { campaignId: number; slug: string }): Promise<void> {
  const db = await getDb();
  const [row] = await db.select({ slug: campaigns.slug }).from(campaigns).where(eq(campaigns.id, data.campaignId));
  await invalidateCache([cacheTags.campaigns, cacheTags.campaign(data.slug), ...(row ? [cacheTags.campaign(row.slug)] : [])], { reason: 'campaign-boundary' });
}

registerJobHandler(JOB_QUEUES.campaignBoundary, runCampaignBoundary);
