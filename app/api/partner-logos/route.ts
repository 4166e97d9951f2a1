import { NextResponse } from 'next/server';
import { handleApiError } from '@/server/api/errors';
import { listPartnerLogos } from '@/server/catalogue/partners';

export const dynamic = 'force-dynamic';

/** GET /api/partner-logos — `{ logos: [{ name, url, extension }] }` (spec 7). */
export async function GET() {
  try {
    const logos = await listPartnerLogos();
    return NextResponse.json({ success: true, logos }, { headers: { 'Cache-Control': 'public, max-age=300, stale-while-revalidate=3600' } });
  } catch (err) {
    return handleApiError(err);
  }
}
