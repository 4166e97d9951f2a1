import { facetQueryEntries, parseFacetSelection } from './facets';
import type { ListingResult } from './types';

/**
 * Query parameters of /produtos (spec 2.5): view, brand (slug, id or no-brand), search, chapter,
 * family, t, page; and, within a family, technical-attribute filters `f.<attribute>=<key>,…`.
 */
export const PAGE_SIZE = 50;

export interface ListingParams {
  view?: 'all';
  brand?: string;
  search?: string;
  chapter?: string;
  family?: string;
  page: number;
  /** Technical-attribute filters: attribute slug → value keys (see facets.ts). */
  attrs?: Record<string, string[]>;
}

type RawParams = Record<string, string | string[] | undefined>;

function first(value: string | string[] | undefined): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  const trimmed = v?.trim();
  return trimmed ? trimmed : undefined;
}

export function parseListingParams(raw: RawParams): ListingParams {
  const page = Number(first(raw.page) ?? '1');
  return {
    view: first(raw.view) === 'all' ? 'all' : undefined,
    brand: first(raw.brand)?.slice(0, 80),
    search: first(raw.search)?.slice(0, 120),
    chapter: first(raw.chapter)?.slice(0, 80),
    family: first(raw.family)?.slice(0, 80),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    attrs: parseFacetSelection(raw),
  };
}

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

/** 'Nenhum produto encontrado com …' composed from the active filters (spec 8). */
export function emptyListingMessage(r: Pick<ListingResult, 'search' | 'brand' | 'family' | 'chapter'> & { facets?: ListingResult['facets'] }): string {
  const parts: string[] = [];
  if (r.search) parts.push(`a pesquisa «${r.search}»`);
  if (r.brand) parts.push(r.brand.id === 'no-brand' ? 'produtos sem marca' : `a marca ${r.brand.name}`);
  if (r.family) parts.push(`a família ${r.family.title}`);
  else if (r.chapter) parts.push(`a categoria ${r.chapter.title}`);
  for (const facet of r.facets ?? []) {
    const chosen = facet.options.filter((o) => o.active).map((o) => o.label);
    if (chosen.length) parts.push(`${facet.name} ${chosen.join(' ou ')}`);
  }
  if (parts.length === 0) return 'Nenhum produto disponível';
  const last = parts.pop();
  return `Nenhum produto encontrado com ${parts.length ? `${parts.join(', ')} e ${last}` : last}.`;
}
