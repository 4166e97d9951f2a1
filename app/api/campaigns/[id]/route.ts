import { z } from 'zod';
import { apiRoute } from '@/server/api/route';
import { AppError } from '@/server/api/errors';
import { campaignJson, getCurrentCampaign } from '@/server/campaigns/queries';
import { toSearchResultJson } from '@/server/search/serialize';

export const dynamic = 'force-dynamic';

const params = z.object({
  id: z.string().regex(/^(\d{1,9}|[a-z0-9-]{1,120})$/, 'Identificador de campanha inválido.'),
});

/** GET /api/campaigns/{id} — one current campaign by id or slug, with its products; 404 otherwise. */
export const GET = apiRoute({ params, cache: { maxAge: 60, staleWhileRevalidate: 300 } }, async ({ params: { id } }) => {
  // Up to 9 digits is an id (an integer column); longer digit strings can only be slugs.
  const campaign = await getCurrentCampaign(/^\d{1,9}$/.test(id) ? Number(id) : id);
  if (!campaign) throw new AppError({ code: 'not_found', message: 'Campanha não encontrada.' });
  return { data: { ...campaignJson(campaign), products: campaign.products.map(toSearchResultJson) } };
});
