import { campaignCreateSchema } from '@/lib/validation/admin-campaign';
import { apiRoute } from '@/server/api/route';
import { createCampaign } from '@/server/campaigns/admin';
import { campaignJson, listCurrentCampaigns } from '@/server/campaigns/queries';

export const dynamic = 'force-dynamic';

/** GET /api/campaigns — the current campaigns (public read; spec 7). */
export const GET = apiRoute({ cache: { maxAge: 60, staleWhileRevalidate: 300 } }, async () => ({
  data: (await listCurrentCampaigns()).map(campaignJson),
}));

/**
 * POST /api/campaigns (spec 7; session cookie or bearer, `manage_campaigns`): creates a campaign
 * from title, slug?, description?, category?, image?, starts_at?, ends_at?, active?, featured?,
 * product_codes?; answers it (201) with its id, slug and version.
 */
export const POST = apiRoute({ auth: 'required', permission: 'manage_campaigns', body: campaignCreateSchema }, async ({ body, viewer }) => ({
  data: await createCampaign(body, viewer),
  status: 201,
}));
