import 'server-only';
import { eq } from 'drizzle-orm';
import { PAGE_SIZE, type ListingParams } from '@/lib/catalogue/listing';
import { getDb } from '@/server/db/client';
import { brands } from '@/server/db/schema';
import { searchProducts } from '@/server/search';
import { listProducts } from './products';
import type { ChapterInfo, FamilyInfo, ListingResult, ResolvedBrand } from '@/lib/catalogue/types';
import { getChapter, getFamily } from './queries';
import { getFamilyFacets } from './facets';

/** `brand` is a slug, an id or `no-brand`; an unknown one matches nothing (id null). */
export async function resolveBrand(value: string | undefined): Promise<ResolvedBrand | null> {
  if (!value) return null;
  if (value === 'no-brand') return { id: 'no-brand', name: 'Sem marca', slug: 'no-brand' };
  const db = await getDb();
  const where = /^\d+$/.test(value) ? eq(brands.id, Number(value)) : eq(brands.slug, value);
  const [row] = await db.select({ id: brands.id, name: brands.name, slug: brands.slug }).from(brands).where(where);
  return row ?? { id: null, name: value, slug: value };
}

/**
 * One page of the product listing for the given path context (chapter/family from the route)
 * and query parameters. Free text goes through the search engine (relevance order), the rest
 * through the catalogue listing (name order).
 */
export async function getListing(
  params: ListingParams,
  context: { chapter?: ChapterInfo | null; family?: FamilyInfo | null } = {},
): Promise<ListingResult> {
  let chapter = context.chapter ?? null;
  let family = context.family ?? null;
  if (!chapter && params.chapter) chapter = await getChapter(params.chapter);
  if (chapter && !family && params.family) family = await getFamily(chapter.code, params.family);
  const brand = await resolveBrand(params.brand);
  const offset = (params.page - 1) * PAGE_SIZE;
  const search = params.search ?? null;

  if (brand && brand.id === null) {
    return { chapter, family, brand, search, facets: [], page: { items: [], total: 0, limit: PAGE_SIZE, offset } };
  }
  const brandFilter = brand?.id === null ? undefined : (brand?.id ?? undefined);
  const { facets, productIds } = family ? await getFamilyFacets(family.id, params.attrs ?? {}, brandFilter) : { facets: [], productIds: null };
  const filters = {
    chapterCode: chapter?.code,
    familyCode: family?.code,
    brand: brandFilter,
    productIds: productIds ?? undefined,
  };
  if (search) {
    const result = await searchProducts({ q: search, limit: PAGE_SIZE, offset, sort: 'relevance', order: 'desc', ...filters });
    return { chapter, family, brand, search, facets, page: { items: result.items, total: result.total, limit: PAGE_SIZE, offset } };
  }
  const page = await listProducts(filters, { limit: PAGE_SIZE, offset });
  return { chapter, family, brand, search, facets, page };
}

export { emptyListingMessage } from '@/lib/catalogue/listing';
