import 'server-only';
import { lastInvalidated } from '@/server/cache/invalidate';
import { cacheTags } from '@/server/cache/tags';
import { and, eq } from 'drizzle-orm';
import { buildFacets, FACET_PARAM_PREFIX, hasFacetSelection, parseFacetSelection, type AttributeRow, type Facet, type FacetSelection } from '@/lib/catalogue/facets';
import { AppError } from '@/server/api/errors';
import { getDb, type Db } from '@/server/db/client';
import { families, inventoryProducts, modelAttributes, products } from '@/server/db/schema';

/** Catalogue changes anywhere (this process, another route bundle, another instance) make entries stale. */
const SEARCH_TAGS = [cacheTags.catalogue, cacheTags.search];

/**
 * Technical-attribute filters of a family (see lib/catalogue/facets.ts). The attribute rows of a
 * family are read once and kept for a minute per database: a family has a few hundred to a few
 * thousand of them, and every page and scroll request of its listing needs them.
 */

interface FamilyRows {
  at: number;
  generation: number;
  rows: (AttributeRow & { brandId: number | null })[];
}

const TTL_MS = 60_000;
const MAX_CACHED_FAMILIES = 200;
const cache = new WeakMap<Db, Map<number, FamilyRows>>();
let generation = 0;

async function familyRows(db: Db, familyId: number): Promise<FamilyRows['rows']> {
  let perDb = cache.get(db);
  if (!perDb) cache.set(db, (perDb = new Map()));
  const hit = perDb.get(familyId);
  if (hit && hit.generation === generation && Date.now() - hit.at < TTL_MS && lastInvalidated(SEARCH_TAGS) < hit.at) return hit.rows;
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
  if (perDb.size >= MAX_CACHED_FAMILIES) perDb.delete(perDb.keys().next().value as number);
  perDb.set(familyId, { at: Date.now(), generation, rows });
  return rows;
}

/** Forgets the cached attribute rows (after an import or an edit of the catalogue). */
export function invalidateFacets(): void {
  generation += 1;
}

export interface FamilyFacets {
  facets: Facet[];
  /** Products matching the selection; null when nothing is selected. */
  productIds: number[] | null;
}

/** Facets of a family for the listing, restricted to a brand when one is chosen. */
export async function getFamilyFacets(
  familyId: number,
  selection: FacetSelection,
  brand?: number | 'no-brand',
): Promise<FamilyFacets> {
  const db = await getDb();
  const rows = await familyRows(db, familyId);
  const eligible =
    brand === undefined ? null : new Set(rows.filter((r) => (brand === 'no-brand' ? r.brandId === null : r.brandId === brand)).map((r) => r.productId));
  const built = buildFacets(rows, selection, eligible);
  return hasFacetSelection(selection) ? built : { facets: built.facets, productIds: null };
}

/**
 * The technical-attribute filters of an API request (`f.<attribute>=<key>,…`, same as the pages)
 * as the products they allow; undefined when there are none. They need a family; a malformed one
 * is a 400 with a Portuguese message.
 */
export async function facetProductIdsFromUrl(
  url: URL,
  filters: { familyCode?: string; brand?: number | 'no-brand' },
): Promise<number[] | undefined> {
  const raw: Record<string, string[]> = {};
  for (const [key, value] of url.searchParams) if (key.startsWith(FACET_PARAM_PREFIX)) (raw[key] ??= []).push(value);
  const names = Object.keys(raw);
  if (names.length === 0) return undefined;
  const selection = parseFacetSelection(raw);
  const accepted = Object.values(selection).reduce((n, keys) => n + keys.length, 0);
  const given = new Set(Object.values(raw).flat().flatMap((v) => v.split(',')).map((v) => v.trim().toLowerCase()).filter(Boolean));
  if (Object.keys(selection).length !== names.length || accepted < given.size) {
    throw new AppError({ code: 'bad_request', message: 'Filtro técnico inválido.', details: { filters: ['Use f.<atributo>=<valor>,<valor> com letras minúsculas, números, pontos e hífenes.'] } });
  }
  if (!filters.familyCode) {
    throw new AppError({ code: 'bad_request', message: 'Os filtros técnicos exigem uma família.', details: { family: ['Indique a família (family) para filtrar por características técnicas.'] } });
  }
  const db = await getDb();
  const [family] = await db.select({ id: families.id }).from(families).where(eq(families.code, filters.familyCode));
  if (!family) return [];
  const { productIds } = await getFamilyFacets(family.id, selection, filters.brand);
  return productIds ?? undefined;
}
