import { z } from 'zod';
import { campaignUpdateSchema } from '@/lib/validation/admin-campaign';
import { isDbId } from '@/lib/validation/ids';
import { apiRoute } from '@/server/api/route';
import { AppError } from '@/server/errors';
import { deleteCampaign, updateCampaign } from '@/server/campaigns/admin';
import { campaignJson, getCurrentCampaign } from '@/server/campaigns/queries';
import { toSearchResultJson } from '@/server/search/serialize';

export const dynamic = 'force-dynamic';

const params = z.object({
  id: z.string().regex(/^(\d{1,9}|[a-z0-9-]{1,120})$/, 'Api.campaignIdInvalid'),
});

/** Writes name a campaign by its id; anything else names nothing (404, from the write itself). */
const idParams = z.object({ id: z.string() });

/**
 * GET /api/campaigns/{id} — one current campaign by id or slug, with its products; 404 otherwise
 * (a number too large to be an id included).
 */
export const GET = apiRoute({ params, cache: { maxAge: 60, staleWhileRevalidate: 300 } }, async ({ params: { id } }) => {
  const numeric = /^\d+$/.test(id);
  const campaign = numeric && !isDbId(id) ? null : await getCurrentCampaign(numeric ? Number(id) : id);
  if (!campaign) throw new AppError({ code: 'not_found', key: 'Admin.Campaigns.notFound' });
  return { data: { ...campaignJson(campaign), products: campaign.products.map(toSearchResultJson) } };
});

/**
 * PUT /api/campaigns/{id} (spec 7; `manage_campaigns`): changes the fields it sends (the others
 * keep their value); with `version`, a save over a newer version is refused (409 `Admin.stale`,
 * the current record in `data`). 404 for an unknown id.
 */
export const PUT = apiRoute(
  { auth: 'required', permission: 'manage_campaigns', params: idParams, body: campaignUpdateSchema },
  async ({ params: { id }, body, viewer }) => ({ data: await updateCampaign(id, body, viewer) }),
);

/** DELETE /api/campaigns/{id} (spec 7; `manage_campaigns`): 404 for an unknown id. */
export const DELETE = apiRoute({ auth: 'required', permission: 'manage_campaigns', params: idParams }, async ({ params: { id }, viewer }) => ({
  data: await deleteCampaign(id, viewer),
}));
