import 'server-only';
import { familyPath } from '@/lib/catalogue/urls';
import type { ProductSummary } from '@/server/catalogue/types';

/**
 * The JSON shape of a search result (spec 3, "Search result"), shared by the search route, the
 * by-chapter listing route and other product lists (campaigns, listings). No prices: they are
 * not public (visitors see none; prices come from an authenticated endpoint).
 */
export interface SearchResultJson {
  id: number;
  product_code: string;
  name: string;
  seo_optimized_name: string | null;
  description: string | null;
  image_url: string;
  main_photo_url: string;
  available_sizes: string[];
  brand_logo_url: string | null;
  /** Family title (the spec's "category"). */
  category: string;
  /** Chapter title. */
  chapter: string;
  /** Family title. */
  family: string;
  chapter_code: number;
  family_code: string;
  brand: string | null;
  brand_id: number | null;
  official_site: string | null;
  /** Not part of the summary shape: null here, full text on the product page. */
  informacao_adicional: string | null;
  created_at: string;
  updated_at: string;
  /** Product page path. */
  url: string;
  /** For building links without another request: brand listing, family page, stock badge. */
  brand_slug: string | null;
  family_url: string;
  stock_status: 'in_stock' | 'out_of_stock' | 'on_order';
}

/** A listing row of GET /api/products/by-chapter: the search result plus listing fields. */
export interface ListingResultJson extends SearchResultJson {
  brand_name: string | null;
  /** Number of models of the product. */
  product_count: number;
  /** Prices are never public: always null here. */
  min_price: null;
  max_price: null;
  product_notes: null;
}

export function toSearchResultJson(p: ProductSummary): SearchResultJson {
  return {
    id: p.id,
    product_code: p.productCode,
    name: p.name,
    seo_optimized_name: p.seoName,
    description: p.description,
    image_url: p.imageUrl,
    main_photo_url: p.imageUrl,
    available_sizes: p.availableSizes,
    brand_logo_url: p.brandLogoUrl,
    category: p.familyTitle,
    chapter: p.chapterTitle,
    family: p.familyTitle,
    chapter_code: p.chapterCode,
    family_code: p.familyCode,
    brand: p.brandName,
    brand_id: p.brandId,
    official_site: p.officialSite,
    informacao_adicional: null,
    created_at: p.createdAt,
    updated_at: p.updatedAt,
    url: p.path,
    brand_slug: p.brandSlug,
    family_url: familyPath(p.chapterSlug, p.familySlug),
    stock_status: p.stockStatus,
  };
}

export function toListingResultJson(p: ProductSummary): ListingResultJson {
  return {
    ...toSearchResultJson(p),
    brand_name: p.brandName,
    product_count: p.modelCount,
    min_price: null,
    max_price: null,
    product_notes: null,
  };
}
