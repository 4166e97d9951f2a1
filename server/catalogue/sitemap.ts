import 'server-only';
import { cachedRead } from '@/server/cache/read';
import { cacheTags } from '@/server/cache/tags';
import { eq, sql } from 'drizzle-orm';
import { chapterPath, familyPath } from '@/lib/catalogue/urls';
import { getDb } from '@/server/db/client';
import { brands, chapters, families, products } from '@/server/db/schema';
import { listCurrentCampaigns } from '@/server/campaigns/queries';
import { campaignPath } from '@/lib/catalogue/urls';

export interface SitemapEntry {
  path: string;
  lastmod?: string;
  priority: number;
  changefreq: 'daily' | 'weekly' | 'monthly' | 'yearly';
}

const STATIC_PAGES: SitemapEntry[] = [
  { path: '/', priority: 1, changefreq: 'daily' },
  { path: '/produtos', priority: 0.9, changefreq: 'daily' },
  { path: '/produtos-por-marca', priority: 0.7, changefreq: 'weekly' },
  { path: '/campanhas', priority: 0.7, changefreq: 'daily' },
  { path: '/catalogos', priority: 0.5, changefreq: 'monthly' },
  { path: '/catalogos-fabrica', priority: 0.5, changefreq: 'monthly' },
  { path: '/fichas-tecnicas', priority: 0.5, changefreq: 'weekly' },
  { path: '/sobre', priority: 0.5, changefreq: 'yearly' },
  { path: '/contacto', priority: 0.6, changefreq: 'yearly' },
  { path: '/pro', priority: 0.6, changefreq: 'yearly' },
  { path: '/garantias-e-assistencia', priority: 0.3, changefreq: 'yearly' },
  { path: '/condicoes-gerais-de-venda', priority: 0.3, changefreq: 'yearly' },
  { path: '/sitemap', priority: 0.3, changefreq: 'monthly' },
];

/** Every indexable URL of the shop, from the database (sitemap.xml). */
async function readListSitemapEntries(): Promise<SitemapEntry[]> {
  const db = await getDb();
  const [chapterRows, familyRows, productRows, brandRows, campaigns] = await Promise.all([
    db.select({ slug: chapters.slug, updatedAt: chapters.updatedAt }).from(chapters),
    db.select({ slug: families.slug, chapterSlug: chapters.slug, updatedAt: families.updatedAt }).from(families).innerJoin(chapters, eq(chapters.code, families.chapterCode)),
    db
      .select({ code: products.productCode, familySlug: families.slug, chapterSlug: chapters.slug, updatedAt: products.updatedAt })
      .from(products)
      .innerJoin(families, eq(families.id, products.familyId))
      .innerJoin(chapters, eq(chapters.code, products.chapterCode))
      .where(eq(products.active, true))
      .orderBy(products.productCode),
    db.select({ slug: brands.slug }).from(brands).where(sql`EXISTS (SELECT 1 FROM products p WHERE p.brand_id = ${brands.id} AND p.active)`),
    listCurrentCampaigns(),
  ]);
  return [
    ...STATIC_PAGES,
    ...chapterRows.map((c) => ({ path: chapterPath(c.slug), lastmod: c.updatedAt.toISOString(), priority: 0.8, changefreq: 'weekly' as const })),
    ...familyRows.map((f) => ({ path: familyPath(f.chapterSlug, f.slug), lastmod: f.updatedAt.toISOString(), priority: 0.7, changefreq: 'weekly' as const })),
    ...brandRows.map((b) => ({ path: `/produtos?brand=${b.slug}`, priority: 0.5, changefreq: 'weekly' as const })),
    ...campaigns.map((c) => ({ path: campaignPath(c.slug), priority: 0.6, changefreq: 'weekly' as const })),
    ...productRows.map((p) => ({
      path: `/produtos/${p.chapterSlug}/${p.familySlug}/${encodeURIComponent(p.code)}`,
      lastmod: p.updatedAt.toISOString(),
      priority: 0.6,
      changefreq: 'weekly' as const,
    })),
  ];
}

/** Cached: the same for every visitor, refreshed when the catalogue changes (server/cache). */
export const listSitemapEntries = cachedRead('sitemap-entries', readListSitemapEntries, { tags: [cacheTags.catalogue, cacheTags.campaigns, cacheTags.brands] });
