import 'server-only';
import { cachedRead } from '@/server/cache/read';
import { cacheTags } from '@/server/cache/tags';
import { sql } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { DEFAULT_GOOGLE_CATEGORY } from '@/lib/catalogue/google-taxonomy';

/** Tag of the feed's cached read: the Google category classifier invalidates it. */
export const MERCHANT_FEED_TAG = 'merchant-feed';

/** The channel's own words in the Google Merchant feed (app/feeds/google-merchant.xml). */
export const FEED_CHANNEL = {
  title: 'Casa das Águas de Gaia — catálogo',
  description: 'Canalização, sanitários, aquecimento, climatização, piscinas e combate a incêndio.',
} as const;

export interface FeedItem {
  productCode: string;
  name: string;
  description: string | null;
  chapterSlug: string;
  familySlug: string;
  familyTitle: string;
  chapterTitle: string;
  /** The product's Google category, else its family's, else the spec's default 5181. */
  googleCategory: number;
  brand: string | null;
  ean: string | null;
  mpn: string | null;
  photoPath: string | null;
  images: { url: string }[];
  minPrice: string | null;
  stockStatus: string;
}

/** Active products with a price, for the Google Merchant feed. */
async function readListFeedItems(): Promise<FeedItem[]> {
  const db = await getDb();
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT p.product_code, coalesce(p.seo_optimized_name, p.name) AS name, coalesce(p.seo_optimized_description, p.description) AS description,
      c.slug AS chapter_slug, f.slug AS family_slug, f.title AS family_title, c.title AS chapter_title,
      coalesce(p.google_category, f.google_category) AS google_category, b.name AS brand, p.ean,
      (SELECT m.code FROM inventory_products m WHERE m.product_id = p.id ORDER BY m.price, m.code LIMIT 1) AS mpn,
      p.photo_path, p.images, p.min_price::text AS min_price, p.stock_status
    FROM products p
    JOIN families f ON f.id = p.family_id
    JOIN chapters c ON c.code = p.chapter_code
    LEFT JOIN brands b ON b.id = p.brand_id
    WHERE p.active AND p.min_price > 0
    ORDER BY p.product_code`);
  return result.rows.map((r) => ({
    productCode: String(r.product_code),
    name: String(r.name),
    description: (r.description as string | null) ?? null,
    chapterSlug: String(r.chapter_slug),
    familySlug: String(r.family_slug),
    familyTitle: String(r.family_title),
    chapterTitle: String(r.chapter_title),
    googleCategory: r.google_category == null ? DEFAULT_GOOGLE_CATEGORY : Number(r.google_category),
    brand: (r.brand as string | null) ?? null,
    ean: (r.ean as string | null) ?? null,
    mpn: (r.mpn as string | null) ?? null,
    photoPath: (r.photo_path as string | null) ?? null,
    images: (typeof r.images === 'string' ? JSON.parse(r.images) : r.images) as { url: string }[],
    minPrice: (r.min_price as string | null) ?? null,
    stockStatus: String(r.stock_status),
  }));
}

/** Cached: the same for every visitor, refreshed when the catalogue changes (server/cache). */
export const listFeedItems = cachedRead('merchant-feed', readListFeedItems, { tags: [cacheTags.catalogue, MERCHANT_FEED_TAG] });
