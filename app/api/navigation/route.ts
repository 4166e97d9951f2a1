import { apiRoute } from '@/server/api/route';
import { listNavigationChapters } from '@/server/catalogue/navigation';

export const dynamic = 'force-dynamic';

/**
 * GET /api/navigation — `{ success, data: { chapters } }`: the 16 chapters with their families
 * (title, slug, 64 px card image) that the categories menu loads when it is first wanted, so the
 * tree stays out of every page's HTML. Read from the shared cache (tag `navigation`, invalidated
 * by an import); browsers and proxies keep it a minute.
 */
export const GET = apiRoute({ cache: { maxAge: 60, staleWhileRevalidate: 600 } }, async () => ({
  data: { chapters: await listNavigationChapters() },
}));
