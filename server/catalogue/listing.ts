import 'server-only';
import type { ListingQuery, ListingResult, ListingSort, Page, ProductSummary, SortOrder } from '@/lib/catalogue/types';
import { cachedRead } from '@/server/cache/read';
import { cacheLife, cacheTags } from '@/server/cache/tags';
import { browseProducts, isSearchTooCostly, searchProducts } from '@/server/search/engine';
import { noteSearch } from '@/server/search/search-log';
import { getFamilyFacets } from './facets';
import { listProducts } from './products';
import { resolveListingScope } from './resolve';

/**
 * The one listing use case: the listing pages (page 1, server-rendered) and both product APIs
 * (/api/products/search and /api/products/by-chapter: the infinite scroll's next pages) ask
 * `getListing` with a `ListingQuery` parsed by lib/catalogue/listing-query.ts, so every page of a
 * listing comes from the same code: one resolution of chapter, family and brand
 * (server/catalogue/resolve.ts), one facet filter, one read of products.
 *
 * A chapter, family or brand that does not exist gives an empty listing with a `problem`: the
 * page shows 'Nenhum produto encontrado com a marca …', the APIs answer 404 with the same words.
 */

/** What one page of products depends on (the key of its cached read). */
interface PageScope {
  chapterCode: number | null;
  familyCode: string | null;
  brand: number | 'no-brand' | null;
  /** Products allowed by the technical filters (null: no filter). */
  productIds: number[] | null;
  search: string | null;
  sort: ListingSort;
  order: SortOrder;
  limit: number;
  offset: number;
}

async function readPage(scope: PageScope): Promise<Page<ProductSummary>> {
  const filters = {
    chapterCode: scope.chapterCode ?? undefined,
    familyCode: scope.familyCode ?? undefined,
    brand: scope.brand ?? undefined,
    productIds: scope.productIds ?? undefined,
  };
  const { limit, offset } = scope;
  if (scope.search !== null) {
    const found = await searchProducts({ q: scope.search, limit, offset, sort: scope.sort, order: scope.order, ...filters });
    return { items: found.items, total: found.total, limit, offset };
  }
  if (scope.sort === 'name' && scope.order === 'asc') return listProducts(filters, { limit, offset });
  const page = await browseProducts(filters, { sort: scope.sort, order: scope.order, limit, offset });
  return { items: page.items, total: page.total, limit, offset };
}

function scopeTags(scope: PageScope): string[] {
  const tags: string[] = [cacheTags.catalogue];
  if (scope.chapterCode !== null) tags.push(cacheTags.chapter(scope.chapterCode));
  if (scope.familyCode !== null) tags.push(cacheTags.family(scope.familyCode));
  if (typeof scope.brand === 'number') tags.push(cacheTags.brand(scope.brand));
  return tags;
}

const readBrowsePage = cachedRead('listing-page', readPage, { tags: scopeTags, revalidate: cacheLife.catalogue });
const readSearchPage = cachedRead('listing-search', readPage, {
  tags: (scope) => [...scopeTags(scope), cacheTags.search],
  revalidate: cacheLife.search,
});

/** One page of a product listing (see the module comment). */
export async function getListing(query: ListingQuery): Promise<ListingResult> {
  const scope = await resolveListingScope(query);
  const base = { chapter: scope.chapter, family: scope.family, brand: scope.brand, search: query.search };
  if (scope.problem) {
    return { ...base, facets: [], page: { items: [], total: 0, limit: query.limit, offset: query.offset }, problem: scope.problem };
  }
  const brand = scope.brand?.id ?? null;
  const { facets, productIds } = scope.family
    ? await getFamilyFacets(scope.family.id, scope.family.code, query.attrs, brand)
    : { facets: [], productIds: null };
  const pageScope: PageScope = {
    chapterCode: scope.chapter?.code ?? null,
    familyCode: scope.family?.code ?? null,
    brand,
    productIds,
    search: query.search,
    sort: query.sort,
    order: query.order,
    limit: query.limit,
    offset: query.offset,
  };
  try {
    const page = await (query.search !== null ? readSearchPage : readBrowsePage)(pageScope);
    // The log of searches that found nothing or little (/admin/search): a whole-shop search's
    // first page (in memory; written every few seconds, never in the way of the answer).
    if (query.search !== null && query.offset === 0 && !scope.chapter && !scope.family && !scope.brand && productIds === null) {
      noteSearch(query.search, page.total);
    }
    return { ...base, facets, page, problem: null };
  } catch (err) {
    // A search cancelled by its statement timeout: the page explains, the APIs answer 400.
    if (!isSearchTooCostly(err)) throw err;
    const empty = { items: [], total: 0, limit: query.limit, offset: query.offset };
    return { ...base, facets, page: empty, problem: { code: 'bad_request', field: 'search', value: query.search ?? '', message: (err as Error).message } };
  }
}

export { emptyListingMessage } from '@/lib/catalogue/listing';
