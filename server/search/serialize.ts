import 'server-only';
import { familyPath } from '@/lib/catalogue/urls';
import type { ListingResultJson, ProductSummary, SearchResultJson } from '@/lib/catalogue/types';

/**
 * The JSON shapes of the public product APIs (types in lib/catalogue/types.ts, shared with the
 * infinite scroll). No prices: they are not public (prices come from an authenticated endpoint).
 */
export type { ListingResultJson, SearchResultJson };

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
