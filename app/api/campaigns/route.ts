import { NextResponse } from 'next/server';
import { handleApiError } from '@/server/api/errors';
import { campaignJson, listCurrentCampaigns } from '@/server/campaigns/queries';

export const dynamic = 'force-dynamic';

/** GET /api/campaigns — the current campaigns (public read; spec 7). */
export async function GET() {
  try {
    const campaigns = await listCurrentCampaigns();
    return NextResponse.json(
      { success: true, data: campaigns.map(campaignJson) },
      { headers: { 'Cache-Control': 'public, max-age=60, stale-while-revalidate=300' } },
    );
  } catch (err) {
    return handleApiError(err);
  }
}
