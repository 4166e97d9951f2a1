import { apiRoute } from '@/server/api/route';
import { listPartnerLogos } from '@/server/catalogue/partners';

export const dynamic = 'force-dynamic';

/** GET /api/partner-logos — `{ success, data: { logos: [{ name, url, extension }] } }` (spec 7). */
export const GET = apiRoute({ cache: { maxAge: 300, staleWhileRevalidate: 3600 } }, async () => ({
  data: { logos: await listPartnerLogos() },
}));
