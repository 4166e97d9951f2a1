import { NextResponse } from 'next/server';
import { viewerFromHeaders } from '@/server/auth/session';

export const dynamic = 'force-dynamic';

/**
 * GET /api/session: the signed-in user of this request (cookie or bearer), or null. The shared,
 * cached pages carry nothing personal: the header's user block, badge and menu read this.
 * Always `private, no-store`.
 */
export async function GET(request: Request) {
  const viewer = await viewerFromHeaders(request.headers).catch(() => null);
  return NextResponse.json(
    { success: true, data: { viewer } },
    { headers: { 'Cache-Control': 'private, no-store', Vary: 'Cookie, Authorization' } },
  );
}
