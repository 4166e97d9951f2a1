import { getServerSideSitemap } from 'next-sitemap';
import { siteUrl } from '@/lib/env';
import { handleApiError } from '@/server/api/errors';
import { listSitemapEntries } from '@/server/catalogue/sitemap';

export const dynamic = 'force-dynamic';

/** sitemap.xml of every indexable URL, built from the database by next-sitemap's server-side builder. */
export async function GET() {
  try {
    const base = siteUrl();
    const entries = await listSitemapEntries();
    return getServerSideSitemap(
      entries.map((e) => ({ loc: `${base}${e.path}`, lastmod: e.lastmod, priority: e.priority, changefreq: e.changefreq })),
      { 'Cache-Control': 'public, max-age=3600' },
    );
  } catch (err) {
    return handleApiError(err);
  }
}
