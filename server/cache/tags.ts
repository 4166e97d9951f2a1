import 'server-only';

/**
 * The cache vocabulary: one named tag per entity the shared (cached) pages and data show.
 * A cached read declares the tags of what it reads (`cachedRead(…, { tags })`), a cached page
 * inherits the tags of its reads, and every write calls `invalidateCache(tags)` with the tags of
 * what it changed (server/cache/invalidate.ts). `CATALOGUE` is carried by every catalogue read, so
 * invalidating it (an import, the demo seed) refreshes every catalogue page at once.
 */
export const cacheTags = {
  /** Everything that shows catalogue data (products, families, chapters, brands, counts). */
  catalogue: 'catalogue',
  /** The chapter/family tree of the mega-menu, the sidebar and the family pickers. */
  navigation: 'navigation',
  /** The shop's name, addresses, contacts and hours (header, footer, contact page). */
  shopSettings: 'shop-settings',
  /** All campaigns (lists, carousel); one campaign below. */
  campaigns: 'campaigns',
  /** All brands (brand lists, partner logos); one brand below. */
  brands: 'brands',
  /** Search and suggestion results. */
  search: 'search',
  /** Published technical sheets (the document centre; product pages carry their product's tag). */
  technicalSheets: 'technical-sheets',
  chapter: (code: number | string) => `chapter:${code}`,
  family: (code: string) => `family:${code}`,
  product: (code: string) => `product:${code}`,
  brand: (id: number | string) => `brand:${id}`,
  campaign: (slug: string) => `campaign:${slug}`,
} as const;

/** Tags a whole catalogue import or reseed invalidates. */
export const CATALOGUE_WIDE_TAGS: readonly string[] = [
  cacheTags.catalogue,
  cacheTags.navigation,
  cacheTags.brands,
  cacheTags.campaigns,
  cacheTags.search,
];

/** Lifetimes (seconds) of cached reads: a safety net, invalidation is what refreshes them. */
export const cacheLife = {
  /** Catalogue data and pages: invalidated by every write, refreshed hourly anyway. */
  catalogue: 3600,
  /** Search results and facets: many distinct keys, kept shorter. */
  search: 300,
} as const;
