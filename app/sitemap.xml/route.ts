import { getServerSideSitemap } from 'next-sitemap';
import { siteUrl } from '@/lib/env';
import { rawRoute } from '@/server/api/route';
import { listSitemapEntries } from '@/server/catalogue/sitemap';

export const dynamic = 'force-dynamic';

/** sitemap.xml of every indexable URL, built from the database by next-sitemap's server-side builder. */
export const GET = rawRoute({ cache: { maxAge: 3600 } }, async () => {
  const base = siteUrl();
  const entries = await listSitemapEntries();
  return getServerSideSitemap(
    entries.map((e) => ({ loc: `${base}${e.path}`, lastmod: e.lastmod, priority: e.priority, changefreq: e.changefreq })),
  );
});
