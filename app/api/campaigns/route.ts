import { apiRoute } from '@/server/api/route';
import { campaignJson, listCurrentCampaigns } from '@/server/campaigns/queries';

export const dynamic = 'force-dynamic';

/** GET /api/campaigns — the current campaigns (public read; spec 7). */
export const GET = apiRoute({ cache: { maxAge: 60, staleWhileRevalidate: 300 } }, async () => ({
  data: (await listCurrentCampaigns()).map(campaignJson),
}));
