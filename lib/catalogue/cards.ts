import { familyPath } from '@/lib/catalogue/urls';
import type { ProductCardData, ProductSummary } from './types';

export function toCardData(p: ProductSummary): ProductCardData {
  return {
    productCode: p.productCode,
    name: p.seoName || p.name,
    imageUrl: p.imageUrl,
    path: p.path,
    brandName: p.brandName,
    brandSlug: p.brandSlug,
    brandLogoUrl: p.brandLogoUrl,
    familyTitle: p.familyTitle,
    familyPath: familyPath(p.chapterSlug, p.familySlug),
    availableSizes: p.availableSizes,
    stockStatus: p.stockStatus,
  };
}
