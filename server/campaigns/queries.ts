import 'server-only';
import { and, asc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import { imageUrl } from '@/lib/catalogue/media';
import type { CampaignListItem } from '@/lib/campaigns/client';
import type { ProductSummary } from '@/lib/catalogue/types';
import { isDbId } from '@/lib/validation/ids';
import { cachedRead } from '@/server/cache/read';
import { cacheTags } from '@/server/cache/tags';
import { getProductSummariesByIds } from '@/server/catalogue/products';
import { getDb } from '@/server/db/client';
import { campaignProducts, campaigns, products } from '@/server/db/schema';

/** A campaign as the shop lists it: the public API's list item, every field present. */
export type CampaignSummary = Required<CampaignListItem>;

const columns = {
  id: campaigns.id,
  slug: campaigns.slug,
  title: campaigns.title,
  description: campaigns.description,
  category: campaigns.category,
  imagePath: campaigns.imagePath,
  startsAt: campaigns.startsAt,
  endsAt: campaigns.endsAt,
  featured: campaigns.featured,
  // Products no longer sold (inactive) are not part of a campaign's list nor of its count.
  productCount: sql<number>`(SELECT count(*)::int FROM campaign_products cp JOIN products p ON p.id = cp.product_id AND p.active WHERE cp.campaign_id = "campaigns"."id")`,
};

type Row = { id: number; slug: string; title: string; description: string | null; category: string | null; imagePath: string | null; startsAt: Date | null; endsAt: Date | null; featured: boolean; productCount: number };

function toSummary(r: Row): CampaignSummary {
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    description: r.description,
    category: r.category,
    imageUrl: imageUrl(r.imagePath, 'campaigns', r.slug),
    startsAt: r.startsAt?.toISOString() ?? null,
    endsAt: r.endsAt?.toISOString() ?? null,
    featured: r.featured,
    productCount: Number(r.productCount),
  };
}

/** Active campaigns whose period includes now (open-ended dates allowed), featured first. */
function currentCondition(now: Date) {
  return and(
    eq(campaigns.active, true),
    or(isNull(campaigns.startsAt), lte(campaigns.startsAt, now)),
    or(isNull(campaigns.endsAt), gte(campaigns.endsAt, now)),
  );
}

async function readCurrentCampaigns(options: { featuredOnly?: boolean; now?: Date } = {}): Promise<CampaignSummary[]> {
  const db = await getDb();
  const now = options.now ?? new Date();
  const rows = await db
    .select(columns)
    .from(campaigns)
    .where(and(currentCondition(now), options.featuredOnly ? eq(campaigns.featured, true) : undefined))
    .orderBy(sql`${campaigns.featured} DESC`, asc(campaigns.sortOrder), asc(campaigns.id));
  return rows.map(toSummary);
}

/** A current campaign by slug or id, with its products; null when missing, inactive or out of period. */
async function readCurrentCampaign(key: string | number, now = new Date()): Promise<(CampaignSummary & { products: ProductSummary[] }) | null> {
  if (typeof key === 'number' && !isDbId(key)) return null;
  const db = await getDb();
  const where = typeof key === 'number' ? eq(campaigns.id, key) : eq(campaigns.slug, key);
  const [row] = await db.select(columns).from(campaigns).where(and(where, currentCondition(now)));
  if (!row) return null;
  const links = await db
    .select({ productId: campaignProducts.productId })
    .from(campaignProducts)
    .innerJoin(products, and(eq(products.id, campaignProducts.productId), eq(products.active, true)))
    .where(eq(campaignProducts.campaignId, row.id))
    .orderBy(asc(campaignProducts.position));
  return { ...toSummary(row), products: await getProductSummariesByIds(links.map((l) => l.productId)) };
}

/*
 * Cached for the shared pages (the list, the campaign page, the home carousel) under `campaigns`
 * and `campaign:<slug>`: every admin write invalidates them, and so does the job that runs at
 * each campaign's start and end (server/campaigns/schedule.ts), so a campaign appears and
 * disappears on time although the pages are kept for an hour. A read at a given `now` (tests,
 * previews) is never cached.
 */
const cachedCurrentCampaigns = cachedRead('current-campaigns', (featuredOnly: boolean) => readCurrentCampaigns({ featuredOnly }), {
  tags: [cacheTags.campaigns],
});

const cachedCurrentCampaign = cachedRead('current-campaign', (key: string | number) => readCurrentCampaign(key), {
  tags: (key) => [cacheTags.campaigns, cacheTags.catalogue, ...(typeof key === 'string' ? [cacheTags.campaign(key)] : [])],
});

/** Active campaigns whose period includes now (open-ended dates allowed), featured first. */
export async function listCurrentCampaigns(options: { featuredOnly?: boolean; now?: Date } = {}): Promise<CampaignSummary[]> {
  return options.now ? readCurrentCampaigns(options) : cachedCurrentCampaigns(options.featuredOnly ?? false);
}

/** A current campaign by slug or id, with its products; null when missing, inactive or out of period. */
export async function getCurrentCampaign(key: string | number, now?: Date): Promise<(CampaignSummary & { products: ProductSummary[] }) | null> {
  return now ? readCurrentCampaign(key, now) : cachedCurrentCampaign(key);
}

/** The public JSON shape of spec 3/7: id, title, description, category, imageUrl (+ slug and period). */
export function campaignJson(c: CampaignSummary) {
  return {
    id: c.id,
    slug: c.slug,
    title: c.title,
    description: c.description,
    category: c.category,
    imageUrl: c.imageUrl,
    startsAt: c.startsAt,
    endsAt: c.endsAt,
    featured: c.featured,
    productCount: c.productCount,
  };
}
