import { NextResponse } from 'next/server';
import { AppError, errorResponse, handleApiError } from '@/server/api/errors';
import { campaignJson, getCurrentCampaign } from '@/server/campaigns/queries';
import { toSearchResultJson } from '@/server/search/serialize';

export const dynamic = 'force-dynamic';

/** GET /api/campaigns/{id} — one current campaign by id or slug, with its products; 404 otherwise. */
export async function GET(_request: Request, context: { params: Promise<{ id: string }> }) {
  try {
    const { id } = await context.params;
    if (!/^(\d{1,9}|[a-z0-9-]{1,120})$/.test(id)) {
      return errorResponse(new AppError({ code: 'bad_request', message: 'Identificador de campanha inválido.' }));
    }
    const campaign = await getCurrentCampaign(/^\d+$/.test(id) ? Number(id) : id);
    if (!campaign) return errorResponse(new AppError({ code: 'not_found', message: 'Campanha não encontrada.' }));
    return NextResponse.json(
      { success: true, data: { ...campaignJson(campaign), products: campaign.products.map(toSearchResultJson) } },
      { headers: { 'Cache-Control': 'public, max-age=60, stale-while-revalidate=300' } },
    );
  } catch (err) {
    return handleApiError(err);
  }
}
