/** Public paths of the catalogue (spec 2.1). Slugs come from titles (lib/slug). */
export function chapterPath(chapterSlug: string): string {
  return `/produtos/${chapterSlug}`;
}

export function familyPath(chapterSlug: string, familySlug: string): string {
  return `/produtos/${chapterSlug}/${familySlug}`;
}

/** Product detail under its chapter and family; `productCode` is the ERP's product key. */
export function productPath(chapterSlug: string, familySlug: string, productCode: string): string {
  return `/produtos/${chapterSlug}/${familySlug}/${encodeURIComponent(productCode)}`;
}

/** Short product URL used by search results and cart lines. */
export function productShortPath(productCode: string): string {
  return `/produtos/p/${encodeURIComponent(productCode)}`;
}

export function brandListingPath(brandSlug: string): string {
  return `/produtos?brand=${encodeURIComponent(brandSlug)}`;
}

export function campaignPath(slug: string): string {
  return `/campanhas/${slug}`;
}
