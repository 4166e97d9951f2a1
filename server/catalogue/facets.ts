import 'server-only';
import { and, eq } from 'drizzle-orm';
import { buildFacets, hasFacetSelection, type Facet, type FacetSelection } from '@/lib/catalogue/facets';
import { cachedRead } from '@/server/cache/read';
import { cacheLife, cacheTags } from '@/server/cache/tags';
import { getDb } from '@/server/db/client';
import { inventoryProducts, modelAttributes, products } from '@/server/db/schema';

/**
 * Technical-attribute filters of a family (see lib/catalogue/facets.ts), for the listing pages and
 * both product APIs alike (through `getListing`). The facets of a family, a selection and a brand
 * are kept in the shared cache (tags: catalogue, the family; the shorter search lifetime, since
 * selections are many).
 */

export interface FamilyFacets {
  facets: Facet[];
  /** Products matching the selection; null when nothing is selected. */
  productIds: number[] | null;
}

async function readFamilyFacets(
  familyId: number,
  _familyCode: string,
  selection: FacetSelection,
  brand: number | 'no-brand' | null,
): Promise<FamilyFacets> {
  const db = await getDb();
  const rows = await db
    .select({
      productId: inventoryProducts.productId,
      modelId: modelAttributes.modelId,
      name: modelAttributes.name,
      value: modelAttributes.value,
      unit: modelAttributes.unit,
      brandId: products.brandId,
    })
    .from(modelAttributes)
    .innerJoin(inventoryProducts, eq(inventoryProducts.id, modelAttributes.modelId))
    .innerJoin(products, eq(products.id, inventoryProducts.productId))
    .where(and(eq(products.familyId, familyId), eq(products.active, true), eq(inventoryProducts.productStatus, 'active')));
  const eligible =
    brand === null ? null : new Set(rows.filter((r) => (brand === 'no-brand' ? r.brandId === null : r.brandId === brand)).map((r) => r.productId));
  const built = buildFacets(rows, selection, eligible);
  return hasFacetSelection(selection) ? built : { facets: built.facets, productIds: null };
}

/** Facets of a family for the listing, restricted to a brand when one is chosen (null: any brand). */
export const getFamilyFacets = cachedRead('family-facets', readFamilyFacets, {
  tags: (_id, familyCode) => [cacheTags.catalogue, cacheTags.family(familyCode)],
  revalidate: cacheLife.search,
});
