import { facetQueryEntries } from './facets';
import type { ListingParams } from './listing-query';
import type { ListingResult } from './types';

/**
 * Listing links and texts shared by the listing pages (parsing of their parameters, with zod,
 * lives in listing-query.ts): view, brand (slug, id or no-brand), search, chapter, family, t,
 * page; and, within a family, technical-attribute filters `f.<attribute>=<key>,…`.
 */
export { PAGE_SIZE, parseListingParams, type ListingParams } from './listing-query';

/** True when /produtos should show products rather than the chapter grid (spec 4, product listing). */
export function isProductsMode(p: ListingParams): boolean {
  return Boolean(p.search || p.view || p.brand || p.chapter || p.family);
}

/** Builds a listing URL from a base path and parameters, dropping empty ones (and page 1). */
export function listingHref(basePath: string, params: Partial<ListingParams>): string {
  const qs = new URLSearchParams();
  if (params.search) qs.set('search', params.search);
  if (params.view) qs.set('view', params.view);
  if (params.chapter) qs.set('chapter', params.chapter);
  if (params.family) qs.set('family', params.family);
  if (params.brand) qs.set('brand', params.brand);
  if (params.attrs) for (const [name, value] of facetQueryEntries(params.attrs)) qs.set(name, value);
  if (params.page && params.page > 1) qs.set('page', String(params.page));
  const s = qs.toString();
  return s ? `${basePath}?${s}` : basePath;
}

/**
 * 'Nenhum produto encontrado com …' composed from the active filters (spec 8), an unknown chapter,
 * family or brand named as given; a query that cannot be answered says why.
 */
export function emptyListingMessage(
  r: Pick<ListingResult, 'search' | 'brand' | 'family' | 'chapter'> & { facets?: ListingResult['facets']; problem?: ListingResult['problem'] },
): string {
  const problem = r.problem ?? null;
  if (problem?.code === 'bad_request') return problem.message;
  const unknown = (field: string) => (problem?.field === field ? problem.value : null);
  const parts: string[] = [];
  if (r.search) parts.push(`a pesquisa «${r.search}»`);
  if (r.brand) parts.push(r.brand.id === 'no-brand' ? 'produtos sem marca' : `a marca ${r.brand.name}`);
  else if (unknown('brand')) parts.push(`a marca ${unknown('brand')}`);
  if (r.family) parts.push(`a família ${r.family.title}`);
  else if (unknown('family')) parts.push(`a família ${unknown('family')}`);
  else if (r.chapter) parts.push(`a categoria ${r.chapter.title}`);
  else if (unknown('chapter')) parts.push(`a categoria ${unknown('chapter')}`);
  for (const facet of r.facets ?? []) {
    const chosen = facet.options.filter((o) => o.active).map((o) => o.label);
    if (chosen.length) parts.push(`${facet.name} ${chosen.join(' ou ')}`);
  }
  if (parts.length === 0) return 'Nenhum produto disponível';
  const last = parts.pop();
  return `Nenhum produto encontrado com ${parts.length ? `${parts.join(', ')} e ${last}` : last}.`;
}

/**
 * The API the infinite scroll continues a listing page with (spec 7): the search when there is
 * free text, by-chapter otherwise, with the resolved chapter, family and brand of the page (by
 * code and id) and its technical filters, without limit and offset.
 */
export function listingApiUrl(result: ListingResult, attrs: Record<string, string[]>): string {
  const qs = new URLSearchParams();
  if (result.family) for (const [name, value] of facetQueryEntries(attrs)) qs.set(name, value);
  const brand = result.brand && result.brand.id !== null ? String(result.brand.id) : null;
  if (result.search) {
    qs.set('q', result.search);
    qs.set('sort', 'relevance');
    if (result.chapter) qs.set('chapter', String(result.chapter.code));
    if (result.family) qs.set('family', result.family.code);
    if (brand) qs.set('brand', brand);
    return `/api/products/search?${qs}`;
  }
  if (result.chapter) qs.set('chapter', String(result.chapter.code));
  if (result.family) qs.set('family', result.family.code);
  if (brand) qs.set('brand_id', brand);
  qs.set('sort', 'name');
  qs.set('order', 'asc');
  return `/api/products/by-chapter?${qs}`;
}
