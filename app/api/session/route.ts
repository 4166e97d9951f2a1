import { apiRoute } from '@/server/api/route';

export const dynamic = 'force-dynamic';

/**
 * GET /api/session: the signed-in user of this request, or null. The shared, cached pages carry
 * nothing personal: the header's user block, badge and menu read this. Always `private, no-store`.
 */
export const GET = apiRoute({ auth: 'optional', cache: 'no-store' }, async ({ viewer }) => ({
  data: { viewer },
  headers: { Vary: 'Cookie, Authorization' },
}));
